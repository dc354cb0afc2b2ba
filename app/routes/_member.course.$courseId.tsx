import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { ChapterProgressForm } from "~/components/learning/chapter-progress-form";
import { DraftBadge, ProgressBar } from "~/components/learning/progress-bar";
import { redirectWithFlash } from "~/infra/flash.server";
import { requireTrainingAccess } from "~/services/guards.server";
import { cachingHeaders, PROGRESS_CACHING } from "~/lib/member-cache.server";
import { adjacentChapters, formatCompletionDate } from "~/lib/progress";
import { isUuid } from "~/lib/validation/course";
import { formatFileSize } from "~/lib/attachments";
import { claimCertificate, isOwnView, lockedCourseHref, openCourse, updateProgress } from "~/services/learning.server";
import { brandedTitle } from "~/lib/page-meta";
import chapterStyles from "~/styles/chapter-content.css";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  brandedTitle(data ? data.course.title : "Course", matches),
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chapterStyles }];

export const headers = cachingHeaders;

/**
 * The selected chapter is in the URL (?chapter=ID), so it works without JavaScript and can be
 * bookmarked and shared; without one, the chapter the member viewed last shows (the first for a
 * new member). Only the selected chapter's content is read, and it is sanitised again on the way
 * out (docs/architecture.md#security).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireTrainingAccess(request);
  const courseId = params.courseId;
  const wanted = new URL(request.url).searchParams.get("chapter");
  if (!isUuid(courseId)) throw await courseNotFound();

  let page;
  try {
    page = await openCourse(user, courseId, wanted, { recordView: isOwnView(request) });
  } catch (error) {
    // docs/product.md §8: a course that cannot be loaded sends the member back to the training area.
    console.error(`[course] could not load course ${courseId}:`, error);
    throw redirect("/dashboard");
  }
  if (!page) throw await courseNotFound();
  // A course of a product this member does not own: the upgrades page names it (decision 051).
  if ("locked" in page) throw redirect(lockedCourseHref(page.locked), 303);
  return data(page, { headers: PROGRESS_CACHING });
}

/**
 * The progress forms. Without JavaScript: a 303 back to the chapter ('Complete and continue':
 * on to the next chapter that is not complete). A fetcher sends `respond=data` and gets data,
 * except for 'Complete and continue', whose redirect it follows without a reload. 'Get my
 * certificate' (intent `certificate`) issues a completed course's certificate and goes back.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireTrainingAccess(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "certificate") {
    const claimed = await claimCertificate(user, params.courseId ?? "", { chapterId: form.get("chapterId") });
    if (!claimed.ok) return data({ ok: false as const, error: claimed.error }, { status: claimed.status });
    return redirect(claimed.redirectTo, 303);
  }
  const outcome = await updateProgress(user, params.courseId ?? "", { intent, chapterId: form.get("chapterId") });
  if (!outcome.ok) return data({ ok: false as const, error: outcome.error }, { status: outcome.status });
  if (form.get("respond") === "data" && intent !== "complete-and-continue") {
    return data({ ok: true as const, completed: outcome.completed, courseComplete: outcome.courseComplete });
  }
  return redirect(outcome.redirectTo, 303);
}

/** An unknown course redirects to the training area (docs/product.md §8), which says why. */
function courseNotFound() {
  return redirectWithFlash("/dashboard", { kind: "error", message: "Course not found" });
}

const navLink =
  "flex min-h-11 flex-col rounded-lg border border-slate-200 px-4 py-2 text-sm hover:border-brand-500 hover:bg-brand-50";

export default function CourseViewer() {
  const { course, chapters, selected, progress, completion } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const current = selected.kind === "chapter" ? selected : null;
  const { previous, next } = current ? adjacentChapters(chapters, current.id) : { previous: null, next: null };

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
          {completion?.certificateCode ? (
            <div className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
              <p className="font-semibold text-emerald-800">Course completed</p>
              <p className="text-emerald-800">on {formatCompletionDate(completion.completedAt)}</p>
              <Link
                to={`/certificates/${completion.certificateCode}`}
                className="mt-1 inline-flex min-h-11 items-center font-semibold text-emerald-900 underline"
              >
                View certificate
              </Link>
            </div>
          ) : completion ? (
            <ClaimCertificate courseId={course.id} chapterId={current?.id ?? null} />
          ) : null}
          {/* Re-created on each navigation (even to the chapter already open, which the resume
              may have chosen), so the list folds again after a choice. */}
          <input key={location.key} id="course-sidebar-toggle" type="checkbox" className="peer sr-only md:hidden" />
          <label
            htmlFor="course-sidebar-toggle"
            className="mt-3 flex cursor-pointer items-center justify-between rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 md:hidden"
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

        <article className="mt-6 min-h-64 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:mt-0 md:p-8">
          {selected.kind === "unavailable" ? (
            <EmptyState>No content available for this chapter yet.</EmptyState>
          ) : chapters.length === 0 ? (
            <EmptyState>No content available yet. Check back soon!</EmptyState>
          ) : !current ? (
            <EmptyState>Select a chapter from the sidebar to start learning</EmptyState>
          ) : (
            <>
              <h2 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
                {current.title}
                {current.draft ? <DraftBadge /> : null}
              </h2>
              {current.html ? (
                <div className="chapter-content mt-6" dangerouslySetInnerHTML={{ __html: current.html }} />
              ) : (
                <p className="mt-6 text-slate-500">No content available for this chapter yet.</p>
              )}
              {current.attachments.length > 0 ? (
                <section aria-labelledby="chapter-files" className="mt-8 rounded-lg border border-slate-200 p-4">
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
              <div className="mt-8 border-t border-slate-200 pt-6">
                <ChapterProgressForm
                  key={current.id}
                  courseId={course.id}
                  chapterId={current.id}
                  completed={current.completed}
                  error={actionData && !actionData.ok ? actionData.error : null}
                />
              </div>
              {previous || next ? (
                <nav aria-label="Chapter navigation" className="mt-6 grid gap-3 sm:grid-cols-2">
                  {previous ? (
                    <Link to={`?chapter=${previous.id}`} className={navLink}>
                      <span className="font-semibold text-brand-700">← Previous chapter</span>
                      <span className="text-slate-600">{previous.title}</span>
                    </Link>
                  ) : (
                    <span className="hidden sm:block" />
                  )}
                  {next ? (
                    <Link to={`?chapter=${next.id}`} className={`${navLink} sm:items-end sm:text-right`}>
                      <span className="font-semibold text-brand-700">Next chapter →</span>
                      <span className="text-slate-600">{next.title}</span>
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

/**
 * A course completed without its last chapter's form (a chapter was deleted or unpublished): the
 * certificate is issued by this POST, never by showing the page (decision 050). A plain form, so
 * it works without JavaScript; with it, Remix posts it and reloads the page's data.
 */
function ClaimCertificate({ courseId, chapterId }: { courseId: string; chapterId: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "certificate";
  return (
    <Form
      method="post"
      action={`/course/${courseId}`}
      className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm"
      preventScrollReset
    >
      <p className="font-semibold text-emerald-800">Course completed</p>
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
