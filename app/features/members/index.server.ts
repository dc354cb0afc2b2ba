export { bootstrapAdmin, runAdminCommand } from "./admin-accounts.server";
export type { AdminCommandIo } from "./admin-accounts.server";
export {
  grantComplimentaryAccess,
  grantProduct,
  removeTwoFactor,
  retryFailedEmail,
  revokeComplimentaryAccess,
  revokeProductAccess,
  sendSignInLink,
  signOutEverywhere,
} from "./member-admin.server";
export { addMember, confirmImport, previewImport } from "./member-import.server";
export type { RowOutcome } from "./member-import.server";
export {
  accessAction,
  findMemberOr404,
  formText,
  memberHeader,
  memberIdOr404,
  memberProfile,
  memberSignInHelp,
} from "./member-page.server";
export type { AccessFailure } from "./member-page.server";
export { getMember, searchMembers } from "./member-store.server";
export { membersCsv } from "./members-csv.server";
