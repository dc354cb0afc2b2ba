import { Form, Link } from "@remix-run/react";
import { adminMessages } from "./admin-messages";
import { adminHref, courseHref, type AdminView } from "./admin-view";
import { shareOf } from "./progress";
import type { PublicationStatus } from "~/platform/db/db-schema";
import type { CourseOutline, CourseSummary } from "./course-store.server";
import type { ChapterEngagement, CourseEngagement } from "./progress-store.server";
import { DraftBadge } from "./progress-bar";
import { DeleteLink, secondaryButton } from "~/platform/ui/admin/form-controls";

// The chapter row's controls: compact, yet 44px square so they can be tapped on a phone. The
// colours are kept apart from the shape because two Tailwind colour classes on one element do
// not override each other by order: the Delete button would lose its red.
const smallShape =
  "inline-flex h-11 min-w-11 items-center justify-center rounded-md border bg-white px-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-30";
const smallButton = `${smallShape} border-slate-300 text-slate-700 hover:bg-slate-100`;
const smallDangerButton = `${smallShape} border-red-200 text-red-700 hover:bg-red-50`;

/**
 * 'Publish' or 'Unpublish' (issue 15): a one-button form, so it works without JavaScript.
 * Members see only published courses, and only the published chapters of those.
 */
function StatusForm({
  target,
  id,
  title,
  status,
  className,
}: {
  target: "course" | "chapter";
  id: string;
  title: string;
  status: PublicationStatus;
  className: string;
}) {
  const publish = status === "draft";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={`set-${target}-status`} />
      <input type="hidden" name={`${target}Id`} value={id} />
      <button
        type="submit"
        name="status"
        value={publish ? "published" : "draft"}
        aria-label={`${publish ? "Publish" : "Unpublish"} ${target} ${title}`}
        className={className}
      >
        {publish ? "Publish" : "Unpublish"}
      </button>
    </Form>
  );
}

const EMPTY_ENGAGEMENT = { started: 0, completed: 0 };
const members = (count: number) => `${count} ${count === 1 ? "member" : "members"}`;

/**
 * The courses, each expandable (by URL) to show its chapters with their controls (docs/product.md §2, §4),
 * with how many members started and completed each (admins' own previews are not counted).
 */
export function CourseList({
  courses,
  engagement,
  completions,
  expanded,
  view,
}: {
  courses: CourseSummary[];
  engagement: CourseEngagement[];
  completions: ChapterEngagement[];
  expanded: CourseOutline | null;
  view: AdminView;
}) {
  if (courses.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {adminMessages.noCourses}
      </p>
    );
  }
  return (
    <section aria-labelledby="admin-courses-heading">
      <h2 id="admin-courses-heading" className="mb-3 text-lg font-semibold">
        Courses
      </h2>
      <ul className="space-y-3">
        {courses.map((course) => {
          const open = expanded?.id === course.id;
          const stats = engagement.find((row) => row.courseId === course.id) ?? EMPTY_ENGAGEMENT;
          return (
            <li
              key={course.id}
              className={`rounded-xl border bg-white shadow-sm ${open ? "border-brand-500" : "border-slate-200"}`}
            >
              <Link
                to={courseHref(open ? null : course.id)}
                aria-expanded={open}
                preventScrollReset
                className="flex min-h-11 items-start gap-2 rounded-t-xl px-4 pt-4 font-semibold text-slate-900 hover:text-brand-700"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={`mt-1 h-4 w-4 shrink-0 transition-transform ${open ? "rotate-90" : ""}`}
                  fill="currentColor"
                >
                  <path d="M7 4l6 6-6 6z" />
                </svg>
                <span className="min-w-0 break-words">{course.title}</span>
                {course.status === "draft" ? <DraftBadge /> : null}
              </Link>
              {course.description ? (
                <p className="mt-1 px-4 pl-10 text-sm text-slate-500">{course.description}</p>
              ) : null}
              <p className="mt-1 px-4 pl-10 text-sm text-slate-600">
                {members(stats.started)} started · {stats.completed} completed
              </p>
              <div className="flex flex-wrap gap-2 px-4 pb-4 pl-10 pt-3">
                <Link
                  to={adminHref({ courseId: course.id, panel: { kind: "edit-course" } })}
                  aria-label={`Edit course ${course.title}`}
                  className={secondaryButton}
                >
                  Edit
                </Link>
                <Link
                  to={`/course/${course.id}`}
                  aria-label={`Preview course ${course.title}`}
                  className={secondaryButton}
                >
                  Preview
                </Link>
                <StatusForm
                  target="course"
                  id={course.id}
                  title={course.title}
                  status={course.status}
                  className={secondaryButton}
                />
                <DeleteLink
                  confirmationHref={adminHref({ courseId: course.id, panel: { kind: "delete-course" } })}
                  message={adminMessages.confirmDeleteCourse}
                  fields={{ intent: "delete-course", courseId: course.id }}
                  label={`Delete course ${course.title}`}
                >
                  Delete
                </DeleteLink>
              </div>
              {open && expanded ? (
                <>
                  <ChapterList course={expanded} view={view} />
                  <ChapterDropOff course={expanded} completions={completions} started={stats.started} />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ChapterList({ course, view }: { course: CourseOutline; view: AdminView }) {
  const { chapters } = course;
  const editing = view.panel.kind === "edit-chapter" ? view.panel.chapterId : null;
  return (
    <div className="border-t border-slate-200 px-4 py-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Chapters</h3>
        <Link to={adminHref({ courseId: course.id, panel: { kind: "new-chapter" } })} className={secondaryButton}>
          Add Chapter
        </Link>
      </div>
      {chapters.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No chapters yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {chapters.map((chapter, index) => (
            <li
              key={chapter.id}
              className={`rounded-lg border px-3 py-2 ${
                editing === chapter.id ? "border-brand-500 bg-brand-50" : "border-slate-200"
              }`}
            >
              <p className="flex items-start justify-between gap-2 break-words text-sm font-medium text-slate-900">
                <span className="min-w-0">{chapter.title}</span>
                {chapter.status === "draft" ? <DraftBadge /> : null}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-1">
                <Form method="post" preventScrollReset className="flex gap-1">
                  <input type="hidden" name="intent" value="move-chapter" />
                  <input type="hidden" name="chapterId" value={chapter.id} />
                  <button
                    type="submit"
                    name="direction"
                    value="up"
                    disabled={index === 0}
                    aria-label={`Move chapter ${chapter.title} up`}
                    className={smallButton}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    disabled={index === chapters.length - 1}
                    aria-label={`Move chapter ${chapter.title} down`}
                    className={smallButton}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                </Form>
                <Link
                  to={adminHref({ courseId: course.id, panel: { kind: "edit-chapter", chapterId: chapter.id } })}
                  aria-label={`Edit chapter ${chapter.title}`}
                  className={smallButton}
                >
                  Edit
                </Link>
                <Link
                  to={`/course/${course.id}?chapter=${chapter.id}`}
                  aria-label={`Preview chapter ${chapter.title}`}
                  className={smallButton}
                >
                  Preview
                </Link>
                <StatusForm
                  target="chapter"
                  id={chapter.id}
                  title={chapter.title}
                  status={chapter.status}
                  className={smallButton}
                />
                <DeleteLink
                  confirmationHref={adminHref({
                    courseId: course.id,
                    panel: { kind: "delete-chapter", chapterId: chapter.id },
                  })}
                  message={adminMessages.confirmDeleteChapter}
                  fields={{ intent: "delete-chapter", chapterId: chapter.id }}
                  label={`Delete chapter ${chapter.title}`}
                  className={smallDangerButton}
                >
                  Delete
                </DeleteLink>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The drop-off: for each chapter, how many of the members who started the course completed it,
 * as a bar (plain CSS widths, no chart library).
 */
function ChapterDropOff({
  course,
  completions,
  started,
}: {
  course: CourseOutline;
  completions: ChapterEngagement[];
  started: number;
}) {
  if (course.chapters.length === 0) return null;
  return (
    <section aria-labelledby={`dropoff-${course.id}`} className="border-t border-slate-200 px-4 py-4">
      <h3 id={`dropoff-${course.id}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Completed by members
      </h3>
      {started === 0 ? <p className="mt-2 text-sm text-slate-500">No member has started this course yet.</p> : null}
      <ol className="mt-3 space-y-3">
        {course.chapters.map((chapter, index) => {
          const count = completions.find((row) => row.chapterId === chapter.id)?.completedBy ?? 0;
          const percent = shareOf(count, started);
          return (
            <li key={chapter.id} className="text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 break-words text-slate-700">
                  {index + 1}. {chapter.title}
                </span>
                <span className="shrink-0 tabular-nums text-slate-600">
                  {count} of {started}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-100">
                <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
