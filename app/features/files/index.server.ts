export { listChapterAttachments } from "./attachment-store.server";
export type { AttachmentRecord, AttachmentSummary } from "./attachment-store.server";
export {
  attachReceivedFile,
  downloadResponse,
  findDownload,
  removeAttachment,
  storeAttachment,
} from "./attachments.server";
export { findImage, imageResponse, uploadImage } from "./chapter-images.server";
export { discardReceivedFile, receiveAttachmentForm, UnreadableForm } from "./uploads.server";
export type { ReceivedFile, ReceivedForm, RefusedFile } from "./uploads.server";
