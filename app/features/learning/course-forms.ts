import * as z from "zod/mini";
import { adminMessages } from "./admin-messages";
import { COURSE_AUDIENCES } from "~/features/catalogue";
import { imageMessages } from "~/features/files";

/**
 * The admin panel's forms (docs/product.md §5): one schema per form, parsed by the admin actions
 * with Conform (`course-admin.server.ts`, `attachment-admin.server.ts`), which reads an empty field
 * as a missing one. zod's mini build, like every schema the browser loads: one use of full zod in a
 * bundle puts all of it (and its 60 locales) into the chunks that the account pages share (issue 12).
 */
const requiredTitle = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

/** A row's id: any text, checked where the row is looked up (a malformed id names no row, like a deleted one). */
const rowId = z._default(z.string(), "");
/** An optional text field the action reads as "" when it is empty. */
const optionalText = z._default(z.string(), "");

const AUDIENCE_KEYS = COURSE_AUDIENCES.map((audience) => audience.key) as [string, ...string[]];

const courseFields = {
  title: requiredTitle(adminMessages.courseTitleRequired),
  description: z._default(z.string().check(z.trim()), ""),
  /** 'Who can open this course' (decision 051): one of the listed products, nothing else. */
  requiredProduct: z._default(z.enum(AUDIENCE_KEYS, { error: adminMessages.courseAudienceInvalid }), "membership"),
  /** The 'Save as draft' button of a new course or chapter sends `status=draft`; anything else publishes. */
  status: z.optional(z.string()),
};

const chapterFields = {
  courseId: rowId,
  title: requiredTitle(adminMessages.chapterTitleRequired),
  content: optionalText,
  status: z.optional(z.string()),
};

/** 'Publish' / 'Unpublish' on a course or a chapter: `status` must say which, exactly. */
const publicationStatus = z.enum(["draft", "published"], {
  error: adminMessages.statusError("Choose Publish or Unpublish."),
});

/**
 * Every form of /admin, by its `intent`: the course form (a new course, or the edit of one), the
 * chapter form (likewise) and the buttons of the course list.
 */
export const adminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-course"), ...courseFields }),
  z.object({ intent: z.literal("update-course"), courseId: rowId, ...courseFields }),
  z.object({ intent: z.literal("create-chapter"), ...chapterFields }),
  z.object({ intent: z.literal("update-chapter"), chapterId: rowId, ...chapterFields }),
  z.object({ intent: z.literal("delete-course"), courseId: rowId }),
  z.object({ intent: z.literal("delete-chapter"), chapterId: rowId }),
  /** 'Move up' / 'Move down': anything else changes nothing and says nothing. */
  z.object({ intent: z.literal("move-chapter"), chapterId: rowId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("set-course-status"), courseId: rowId, status: publicationStatus }),
  z.object({ intent: z.literal("set-chapter-status"), chapterId: rowId, status: publicationStatus }),
]);
export type AdminAction = z.infer<typeof adminActionSchema>;

/** A field as typed, whatever it holds: "" when it is absent (or not text). */
const asTyped = z.catch(z.string(), "");

/**
 * The course and chapter forms as typed, valid or not: what a refused save sends back, so the form
 * comes back filled in (the admin never loses work). Never fails.
 */
export const courseDraftSchema = z.object({
  courseId: asTyped,
  title: asTyped,
  description: asTyped,
  requiredProduct: z.catch(z.string(), "membership"),
});
export const chapterDraftSchema = z.object({
  intent: asTyped,
  courseId: asTyped,
  chapterId: asTyped,
  title: asTyped,
  content: asTyped,
});

/**
 * The chapter form as it reaches /admin/attachments (issue 25, 30): its buttons name which form it
 * is, as they carry no `intent` of their own ('Upload file', 'Add image' without JavaScript), and
 * the chapter's list of files posts 'Remove' there too.
 */
export const attachmentFormKindSchema = z.object({
  upload: z.optional(z.string()),
  addImage: z.optional(z.string()),
  intent: z.optional(z.string()),
});

/**
 * 'Upload file': the chapter as typed, saved with the file. The file itself is not a field here: it
 * streams into the file store as it arrives and is checked on the way (files' uploads.server.ts),
 * so a refused file is named before the chapter's own fields.
 */
export const chapterUploadSchema = z.object({
  courseId: rowId,
  chapterId: rowId,
  title: requiredTitle(adminMessages.chapterTitleRequired),
  content: optionalText,
});

/** 'Add image' without JavaScript: the image, its alt text (required) and an optional caption. */
export const chapterImageSchema = z.object({
  courseId: rowId,
  image: z.optional(z.file()),
  imageAlt: z
    .string({ error: imageMessages.altRequired })
    .check(z.trim(), z.minLength(1, { error: imageMessages.altRequired })),
  imageCaption: z._default(z.string().check(z.trim()), ""),
});

/** 'Remove' of one of a chapter's files. */
export const removeAttachmentSchema = z.object({
  intent: z.literal("remove-attachment"),
  chapterId: rowId,
  attachmentId: rowId,
});

/** POST /admin/images (the editor's image upload): the course it belongs to and the image. */
export const imageUploadSchema = z.object({ courseId: rowId, file: z.optional(z.file()) });
