export { readCommunityOverride } from "./community-settings.server";
export { communityInviteUrl, saveCommunityInviteUrl } from "./community.server";
