export { bootstrapAdmin, runAdminCommand } from "./admin-accounts.server";
export type { AdminCommandIo } from "./admin-accounts.server";
export { removeTwoFactor, retryFailedEmail, sendSignInLink, signOutEverywhere } from "./member-admin.server";
export { addMember, confirmImport, previewImport } from "./member-import.server";
export type { RowOutcome } from "./member-import.server";
export { findMemberOr404, memberHeader, memberIdOr404, memberProfile, memberSignInHelp } from "./member-page.server";
export { searchMembers } from "./member-store.server";
export { membersCsv } from "./members-csv.server";
