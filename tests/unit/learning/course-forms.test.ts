import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  adminActionSchema,
  chapterDraftSchema,
  chapterImageSchema,
  chapterUploadSchema,
  imageUploadSchema,
  removeAttachmentSchema,
} from "~/features/learning/course-forms";
import { submit } from "../../support/form-submission";

const id = "3f0b8a4e-6d1c-4a57-9d1e-2b4c5d6e7f80";
const admin = (fields: Record<string, string>) => submit(adminActionSchema, fields);
const STATUS = "Error changing the status: Choose Publish or Unpublish.";

describe("the admin panel's forms", () => {
  it("takes a course, trimmed, open to members unless another product is chosen", () => {
    expect(admin({ intent: "create-course", title: " AI 101 ", description: " Start here " }).value).toEqual({
      intent: "create-course",
      title: "AI 101",
      description: "Start here",
      requiredProduct: "membership",
    });
    expect(admin({ intent: "update-course", courseId: id, title: "T", requiredProduct: "membership" }).value).toEqual({
      intent: "update-course",
      courseId: id,
      title: "T",
      description: "",
      requiredProduct: "membership",
    });
  });

  it("says what is wrong with a course or a chapter", () => {
    expect(admin({ intent: "create-course", title: "  " }).error).toEqual({
      title: ["Please enter a title for the course"],
    });
    expect(admin({ intent: "update-course", title: "T", requiredProduct: "everything" }).error).toEqual({
      requiredProduct: ["Choose who can open this course from the list."],
    });
    expect(admin({ intent: "update-chapter", courseId: id, chapterId: id, content: "<p>x</p>" }).error).toEqual({
      title: ["Please enter a title for the chapter"],
    });
  });

  it("takes a chapter with its content as written, and 'Save as draft'", () => {
    expect(
      admin({ intent: "create-chapter", courseId: id, title: " One ", content: " <p>Hi</p> ", status: "draft" }).value,
    ).toEqual({ intent: "create-chapter", courseId: id, title: "One", content: " <p>Hi</p> ", status: "draft" });
  });

  it("takes the course list's buttons, with a status and a direction from their lists only", () => {
    expect(admin({ intent: "set-chapter-status", chapterId: id, status: "public" }).error).toEqual({
      status: [STATUS],
    });
    expect(admin({ intent: "set-course-status", courseId: id }).error).toEqual({ status: [STATUS] });
    expect(admin({ intent: "move-chapter", chapterId: id, direction: "sideways" }).error).toHaveProperty("direction");
    expect(admin({ intent: "move-chapter", chapterId: id, direction: "up" }).value).toEqual({
      intent: "move-chapter",
      chapterId: id,
      direction: "up",
    });
    // An id is checked where its row is looked up: a malformed one is taken here, and names no row there.
    expect(admin({ intent: "delete-course", courseId: "not-an-id" }).value).toEqual({
      intent: "delete-course",
      courseId: "not-an-id",
    });
  });

  it("refuses a form with an intent it does not know", () => {
    expect(Object.keys(admin({ intent: "drop-tables" }).error ?? {})).toEqual(["intent"]);
    expect(Object.keys(admin({ title: "T" }).error ?? {})).toEqual(["intent"]);
  });

  it("gives back the chapter form as typed, whatever it holds", () => {
    expect(z.parse(chapterDraftSchema, { intent: "update-chapter", title: "", content: ["a", "b"] })).toEqual({
      intent: "update-chapter",
      courseId: "",
      chapterId: "",
      title: "",
      content: "",
    });
  });

  it("reads an upload's chapter fields (its file streams into the store, not through the schema), an empty image input as none", () => {
    expect(submit(chapterUploadSchema, { courseId: id, chapterId: id, title: "T" }).value).toEqual({
      courseId: id,
      chapterId: id,
      title: "T",
      content: "",
    });
    expect(submit(imageUploadSchema, { courseId: id, file: new File([], "") }).value).toEqual({ courseId: id });
  });

  it("wants alt text for an image added without JavaScript", () => {
    expect(submit(chapterImageSchema, { courseId: id, imageAlt: " " }).error).toEqual({
      imageAlt: ["Describe the image for those who cannot see it (alt text)."],
    });
    expect(submit(chapterImageSchema, { courseId: id, imageAlt: " A chart ", imageCaption: " Sales " }).value).toEqual({
      courseId: id,
      imageAlt: "A chart",
      imageCaption: "Sales",
    });
  });

  it("takes a file's 'Remove'", () => {
    const fields = { intent: "remove-attachment", chapterId: id, attachmentId: id };
    expect(submit(removeAttachmentSchema, fields).value).toEqual(fields);
  });
});
