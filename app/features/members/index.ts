export {
  ACCESS_FILTERS,
  GRANT_REASON_MAX,
  IMPORT_MAX_BYTES,
  MEMBERS_PER_PAGE,
  describeAccess,
  memberQueryString,
  parseGrantForm,
  parseMemberQuery,
} from "./member-admin";
export { checkMember } from "./member-import";
