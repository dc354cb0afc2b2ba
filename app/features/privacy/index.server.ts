export { saveConsentChoice } from "./consent.server";
export { startMaintenance, stopMaintenance } from "./maintenance.server";
export {
  DELETION_LINK_UNUSABLE,
  deleteOwnAccount,
  deletionLinkAccount,
  eraseAccountByLink,
  eraseLead,
  eraseMemberByAdmin,
  exportPersonalData,
  memberPrivacyView,
  personalDataResponse,
} from "./privacy.server";
export { retentionDays, retentionReport } from "./retention.server";
