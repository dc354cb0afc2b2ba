export { listAnnouncementProgress } from "./announcement.server";
export { findLeadEmail } from "./lead-store.server";
export { captureLeadAndConfirm } from "./leads.server";
export {
  announcementPreview,
  confirmAnnouncement,
  draftAnnouncement,
  leadsCsv,
  leadsPage,
  saveSequenceStep,
} from "./list-admin.server";
export {
  changeSubscription,
  isAddressUnsubscribed,
  NEWS_CONFIRMATION_SENT,
  readUnsubscribeToken,
  saveNewsPreference,
  writeListEmail,
} from "./mailing-list.server";
export { listSequenceSteps } from "./sequence.server";
export { newsPreference } from "./subscriptions.server";
