import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import * as z from "zod/mini";
import { adminMessages as say } from "./admin-messages";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { createChapter, deleteChapter, moveChapter, setChapterStatus, updateChapter } from "./chapter-store.server";
import { createCourse, deleteCourse, setCourseStatus, updateCourse } from "./course-store.server";
import { adminHref, courseHref, parseAdminView, type AdminView } from "./admin-view";
import { redirectWithFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { sanitizeChapterHtml } from "./html-sanitizer.server";
import { adminActionSchema, chapterDraftSchema, courseDraftSchema, type AdminAction } from "./course-forms";
import { firstError } from "~/platform/forms/submission-errors";
import { isUuid } from "~/platform/uuid";
import { log } from "~/platform/log.server";

/**
 * Every admin write, one `intent` per form. A failed save answers with everything the admin
 * typed and the reason, so the form comes back filled in (the admin never loses work); a
 * successful write redirects with the spec's message as a flash.
 */
export type CourseFormFailure = {
  form: "course";
  courseId: string | null;
  values: { title: string; description: string; required_product: string };
  error: string;
};
export type ChapterFormFailure = {
  form: "chapter";
  courseId: string;
  chapterId: string | null;
  values: { title: string; content: string };
  error: string;
  /** Not a failure: the form comes back as typed with this said (an image added without JavaScript). */
  notice?: string;
};
export type AdminActionFailure = CourseFormFailure | ChapterFormFailure;

type Action<Intent extends AdminAction["intent"]> = Extract<AdminAction, { intent: Intent }>;
type Outcome<T> = { ok: true; value: T } | { ok: false };

/** A new course or chapter is published unless the form's 'Save as draft' button sent `status=draft`. */
function statusOf(form: { status?: string }): PublicationStatus {
  return form.status === "draft" ? "draft" : "published";
}

/** Unexpected failures are logged in full; the admin sees 'Unknown error', never internals. */
async function attempt<T>(label: string, work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    log.error({ action: label, err: error }, "an admin action failed");
    return { ok: false };
  }
}

/** Runs a write on an id from the form; a malformed id names no row, like a deleted one. */
function onId<T>(
  id: string | undefined,
  label: string,
  work: (id: string) => Promise<T | null>,
): Promise<Outcome<T | null>> {
  return isUuid(id) ? attempt(label, () => work(id)) : Promise.resolve({ ok: true, value: null });
}

/** The course form refused, as typed, with why. */
function courseFailure(payload: unknown, error: string, status: number) {
  const typed = z.parse(courseDraftSchema, payload);
  const courseId = z.parse(chapterDraftSchema, payload).intent === "update-course" ? typed.courseId : null;
  const values = { title: typed.title, description: typed.description, required_product: typed.requiredProduct };
  return data<AdminActionFailure>({ form: "course", courseId, values, error }, { status });
}

/** The chapter form refused, as typed, with why. */
function chapterFailure(payload: unknown, error: string, status: number) {
  const typed = z.parse(chapterDraftSchema, payload);
  const chapterId = typed.intent === "update-chapter" ? typed.chapterId : null;
  const values = { title: typed.title, content: typed.content };
  return data<AdminActionFailure>({ form: "chapter", courseId: typed.courseId, chapterId, values, error }, { status });
}

async function saveCourse(form: Action<"create-course" | "update-course">, payload: unknown) {
  const input = { title: form.title, description: form.description, required_product: form.requiredProduct };
  const courseId = form.intent === "update-course" ? form.courseId : null;
  const saved =
    courseId === null
      ? await attempt("creating a course", () => createCourse(input, statusOf(form)))
      : await onId(courseId, "updating a course", async (id) => ((await updateCourse(id, input)) ? id : null));
  if (!saved.ok) return courseFailure(payload, say.courseSaveError(), 500);
  if (!saved.value) return courseFailure(payload, say.courseSaveError(say.courseGone), 404);
  // Creating a course expands and selects it (docs/product.md §4).
  return redirectWithFlash(courseHref(saved.value), {
    kind: "success",
    message: courseId ? say.courseUpdated : statusOf(form) === "draft" ? say.courseDraftSaved : say.courseCreated,
  });
}

async function removeCourse(form: Action<"delete-course">, view: AdminView) {
  const removed = await onId(form.courseId, "deleting a course", async (id) => ((await deleteCourse(id)) ? id : null));
  // Deleting the expanded course collapses it; deleting another keeps the expanded one open.
  const back = courseHref(view.courseId === form.courseId ? null : view.courseId);
  if (!removed.ok) return redirectWithFlash(back, { kind: "error", message: say.courseDeleteError() });
  if (!removed.value) return redirectWithFlash(back, { kind: "error", message: say.courseDeleteError(say.courseGone) });
  return redirectWithFlash(back, { kind: "success", message: say.courseDeleted });
}

async function saveChapter(form: Action<"create-chapter" | "update-chapter">, payload: unknown) {
  const input = { title: form.title, content: sanitizeChapterHtml(form.content) };
  const chapterId = form.intent === "update-chapter" ? form.chapterId : null;
  const saved =
    chapterId === null
      ? await onId(form.courseId, "creating a chapter", (id) => createChapter(id, input, statusOf(form)))
      : await onId(chapterId, "updating a chapter", async (id) => ((await updateChapter(id, input)) ? id : null));
  if (!saved.ok) return chapterFailure(payload, say.chapterSaveError(), 500);
  if (!saved.value)
    return chapterFailure(payload, say.chapterSaveError(chapterId ? say.chapterGone : say.courseGone), 404);
  return redirectWithFlash(courseHref(isUuid(form.courseId) ? form.courseId : null), {
    kind: "success",
    message: chapterId ? say.chapterUpdated : statusOf(form) === "draft" ? say.chapterDraftSaved : say.chapterCreated,
  });
}

async function removeChapter(form: Action<"delete-chapter">, view: AdminView) {
  const removed = await onId(form.chapterId, "deleting a chapter", deleteChapter);
  const back = courseHref(view.courseId);
  if (!removed.ok) return redirectWithFlash(back, { kind: "error", message: say.chapterDeleteError() });
  if (!removed.value)
    return redirectWithFlash(back, { kind: "error", message: say.chapterDeleteError(say.chapterGone) });
  return redirectWithFlash(courseHref(view.courseId ?? removed.value), {
    kind: "success",
    message: say.chapterDeleted,
  });
}

async function reorderChapter(form: Action<"move-chapter">, view: AdminView) {
  const back = adminHref(view);
  const moved = await onId(form.chapterId, "moving a chapter", (id) => moveChapter(id, form.direction));
  // Up on the first chapter (or down on the last) changes nothing and needs no message.
  return moved.ok ? redirect(back, 303) : redirectWithFlash(back, { kind: "error", message: say.chapterMoveError() });
}

/** 'Publish' / 'Unpublish' on a course or a chapter. */
async function changeStatus(form: Action<"set-course-status" | "set-chapter-status">, view: AdminView) {
  const back = adminHref(view);
  const { status } = form;
  const target = form.intent === "set-course-status" ? "course" : "chapter";
  const changed =
    form.intent === "set-course-status"
      ? await onId(form.courseId, "changing a course's status", async (id) =>
          (await setCourseStatus(id, status)) ? id : null,
        )
      : await onId(form.chapterId, "changing a chapter's status", (id) => setChapterStatus(id, status));
  if (!changed.ok) return redirectWithFlash(back, { kind: "error", message: say.statusError() });
  if (!changed.value) {
    return redirectWithFlash(back, {
      kind: "error",
      message: say.statusError(target === "course" ? say.courseGone : say.chapterGone),
    });
  }
  const published = status === "published";
  const message =
    target === "course"
      ? published
        ? say.coursePublished
        : say.courseUnpublished
      : published
        ? say.chapterPublished
        : say.chapterUnpublished;
  return redirectWithFlash(back, { kind: "success", message });
}

/**
 * A refused form: the course or chapter form comes back as typed with the schema's message; a
 * status button with no status says so; a move with no direction changes nothing and says nothing.
 */
function refuse(payload: Record<string, unknown>, error: string, view: AdminView) {
  switch (z.parse(chapterDraftSchema, payload).intent) {
    case "create-course":
    case "update-course":
      return courseFailure(payload, error, 400);
    case "create-chapter":
    case "update-chapter":
      return chapterFailure(payload, error, 400);
    case "set-course-status":
    case "set-chapter-status":
      return redirectWithFlash(adminHref(view), { kind: "error", message: error });
    case "move-chapter":
      return redirect(adminHref(view), 303);
    default:
      throw data("Unknown admin action", { status: 400 });
  }
}

/** `form`: the body when the caller read it already (/admin/attachments passes on the forms it does not handle). */
export async function handleAdminAction(request: Request, form?: FormData) {
  // Remix runs no loader before an action: the guard is checked here, for every intent.
  await requireAdmin(request);
  const submission = parseWithZod(form ?? (await request.formData()), { schema: adminActionSchema });
  const view = parseAdminView(new URL(request.url).searchParams);
  if (submission.status !== "success") return refuse(submission.payload, firstError(submission.error), view);
  const action = submission.value;
  switch (action.intent) {
    case "create-course":
    case "update-course":
      return saveCourse(action, submission.payload);
    case "delete-course":
      return removeCourse(action, view);
    case "create-chapter":
    case "update-chapter":
      return saveChapter(action, submission.payload);
    case "delete-chapter":
      return removeChapter(action, view);
    case "move-chapter":
      return reorderChapter(action, view);
    case "set-course-status":
    case "set-chapter-status":
      return changeStatus(action, view);
  }
}
