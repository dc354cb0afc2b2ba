export {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_TYPES,
  attachmentMessages,
  checkAttachment,
  formatFileSize,
} from "./attachments";
export { IMAGE_MAX_BYTES, imageMessages, imageSrc } from "./images";
