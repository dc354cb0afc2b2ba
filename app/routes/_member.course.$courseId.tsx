import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/infra/flash.server";
import { requirePaidMember } from "~/services/guards.server";
import { sanitizeChapterHtml } from "~/lib/html-sanitizer.server";
import { cachingHeaders, memberCaching } from "~/lib/member-cache.server";
import { isUuid } from "~/lib/validation/course";
import { findChapterInCourse } from "~/models/chapter.server";
import { getCourseOutline } from "~/models/course.server";
import chapterStyles from "~/styles/chapter-content.css";
import { SiteFooter } from "~/components/site-footer";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.course.title} | AI Profit Labs` : "Course | AI Profit Labs" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chapterStyles }];

/**
 * The selected chapter is in the URL (?chapter=ID), so it works without JavaScript and can be
 * bookmarked and shared; without one, the first chapter shows. Only the selected chapter's
 * content is read, and it is sanitised again on the way out (ARCHITECTURE "Security rules").
 */
export const headers = cachingHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePaidMember(request);
  const courseId = params.courseId;
  const wanted = new URL(request.url).searchParams.get("chapter");
  if (!isUuid(courseId)) throw await courseNotFound();

  let outline, chapter;
  try {
    [outline, chapter] = await Promise.all([
      getCourseOutline(courseId),
      wanted === null || isUuid(wanted) ? findChapterInCourse(courseId, wanted) : undefined,
    ]);
  } catch (error) {
    // SPEC §8: a course that cannot be loaded sends the member back to the training area.
    console.error(`[course] could not load course ${courseId}:`, error);
    throw redirect("/dashboard");
  }
  if (!outline) throw await courseNotFound();

  return data(
    {
      course: { id: outline.id, title: outline.title, description: outline.description },
      chapters: outline.chapters.map(({ id, title }) => ({ id, title })),
      selected: chapter ? { id: chapter.id, title: chapter.title, html: sanitizeChapterHtml(chapter.content) } : null,
    },
    { headers: memberCaching(user) }
  );
}

/** An unknown course redirects to the training area (SPEC §8), which says why. */
function courseNotFound() {
  return redirectWithFlash("/dashboard", { kind: "error", message: "Course not found" });
}

export default function CourseViewer() {
  const { course, chapters, selected } = useLoaderData<typeof loader>();

  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-6 md:grid md:grid-cols-[18rem_minmax(0,1fr)] md:items-start md:gap-8 md:py-10">
        {/* On small screens the chapter list folds away behind a checkbox toggle: no JavaScript needed. */}
        <aside
          aria-labelledby="course-title"
          className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:sticky md:top-20"
        >
          <Link to="/dashboard" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
            ← All courses
          </Link>
          <h1 id="course-title" className="mt-3 text-xl font-bold tracking-tight text-slate-900">
            {course.title}
          </h1>
          {/* Re-created on each chapter change, so the list folds again after a choice. */}
          <input
            key={selected?.id ?? "none"}
            id="course-sidebar-toggle"
            type="checkbox"
            className="peer sr-only md:hidden"
          />
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
                    const current = chapter.id === selected?.id;
                    return (
                      <li key={chapter.id}>
                        <Link
                          to={`?chapter=${chapter.id}`}
                          prefetch="intent"
                          aria-current={current ? "page" : undefined}
                          className={`flex gap-2 rounded-lg px-3 py-2 text-left text-sm ${
                            current ? "bg-brand-600 font-semibold text-white" : "text-slate-700 hover:bg-slate-100"
                          }`}
                        >
                          <span aria-hidden="true" className={`tabular-nums ${current ? "text-brand-100" : "text-slate-500"}`}>
                            {index + 1}.
                          </span>
                          <span>{chapter.title}</span>
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
          {chapters.length === 0 ? (
            <EmptyState>No content available yet. Check back soon!</EmptyState>
          ) : !selected ? (
            <EmptyState>Select a chapter from the sidebar to start learning</EmptyState>
          ) : (
            <>
              <h2 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{selected.title}</h2>
              {selected.html ? (
                <div className="chapter-content mt-6" dangerouslySetInnerHTML={{ __html: selected.html }} />
              ) : (
                <p className="mt-6 text-slate-500">No content available for this chapter yet.</p>
              )}
            </>
          )}
        </article>
      </main>
      <SiteFooter />
    </>
  );
}

function EmptyState({ children }: { children: string }) {
  return <p className="py-12 text-center text-lg text-slate-500">{children}</p>;
}
