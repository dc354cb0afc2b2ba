export { listChapterAttachments } from "./attachment-store.server";
export type { AttachmentRecord, AttachmentSummary } from "./attachment-store.server";
export {
  attachFile,
  checkUpload,
  downloadResponse,
  findDownload,
  removeAttachment,
  storeAttachment,
} from "./attachments.server";
export { findImage, imageResponse, uploadImage } from "./chapter-images.server";
