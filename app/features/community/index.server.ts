export { readCommunityOverride } from "./community-settings.server";
export {
  communityInviteUrl,
  communityLinkSet,
  saveCommunityInviteUrl,
  startCommunityRefresh,
  stopCommunityRefresh,
} from "./community.server";
