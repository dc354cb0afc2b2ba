export { CommunityLink } from "./community-link";
