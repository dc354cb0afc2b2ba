import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { env } from "~/platform/env.server";
import { siteOrigin } from "~/platform/site-origin";
import { redirectWithFlash } from "~/platform/flash.server";
import { requireTrainingAccess, lockedCourseHref } from "~/features/catalogue/index.server";
import { cachingHeaders, PROGRESS_CACHING } from "~/platform/private-caching.server";
import { isUuid } from "~/platform/uuid";
import { claimCertificate, isOwnView, openCourse, updateProgress } from "~/features/learning/index.server";
import { brandedTitle } from "~/platform/page-meta";
import chapterStyles from "~/styles/chapter-content.css";
import { CourseViewer } from "~/features/learning/course-viewer";
import { log } from "~/platform/log.server";
import { progressForm } from "~/features/learning/progress-form";

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
    log.error({ courseId, err: error }, "loading a course failed");
    throw redirect("/dashboard");
  }
  if (!page) throw await courseNotFound();
  // A course of a product this member does not own: the upgrades page names it (decision 051).
  if ("locked" in page) throw redirect(lockedCourseHref(page.locked), 303);
  // The certificate's public link, for 'Share certificate'.
  return data({ ...page, shareOrigin: siteOrigin(env().PUBLIC_URL, request.url) }, { headers: PROGRESS_CACHING });
}

/**
 * The progress forms. Without JavaScript: a 303 back to the chapter ('Complete and continue':
 * on to the next chapter that is not complete). A fetcher sends `respond=data` and gets data,
 * except for 'Complete and continue', whose redirect it follows without a reload. 'Get my
 * certificate' (intent `certificate`) issues a completed course's certificate and goes back.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireTrainingAccess(request);
  const submission = parseWithZod(await request.formData(), { schema: progressForm });
  const { intent, chapterId, respond } = submission.status === "success" ? submission.value : {};
  if (intent === "certificate") {
    const claimed = await claimCertificate(user, params.courseId ?? "", { chapterId });
    if (!claimed.ok) return data({ ok: false as const, error: claimed.error }, { status: claimed.status });
    return redirect(claimed.redirectTo, 303);
  }
  const outcome = await updateProgress(user, params.courseId ?? "", { intent, chapterId });
  if (!outcome.ok) return data({ ok: false as const, error: outcome.error }, { status: outcome.status });
  if (respond === "data" && intent !== "complete-and-continue") {
    return data({ ok: true as const, completed: outcome.completed, courseComplete: outcome.courseComplete });
  }
  return redirect(outcome.redirectTo, 303);
}

/** An unknown course redirects to the training area (docs/product.md §8), which says why. */
function courseNotFound() {
  return redirectWithFlash("/dashboard", { kind: "error", message: "Course not found" });
}

export default function CoursePage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CourseViewer page={page} error={actionData && !actionData.ok ? actionData.error : null} />;
}
