export { AccessFacts, ComplimentaryActions, ComplimentaryGrants, MemberProducts } from "./member-access";
export {
  ACCESS_FILTERS,
  IMPORT_MAX_BYTES,
  MEMBERS_PER_PAGE,
  describeAccess,
  memberQueryString,
  parseMemberQuery,
} from "./member-admin";
export { ActivityLog, CourseProgress } from "./member-history";
export { checkMember } from "./member-import";
export { MemberNav, MemberSummary } from "./member-layout";
export type { MemberOutletContext } from "./member-layout";
export { memberPagePath, movedIntentPath } from "./member-pages";
export { ActiveSessions, MemberEmails, SignInActions } from "./sign-in-help";
