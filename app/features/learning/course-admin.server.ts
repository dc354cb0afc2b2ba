import { data, redirect } from "@remix-run/node";
import { adminMessages as say } from "./admin-messages";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { createChapter, deleteChapter, moveChapter, setChapterStatus, updateChapter } from "./chapter-store.server";
import { createCourse, deleteCourse, setCourseStatus, updateCourse } from "./course-store.server";
import { adminHref, courseHref, parseAdminView, type AdminView } from "./admin-view";
import { redirectWithFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { sanitizeChapterHtml } from "./html-sanitizer.server";
import { chapterSchema, courseSchema } from "./course-forms";
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

type Fields = Partial<Record<string, string>>;
type Mode = "create" | "update";
type Outcome<T> = { ok: true; value: T } | { ok: false };

/** A new course or chapter is published unless the form's 'Save as draft' button sent `status=draft`. */
function statusOf(fields: Fields): PublicationStatus {
  return fields.status === "draft" ? "draft" : "published";
}

function readFields(formData: FormData): Fields {
  const fields: Fields = {};
  for (const [name, value] of formData) if (typeof value === "string") fields[name] = value;
  return fields;
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

async function saveCourse(fields: Fields, mode: Mode) {
  const courseId = mode === "update" ? (fields.courseId ?? "") : null;
  const values = {
    title: fields.title ?? "",
    description: fields.description ?? "",
    required_product: fields.requiredProduct ?? "membership",
  };
  const failure = (error: string, status: number) =>
    data<AdminActionFailure>({ form: "course", courseId, values, error }, { status });

  const parsed = courseSchema.safeParse(values);
  // A failed parse carries at least one issue (zod fails a parse only for one).
  if (!parsed.success) return failure(parsed.error.issues[0]!.message, 400);
  const saved =
    courseId === null
      ? await attempt("creating a course", () => createCourse(parsed.data, statusOf(fields)))
      : await onId(courseId, "updating a course", async (id) => ((await updateCourse(id, parsed.data)) ? id : null));
  if (!saved.ok) return failure(say.courseSaveError(), 500);
  if (!saved.value) return failure(say.courseSaveError(say.courseGone), 404);
  // Creating a course expands and selects it (docs/product.md §4).
  return redirectWithFlash(courseHref(saved.value), {
    kind: "success",
    message: courseId ? say.courseUpdated : statusOf(fields) === "draft" ? say.courseDraftSaved : say.courseCreated,
  });
}

async function removeCourse(fields: Fields, view: AdminView) {
  const removed = await onId(fields.courseId, "deleting a course", async (id) =>
    (await deleteCourse(id)) ? id : null,
  );
  // Deleting the expanded course collapses it; deleting another keeps the expanded one open.
  const back = courseHref(view.courseId === fields.courseId ? null : view.courseId);
  if (!removed.ok) return redirectWithFlash(back, { kind: "error", message: say.courseDeleteError() });
  if (!removed.value) return redirectWithFlash(back, { kind: "error", message: say.courseDeleteError(say.courseGone) });
  return redirectWithFlash(back, { kind: "success", message: say.courseDeleted });
}

async function saveChapter(fields: Fields, mode: Mode) {
  const courseId = fields.courseId ?? "";
  const chapterId = mode === "update" ? (fields.chapterId ?? "") : null;
  const values = { title: fields.title ?? "", content: fields.content ?? "" };
  const failure = (error: string, status: number) =>
    data<AdminActionFailure>({ form: "chapter", courseId, chapterId, values, error }, { status });

  const parsed = chapterSchema.safeParse(values);
  // A failed parse carries at least one issue (zod fails a parse only for one).
  if (!parsed.success) return failure(parsed.error.issues[0]!.message, 400);
  const input = { title: parsed.data.title, content: sanitizeChapterHtml(parsed.data.content) };
  const saved =
    chapterId === null
      ? await onId(courseId, "creating a chapter", (id) => createChapter(id, input, statusOf(fields)))
      : await onId(chapterId, "updating a chapter", async (id) => ((await updateChapter(id, input)) ? id : null));
  if (!saved.ok) return failure(say.chapterSaveError(), 500);
  if (!saved.value) return failure(say.chapterSaveError(chapterId ? say.chapterGone : say.courseGone), 404);
  return redirectWithFlash(courseHref(isUuid(courseId) ? courseId : null), {
    kind: "success",
    message: chapterId ? say.chapterUpdated : statusOf(fields) === "draft" ? say.chapterDraftSaved : say.chapterCreated,
  });
}

async function removeChapter(fields: Fields, view: AdminView) {
  const removed = await onId(fields.chapterId, "deleting a chapter", deleteChapter);
  const back = courseHref(view.courseId);
  if (!removed.ok) return redirectWithFlash(back, { kind: "error", message: say.chapterDeleteError() });
  if (!removed.value)
    return redirectWithFlash(back, { kind: "error", message: say.chapterDeleteError(say.chapterGone) });
  return redirectWithFlash(courseHref(view.courseId ?? removed.value), {
    kind: "success",
    message: say.chapterDeleted,
  });
}

async function reorderChapter(fields: Fields, view: AdminView) {
  const direction = fields.direction;
  const back = adminHref(view);
  if (direction !== "up" && direction !== "down") return redirect(back, 303);
  const moved = await onId(fields.chapterId, "moving a chapter", (id) => moveChapter(id, direction));
  // Up on the first chapter (or down on the last) changes nothing and needs no message.
  return moved.ok ? redirect(back, 303) : redirectWithFlash(back, { kind: "error", message: say.chapterMoveError() });
}

/** 'Publish' / 'Unpublish' on a course or a chapter: `status` must say which, exactly. */
async function changeStatus(fields: Fields, view: AdminView, target: "course" | "chapter") {
  const back = adminHref(view);
  const status = fields.status;
  if (status !== "draft" && status !== "published") {
    return redirectWithFlash(back, { kind: "error", message: say.statusError("Choose Publish or Unpublish.") });
  }
  const changed =
    target === "course"
      ? await onId(fields.courseId, "changing a course's status", async (id) =>
          (await setCourseStatus(id, status)) ? id : null,
        )
      : await onId(fields.chapterId, "changing a chapter's status", (id) => setChapterStatus(id, status));
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

/** `form`: the body when the caller read it already (/admin/attachments passes on the forms it does not handle). */
export async function handleAdminAction(request: Request, form?: FormData) {
  // Remix runs no loader before an action: the guard is checked here, for every intent.
  await requireAdmin(request);
  const fields = readFields(form ?? (await request.formData()));
  const view = parseAdminView(new URL(request.url).searchParams);
  switch (fields.intent) {
    case "create-course":
      return saveCourse(fields, "create");
    case "update-course":
      return saveCourse(fields, "update");
    case "delete-course":
      return removeCourse(fields, view);
    case "create-chapter":
      return saveChapter(fields, "create");
    case "update-chapter":
      return saveChapter(fields, "update");
    case "delete-chapter":
      return removeChapter(fields, view);
    case "move-chapter":
      return reorderChapter(fields, view);
    case "set-course-status":
      return changeStatus(fields, view, "course");
    case "set-chapter-status":
      return changeStatus(fields, view, "chapter");
    default:
      throw data("Unknown admin action", { status: 400 });
  }
}
