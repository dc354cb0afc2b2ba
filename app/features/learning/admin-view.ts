import { isUuid } from "~/platform/uuid";

/**
 * The admin panel's state lives in its URL, so every control works without JavaScript and a
 * reload keeps the view: which course is expanded, and which panel is open (docs/product.md §4: course
 * form new/edit, chapter editor new/edit, and the no-JavaScript delete confirmations).
 *
 *   /admin?new=course                          course form, new
 *   /admin?course=C                            course C expanded
 *   /admin?course=C&edit=course                course form, editing C
 *   /admin?course=C&new=chapter                chapter editor, new chapter in C
 *   /admin?course=C&edit=chapter:H             chapter editor, editing H
 *   /admin?course=C&delete=course              confirm deleting C
 *   /admin?course=C&delete=chapter:H           confirm deleting H
 */
export type AdminPanel =
  | { kind: "none" }
  | { kind: "new-course" }
  | { kind: "edit-course" }
  | { kind: "delete-course" }
  | { kind: "new-chapter" }
  | { kind: "edit-chapter"; chapterId: string }
  | { kind: "delete-chapter"; chapterId: string };

export type AdminView = { courseId: string | null; panel: AdminPanel };

const NONE: AdminPanel = { kind: "none" };

function chapterTarget(value: string | null): string | null {
  const id = value?.startsWith("chapter:") ? value.slice("chapter:".length) : null;
  return isUuid(id) ? id : null;
}

export function parseAdminView(search: URLSearchParams): AdminView {
  const course = search.get("course");
  const courseId = isUuid(course) ? course : null;
  if (search.get("new") === "course") return { courseId, panel: { kind: "new-course" } };
  if (!courseId) return { courseId, panel: NONE };

  const edit = search.get("edit");
  const remove = search.get("delete");
  const editedChapter = chapterTarget(edit);
  const removedChapter = chapterTarget(remove);
  let panel: AdminPanel = NONE;
  if (edit === "course") panel = { kind: "edit-course" };
  else if (editedChapter) panel = { kind: "edit-chapter", chapterId: editedChapter };
  else if (search.get("new") === "chapter") panel = { kind: "new-chapter" };
  else if (remove === "course") panel = { kind: "delete-course" };
  else if (removedChapter) panel = { kind: "delete-chapter", chapterId: removedChapter };
  return { courseId, panel };
}

/** The URL of a view. Every value is a fixed word or a checked uuid, so nothing needs escaping. */
export function adminHref({ courseId, panel }: AdminView): string {
  const params: string[] = [];
  if (courseId && panel.kind !== "new-course") params.push(`course=${courseId}`);
  switch (panel.kind) {
    case "new-course":
      params.push("new=course");
      break;
    case "edit-course":
      params.push("edit=course");
      break;
    case "delete-course":
      params.push("delete=course");
      break;
    case "new-chapter":
      params.push("new=chapter");
      break;
    case "edit-chapter":
      params.push(`edit=chapter:${panel.chapterId}`);
      break;
    case "delete-chapter":
      params.push(`delete=chapter:${panel.chapterId}`);
      break;
    case "none":
      break;
  }
  return params.length > 0 ? `/admin?${params.join("&")}` : "/admin";
}

/** The expanded course with every panel closed: where a finished action returns. */
export const courseHref = (courseId: string | null) => adminHref({ courseId, panel: NONE });

/**
 * Where the chapter editor's 'Upload file' and 'Remove' post (issue 25): the same view under
 * /admin/attachments, the one address with the upload's body limit, which shows the same panel.
 */
export const attachmentsHref = (courseId: string, chapterId: string) =>
  adminHref({ courseId, panel: { kind: "edit-chapter", chapterId } }).replace(/^\/admin/, "/admin/attachments");
