import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { CopyButton } from "~/platform/ui/copy-button";
import { Icon } from "~/platform/ui/icon";
import { formatFileSize } from "~/features/files";
import { ChapterBody } from "./chapter-body";
import { ChapterProgressForm } from "./chapter-progress-form";
import { DraftBadge, ProgressBar } from "./progress-bar";
import { adjacentChapters, formatCompletionDate } from "./progress";
import { readingTimeLabel } from "./reading";
import type { ViewerPage } from "./learning.server";
import { submittedText } from "~/platform/forms/form-value";

/**
 * The course viewer (docs/product.md §8): the chapter list with progress, the selected chapter
 * with its files and progress form, and the 'Course completed' panel. `error`: the message of a
 * refused progress or certificate form.
 */
export function CourseViewer({ page, error }: { page: ViewerPage & { shareOrigin: string }; error: string | null }) {
  const { course, chapters, selected, progress, completion, whatNext, shareOrigin } = page;
  const location = useLocation();
  const current = selected.kind === "chapter" ? selected : null;
  const { previous, next } = current ? adjacentChapters(chapters, current.id) : { previous: null, next: null };
  // 'Complete course' instead of 'Complete and continue' where completing this chapter finishes the course.
  const completesCourse = current ? chapters.every((c) => c.id === current.id || c.completed) : false;

  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-6 md:grid md:grid-cols-[18rem_minmax(0,1fr)] md:items-start md:gap-8 md:py-10">
        {/* On small screens the chapter list folds away behind a checkbox toggle: no JavaScript needed. */}
        <aside
          aria-labelledby="course-title"
          className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:sticky md:top-20"
        >
          <Link
            to="/dashboard"
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
          >
            ← All courses
          </Link>
          <h1
            id="course-title"
            className="mt-3 flex flex-wrap items-center gap-2 text-xl font-bold tracking-tight text-slate-900"
          >
            {course.title}
            {course.draft ? <DraftBadge /> : null}
          </h1>
          {chapters.length > 0 ? (
            <div className="mt-3">
              <ProgressBar progress={progress} />
            </div>
          ) : null}
          {completion ? (
            <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
              <Icon name="check" className="h-5 w-5" />
              <a href="#course-completed" className="tap-inline underline">
                Course completed
              </a>
            </p>
          ) : null}
          {/* Re-created on each navigation (even to the chapter already open, which the resume
              may have chosen), so the list folds again after a choice. */}
          <input key={location.key} id="course-sidebar-toggle" type="checkbox" className="peer sr-only md:hidden" />
          <label
            htmlFor="course-sidebar-toggle"
            className="mt-3 flex min-h-11 cursor-pointer items-center justify-between rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 md:hidden"
          >
            Show chapters
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="h-4 w-4 transition-transform group-has-[:checked]:rotate-180"
            >
              <path d="M5 7l5 6 5-6z" />
            </svg>
          </label>
          <div className="hidden peer-checked:block md:block">
            {course.description ? <p className="mt-2 text-sm text-slate-600">{course.description}</p> : null}
            {chapters.length > 0 ? (
              <nav aria-label="Chapters" className="mt-4">
                <ol className="space-y-1">
                  {chapters.map((chapter, index) => {
                    const isCurrent = chapter.id === current?.id;
                    return (
                      <li key={chapter.id}>
                        <Link
                          to={`?chapter=${chapter.id}`}
                          prefetch="intent"
                          aria-current={isCurrent ? "page" : undefined}
                          className={`flex items-start gap-2 rounded-lg px-3 py-2 text-left text-sm ${
                            isCurrent ? "bg-brand-600 font-semibold text-white" : "text-slate-700 hover:bg-slate-100"
                          }`}
                        >
                          <span
                            aria-hidden="true"
                            className={`tabular-nums ${isCurrent ? "text-brand-100" : "text-slate-500"}`}
                          >
                            {index + 1}.
                          </span>
                          <span className="flex-1">{chapter.title}</span>
                          {chapter.draft ? <DraftBadge /> : null}
                          {chapter.completed ? (
                            <span className={isCurrent ? "text-white" : "text-emerald-600"}>
                              <Icon name="check" className="h-5 w-5" />
                              <span className="sr-only"> (completed)</span>
                            </span>
                          ) : null}
                        </Link>
                      </li>
                    );
                  })}
                </ol>
              </nav>
            ) : null}
          </div>
        </aside>

        {/* On a phone the lesson is not a card inside the page: the text takes the full width less
            the page's one padding. From md up it sits on a card. The blocks around the lesson keep its
            measure: 60ch of its 1.0625rem type is 63.75ch of their 1rem (chapter-content.css). */}
        <article className="mt-8 min-h-64 md:mt-0 md:rounded-xl md:border md:border-slate-200 md:bg-white md:p-10 md:shadow-sm">
          {selected.kind === "unavailable" ? (
            <EmptyState>No content available for this chapter yet.</EmptyState>
          ) : chapters.length === 0 ? (
            <EmptyState>No content available yet. Check back soon!</EmptyState>
          ) : !current ? (
            <EmptyState>Select a chapter from the sidebar to start learning</EmptyState>
          ) : (
            <>
              <header className="max-w-[63.75ch]">
                <h2 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
                  {current.title}
                  {current.draft ? <DraftBadge /> : null}
                </h2>
                <p className="mt-2 text-sm text-slate-600">{readingTimeLabel(current.minutes)}</p>
              </header>
              {current.html ? (
                <div className="mt-8">
                  <ChapterBody html={current.html} />
                </div>
              ) : (
                <p className="mt-8 text-slate-500">No content available for this chapter yet.</p>
              )}
              {current.attachments.length > 0 ? (
                <section
                  aria-labelledby="chapter-files"
                  className="mt-10 max-w-[63.75ch] rounded-lg border border-slate-200 p-4"
                >
                  <h3 id="chapter-files" className="text-base font-semibold text-slate-900">
                    Downloads
                  </h3>
                  <ul className="mt-2 space-y-1">
                    {current.attachments.map((file) => (
                      <li key={file.id}>
                        {/* reloadDocument: a file, not a page of the app. */}
                        <Link
                          to={`/course/${course.id}/files/${file.id}`}
                          reloadDocument
                          download
                          className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 hover:underline"
                        >
                          {file.fileName}{" "}
                          <span className="font-normal text-slate-500">({formatFileSize(file.sizeBytes)})</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {completion ? (
                <CourseCompleted
                  courseId={course.id}
                  chapterId={current.id}
                  completion={completion}
                  whatNext={whatNext}
                  shareOrigin={shareOrigin}
                />
              ) : null}
              <div className="mt-10 max-w-[63.75ch] border-t border-slate-200 pt-6">
                <ChapterProgressForm
                  key={current.id}
                  courseId={course.id}
                  chapterId={current.id}
                  completed={current.completed}
                  completesCourse={completesCourse}
                  error={error}
                />
              </div>
              {previous || next ? (
                <nav
                  aria-label="Chapter navigation"
                  className="mt-6 flex max-w-[63.75ch] flex-wrap justify-between gap-x-6 gap-y-2"
                >
                  {previous ? (
                    <Link to={`?chapter=${previous.id}`} className={navLink}>
                      ← Previous chapter<span className="sr-only">: {previous.title}</span>
                    </Link>
                  ) : (
                    <span />
                  )}
                  {next ? (
                    <Link to={`?chapter=${next.id}`} className={navLink}>
                      Next chapter<span className="sr-only">: {next.title}</span> →
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </>
          )}
        </article>
      </main>
    </>
  );
}

/** 'Previous chapter' and 'Next chapter': plain links for moving on without completing. */
const navLink =
  "inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline";

/**
 * Issue 30: finishing feels like finishing. Under the last chapter of a completed course, in the
 * main area: the date, the certificate (view it, or copy its public link to share it), and what
 * next: the next course, or the upgrades this member does not own. A course completed without
 * its certificate (a chapter was deleted or unpublished) offers 'Get my certificate' here.
 */
function CourseCompleted({
  courseId,
  chapterId,
  completion,
  whatNext,
  shareOrigin,
}: {
  courseId: string;
  chapterId: string;
  completion: NonNullable<ViewerPage["completion"]>;
  whatNext: ViewerPage["whatNext"];
  shareOrigin: string;
}) {
  const shareUrl = completion.certificateCode ? `${shareOrigin}/certificates/${completion.certificateCode}` : null;
  return (
    <section
      id="course-completed"
      aria-labelledby="course-completed-heading"
      tabIndex={-1}
      className="mt-10 max-w-[63.75ch] scroll-mt-24 rounded-xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6"
    >
      <h3 id="course-completed-heading" className="text-xl font-bold text-emerald-900">
        Course completed
      </h3>
      {completion.completedAt ? (
        <p className="mt-1 text-emerald-900">Completed on {formatCompletionDate(completion.completedAt)}</p>
      ) : null}
      {completion.certificateCode && shareUrl ? (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              to={`/certificates/${completion.certificateCode}`}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-emerald-800"
            >
              View certificate
            </Link>
          </div>
          <div className="mt-4">
            <p id="share-certificate" className="text-sm font-semibold text-emerald-900">
              Share certificate
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <input
                readOnly
                value={shareUrl}
                aria-labelledby="share-certificate"
                onFocus={(event) => event.currentTarget.select()}
                className="min-h-11 min-w-0 flex-1 rounded-lg border border-emerald-300 bg-white px-3 text-sm text-slate-900"
              />
              <CopyButton text={shareUrl} label="Copy link" describedBy="share-certificate" />
            </div>
          </div>
        </>
      ) : (
        <ClaimCertificate courseId={courseId} chapterId={chapterId} />
      )}
      {whatNext?.nextCourse ? (
        <p className="mt-5 text-sm text-emerald-900">
          Up next:{" "}
          <Link to={`/course/${whatNext.nextCourse.id}`} className="tap-inline font-semibold underline">
            {whatNext.nextCourse.title}
          </Link>
        </p>
      ) : whatNext && whatNext.upgrades.length > 0 ? (
        <div className="mt-5 text-sm text-emerald-900">
          <p>Ready for more? Go further with:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4">
            {whatNext.upgrades.map((upgrade) => (
              <li key={upgrade.key}>
                <Link to={upgrade.href} className="tap-inline font-semibold underline">
                  {upgrade.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * A course completed without its last chapter's form (a chapter was deleted or unpublished): the
 * certificate is issued by this POST, never by showing the page (decision 050). A plain form, so
 * it works without JavaScript; with it, Remix posts it and reloads the page's data.
 */
function ClaimCertificate({ courseId, chapterId }: { courseId: string; chapterId: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && submittedText(navigation.formData, "intent") === "certificate";
  return (
    <Form method="post" action={`/course/${courseId}`} className="mt-4 text-sm" preventScrollReset>
      {chapterId ? <input type="hidden" name="chapterId" value={chapterId} /> : null}
      <button
        type="submit"
        name="intent"
        value="certificate"
        disabled={pending}
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white shadow hover:bg-emerald-800 disabled:opacity-60"
      >
        {pending ? "Issuing..." : "Get my certificate"}
      </button>
    </Form>
  );
}

function EmptyState({ children }: { children: string }) {
  return <p className="py-12 text-center text-lg text-slate-500">{children}</p>;
}
