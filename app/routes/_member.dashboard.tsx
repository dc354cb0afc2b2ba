import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FlashMessage } from "~/platform/ui/flash-message";
import { Icon } from "~/platform/ui/icon";
import { DraftBadge, ProgressBar } from "~/features/learning/progress-bar";
import { COURSE_ACTION_LABEL } from "~/features/learning/progress";
import { footerNote } from "~/features/site/site-footer";
import { takeFlash } from "~/platform/flash.server";
import { requireTrainingAccess, catalogue } from "~/features/catalogue/index.server";
import { cachingHeaders, NOT_CACHED, PROGRESS_CACHING } from "~/platform/private-caching.server";
import { useRootData } from "~/platform/hooks/use-root-data";
import { brandedTitle } from "~/platform/page-meta";
import { loadDashboard } from "~/features/learning/index.server";
import { UPGRADES } from "~/features/catalogue/catalogue";
import { CommunityLink } from "~/features/community/community-link";
import { communityInviteUrl } from "~/features/community/index.server";
import { log } from "~/platform/log.server";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Training", matches)];

export const headers = cachingHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireTrainingAccess(request);
  const { flash, headers } = await takeFlash(request);
  // The invite link is for paid members only (decision 055): a starter account opens the training too.
  const communityUrl = user.hasPaid ? await communityInviteUrl() : null;
  const respond = (training: Awaited<ReturnType<typeof loadDashboard>> | null, status = 200) => {
    const caching = flash || !training ? NOT_CACHED : PROGRESS_CACHING;
    for (const [name, value] of Object.entries(caching)) headers.set(name, value);
    // 'Your upgrades': what this member owns beside the membership, each with where it is used
    // (the first course it opens, else its own page). From the session's products: no query.
    const upgrades = UPGRADES.filter((upgrade) => user.products.includes(upgrade.key)).map((upgrade) => {
      const course = training?.courses.find((c) => c.requiredProduct === upgrade.key && !c.locked);
      return {
        key: upgrade.key,
        name: catalogue()[upgrade.key].name,
        href: course ? `/course/${course.id}` : upgrade.ownerHref,
      };
    });
    return data(
      { courses: training?.courses ?? null, resume: training?.resume ?? null, upgrades, flash, communityUrl },
      { status, headers },
    );
  };
  try {
    // The cards, their progress and the resume card: one query after the session's (issue 15).
    return respond(await loadDashboard(user));
  } catch (error) {
    // docs/product.md §8: the page says the list could not be read instead of failing as a whole.
    log.error({ err: error }, "reading the course list failed");
    return respond(null, 503);
  }
}

/** Above the footer links: where to ask about the training. */
function SupportNote() {
  const supportEmail = useRootData()?.brand.supportEmail;
  if (!supportEmail) return null;
  return (
    <>
      Questions about the training? Email{" "}
      <a href={`mailto:${supportEmail}`} className="tap-inline font-medium text-brand-700 underline">
        {supportEmail}
      </a>
    </>
  );
}

export const handle = footerNote(() => <SupportNote />);

export default function TrainingArea() {
  const { courses, resume, upgrades, flash, communityUrl } = useLoaderData<typeof loader>();

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Your Training</h1>
      <p className="mt-2 text-slate-600">Pick a course and work through its chapters in order.</p>
      <div className="mt-6 empty:hidden">
        <FlashMessage flash={flash} />
      </div>
      {resume ? (
        <section
          aria-labelledby="resume-heading"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <h2 id="resume-heading" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              Continue where you left off
            </h2>
            <p className="mt-1 break-words text-lg font-semibold text-slate-900">{resume.chapterTitle}</p>
            <p className="break-words text-sm text-slate-600">{resume.courseTitle}</p>
          </div>
          <Link
            to={`/course/${resume.courseId}?chapter=${resume.chapterId}`}
            aria-label={`Continue ${resume.chapterTitle} in ${resume.courseTitle}`}
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-brand-700"
          >
            Continue →
          </Link>
        </section>
      ) : null}
      {upgrades.length > 0 ? (
        <section aria-labelledby="upgrades-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="upgrades-heading" className="text-lg font-semibold text-slate-900">
            Your upgrades
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {upgrades.map((upgrade) => (
              <li key={upgrade.key}>
                <Link
                  to={upgrade.href}
                  className="inline-flex min-h-11 items-center rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100"
                >
                  {upgrade.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {communityUrl ? (
        <section aria-labelledby="community-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="community-heading" className="text-lg font-semibold text-slate-900">
            Private Community
          </h2>
          <p className="mt-1 text-slate-600">Share your builds, get feedback and find accountability partners.</p>
          <CommunityLink
            url={communityUrl}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-[#5865F2] px-4 py-2 text-sm font-semibold text-white hover:bg-[#4752c4]"
          />
        </section>
      ) : null}
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
              <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-xl font-semibold text-slate-900">{course.title}</h2>
                  {course.draft ? <DraftBadge /> : null}
                </div>
                {course.description ? (
                  <p className="mt-2 flex-1 text-slate-600">{course.description}</p>
                ) : (
                  <div className="flex-1" />
                )}
                {course.locked ? (
                  <Link
                    to={course.locked.href}
                    className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900 after:absolute after:inset-0 after:rounded-xl hover:bg-amber-100"
                  >
                    <Icon name="lock" className="h-4 w-4" />
                    {course.locked.label}
                    <span className="sr-only">: {course.title}</span>
                  </Link>
                ) : (
                  <>
                    <div className="mt-4">
                      <ProgressBar progress={course.progress} label={`Progress in ${course.title}`} />
                    </div>
                    {/* The whole card is this link's target (its ::after covers the card). Hover or
                      focus loads the course page's code ahead of the click (docs/product.md §2). */}
                    <Link
                      to={`/course/${course.id}`}
                      prefetch="intent"
                      className="mt-4 inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow after:absolute after:inset-0 after:rounded-xl hover:bg-brand-700"
                    >
                      {/* One 'Continue' per course (issue 30): the resume card above already has it. */}
                      {course.id === resume?.courseId && course.state === "in-progress"
                        ? "Open course"
                        : COURSE_ACTION_LABEL[course.state]}
                      <span className="sr-only">: {course.title}</span>
                    </Link>
                  </>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
