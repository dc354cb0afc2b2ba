export { readCommunityOverride } from "./community-settings.server";
export { COMMUNITY_URL_MAX, communityInviteUrl, parseInviteUrl, saveCommunityInviteUrl } from "./community.server";
