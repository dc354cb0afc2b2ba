import { adminMessages } from "./admin-messages";
import { Link } from "@remix-run/react";
import { adminHref, courseHref, type AdminView } from "./admin-view";
import type { AdminActionFailure } from "./course-admin.server";
import type { Chapter } from "./chapter-store.server";
import type { CourseOutline } from "./course-store.server";
import { ChapterEditor, type ChapterFiles } from "./chapter-editor";
import { CourseForm } from "./course-form";
import { DeleteConfirmation, primaryButton } from "~/platform/ui/admin/form-controls";

const EMPTY_COURSE = { title: "", description: "", required_product: "membership" };
const EMPTY_CHAPTER = { title: "", content: "" };

/**
 * The open panel: the course form, the chapter editor or a delete confirmation, as the URL says.
 * After a failed save the form comes back as it was posted, with the reason, whatever the URL.
 */
export function AdminWorkspace({
  view,
  expanded,
  chapter,
  failure,
  files,
}: {
  view: AdminView;
  expanded: CourseOutline | null;
  chapter: Chapter | null;
  failure: AdminActionFailure | null;
  /** The files of the chapter the URL opens in the editor. */
  files: ChapterFiles;
}) {
  const back = courseHref(expanded?.id ?? null);
  const { panel } = view;
  const editedChapterId = panel.kind === "edit-chapter" ? panel.chapterId : null;

  if (failure?.form === "course") {
    return (
      <CourseForm
        key={failure.courseId ?? "new"}
        courseId={failure.courseId}
        defaults={failure.values}
        error={failure.error}
        cancelHref={back}
      />
    );
  }
  if (failure?.form === "chapter") {
    return (
      <ChapterEditor
        key={failure.chapterId ?? `new-${failure.courseId}`}
        courseId={failure.courseId}
        chapterId={failure.chapterId}
        defaults={failure.values}
        error={failure.error}
        notice={failure.notice ?? null}
        cancelHref={back}
        files={
          failure.chapterId
            ? { ...files, attachments: failure.chapterId === editedChapterId ? files.attachments : [] }
            : null
        }
      />
    );
  }

  if (panel.kind === "new-course") {
    return <CourseForm key="new" courseId={null} defaults={EMPTY_COURSE} error={null} cancelHref={courseHref(null)} />;
  }
  if (expanded && panel.kind === "edit-course") {
    return <CourseForm key={expanded.id} courseId={expanded.id} defaults={expanded} error={null} cancelHref={back} />;
  }
  if (expanded && panel.kind === "new-chapter") {
    return (
      <ChapterEditor
        key={`new-${expanded.id}`}
        courseId={expanded.id}
        chapterId={null}
        defaults={EMPTY_CHAPTER}
        error={null}
        cancelHref={back}
        files={null}
      />
    );
  }
  if (chapter && panel.kind === "edit-chapter") {
    return (
      <ChapterEditor
        key={chapter.id}
        courseId={chapter.course_id}
        chapterId={chapter.id}
        defaults={chapter}
        error={null}
        cancelHref={back}
        files={files}
      />
    );
  }
  if (expanded && panel.kind === "delete-course") {
    return (
      <DeleteConfirmation
        message={adminMessages.confirmDeleteCourse}
        fields={{ intent: "delete-course", courseId: expanded.id }}
        cancelHref={back}
        submitLabel={`Delete course ${expanded.title}`}
      />
    );
  }
  if (chapter && panel.kind === "delete-chapter") {
    return (
      <DeleteConfirmation
        message={adminMessages.confirmDeleteChapter}
        fields={{ intent: "delete-chapter", chapterId: chapter.id }}
        cancelHref={back}
        submitLabel={`Delete chapter ${chapter.title}`}
      />
    );
  }
  if (expanded && expanded.chapters.length === 0) {
    // The empty course: the next step is right here, not in the list further down on a phone.
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
        <p>
          <strong className="font-semibold text-slate-900">{expanded.title}</strong> has no chapters yet. Add the first
          one and members will see it in the course.
        </p>
        <Link
          to={adminHref({ courseId: expanded.id, panel: { kind: "new-chapter" } })}
          className={`mt-4 ${primaryButton}`}
        >
          Add Chapter<span className="sr-only"> to {expanded.title}</span>
        </Link>
      </div>
    );
  }
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
      {expanded
        ? "Add a chapter, or choose one to edit. The arrows change the order members see."
        : "Choose a course to manage its chapters, or create a new course."}
    </p>
  );
}
