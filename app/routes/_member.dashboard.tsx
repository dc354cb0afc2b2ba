import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FlashMessage } from "~/components/flash-message";
import { SiteFooter } from "~/components/site-footer";
import { takeFlash } from "~/infra/flash.server";
import { requirePaidMember } from "~/services/guards.server";
import { cachingHeaders, memberCaching, NOT_CACHED } from "~/lib/member-cache.server";
import { listCourses, type CourseSummary } from "~/models/course.server";
import { useRootData } from "~/hooks/use-root-data";

export const meta: MetaFunction = () => [{ title: "Training | AI Profit Labs" }];

export const headers = cachingHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePaidMember(request);
  const { flash, headers } = await takeFlash(request);
  const respond = (courses: CourseSummary[] | null, status = 200) => {
    const caching = flash || !courses ? NOT_CACHED : memberCaching(user);
    for (const [name, value] of Object.entries(caching)) headers.set(name, value);
    return data({ courses, flash }, { status, headers });
  };
  try {
    return respond(await listCourses());
  } catch (error) {
    // SPEC §8: the page says the list could not be read instead of failing as a whole.
    console.error("[dashboard] could not read the course list:", error);
    return respond(null, 503);
  }
}

export default function TrainingArea() {
  const { courses, flash } = useLoaderData<typeof loader>();
  const supportEmail = useRootData()?.brand.supportEmail;

  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col">
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">Your Training</h1>
        <p className="mt-2 text-slate-600">Pick a course and work through its chapters in order.</p>
        <div className="mt-6 empty:hidden">
          <FlashMessage flash={flash} />
        </div>
        {courses === null ? (
          <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <h2 className="text-lg font-semibold text-red-800">Error loading courses</h2>
            <p className="mt-1 text-red-700">Please try refreshing the page.</p>
          </div>
        ) : courses.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            No courses available yet. Check back soon!
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course.id}>
                {/* Hover or focus loads the course page's code and data ahead of the click (SPEC §2). */}
                <Link
                  to={`/course/${course.id}`}
                  prefetch="intent"
                  className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
                >
                  <h2 className="text-xl font-semibold text-slate-900">{course.title}</h2>
                  {course.description ? (
                    <p className="mt-2 flex-1 text-slate-600">{course.description}</p>
                  ) : (
                    <span className="flex-1" />
                  )}
                  <span aria-hidden="true" className="mt-4 text-sm font-semibold text-brand-700">
                    Start learning →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
      <SiteFooter>
        {supportEmail ? (
          <>
            Questions about the training? Email{" "}
            <a href={`mailto:${supportEmail}`} className="tap-inline font-medium text-brand-700 underline">
              {supportEmail}
            </a>
          </>
        ) : null}
      </SiteFooter>
    </div>
  );
}
