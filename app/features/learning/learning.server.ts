import { lockedCourseHref, mayOpenCourse, type Viewer } from "~/features/catalogue/index.server";
import { sanitizeChapterHtml } from "./html-sanitizer.server";
import { prepareChapter } from "./reading";
import {
  courseProgress,
  courseState,
  nextIncompleteChapter,
  progressFromCounts,
  isRepeatView,
  resumeChapter,
  type ChapterMark,
  type CourseState,
  type Progress,
} from "./progress";
import { isUuid } from "~/platform/uuid";
import { listChapterAttachments, type AttachmentSummary } from "~/features/files/index.server";
import { isCatalogueKey, lockedCourseLabel, UPGRADES } from "~/features/catalogue";
import { catalogue } from "~/features/catalogue/index.server";
import { findChapterInCourse } from "./chapter-store.server";
import {
  getCourseForViewer,
  issueCertificate,
  listCourseProgress,
  recordChapterView,
  setChapterCompleted,
  type ViewerCourse,
} from "./progress-store.server";
import { hasAdminRights } from "~/features/accounts/index.server";

/**
 * The learning experience (issue 15): what the dashboard and the course viewer show a member,
 * and the progress forms. Members see only published courses and chapters; admins see drafts
 * too, marked as such, which is how they preview them.
 */
/** Drafts are an admin's right: an admin's session before step-up sees what a member sees (decision 050). */
const visibilityFor = (user: Viewer) => ({ includeDrafts: hasAdminRights(user) });

export type DashboardCourse = {
  id: string;
  title: string;
  description: string;
  draft: boolean;
  progress: Progress;
  state: CourseState;
  /** The product that opens it, and, when this member does not own it, the card's 'Unlock with ...' link. */
  requiredProduct: string;
  locked: { label: string; href: string } | null;
};
export type ResumePoint = { courseId: string; courseTitle: string; chapterId: string; chapterTitle: string };

/** The dashboard's cards and its 'Continue where you left off' card, from ONE query. */
export async function loadDashboard(user: Viewer): Promise<{ courses: DashboardCourse[]; resume: ResumePoint | null }> {
  const rows = await listCourseProgress(user.id, visibilityFor(user));
  const courses = rows.map((row) => {
    const open = mayOpenCourse(user, row);
    // A locked card says nothing of its chapters, not even how many there are.
    const progress = progressFromCounts(open ? row.completed : 0, open ? row.total : 0);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      draft: row.status === "draft",
      progress,
      state: open ? courseState(progress, row.viewed) : courseState(progress, 0),
      requiredProduct: row.requiredProduct,
      locked: open
        ? null
        : {
            label: isCatalogueKey(row.requiredProduct) ? lockedCourseLabel(row.requiredProduct) : "Locked",
            href: lockedCourseHref(row.requiredProduct),
          },
    };
  });
  // The most recent view across the courses this member may open; none when nothing was viewed.
  let latest: (typeof rows)[number] | null = null;
  for (const row of rows.filter((course) => mayOpenCourse(user, course))) {
    if (row.lastViewed && (!latest?.lastViewed || row.lastViewed.at > latest.lastViewed.at)) latest = row;
  }
  const resume = latest?.lastViewed
    ? {
        courseId: latest.id,
        courseTitle: latest.title,
        chapterId: latest.lastViewed.chapterId,
        chapterTitle: latest.lastViewed.chapterTitle,
      }
    : null;
  return { courses, resume };
}

export type ViewerPage = {
  course: { id: string; title: string; description: string; draft: boolean };
  chapters: Array<{ id: string; title: string; completed: boolean; draft: boolean }>;
  progress: Progress;
  /**
   * Set once every visible chapter is complete: the date and the certificate's public code, or
   * nulls while no certificate was issued yet ('Get my certificate' issues it).
   */
  completion: { completedAt: string; certificateCode: string } | { completedAt: null; certificateCode: null } | null;
  /** What the 'Course completed' panel offers next; null until the course is complete. */
  whatNext: WhatNext | null;
  selected:
    | {
        kind: "chapter";
        id: string;
        title: string;
        html: string;
        /** The reading-time estimate under the title, in minutes. */
        minutes: number;
        completed: boolean;
        draft: boolean;
        /** The chapter's files, each at /course/{courseId}/files/{id}. */
        attachments: AttachmentSummary[];
      }
    /** A draft chapter opened by a member (its link was shared before it was unpublished, say). */
    | { kind: "unavailable" }
    /** A chapter id that names no chapter of this course. */
    | { kind: "none" };
};

/**
 * Whether this GET of the course viewer is the member reading a chapter, and so recorded as their
 * view (decision 050). Not a browser's prefetch (Remix renders `<link rel="prefetch">` on hover;
 * Chromium and Firefox say so in `Sec-Purpose`, older ones in `Purpose`): hovering a link is not
 * reading the chapter. Not a request another site started (`Sec-Fetch-Site: cross-site` or
 * `same-site`): a page elsewhere could otherwise move the member's 'Continue where you left off'
 * by sending their browser here. Our own links and client navigations say `same-origin`, a typed
 * address or bookmark `none`; a browser that sends no fetch metadata is counted as before.
 */
export function isOwnView(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  if (purpose.includes("prefetch")) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin" || site === "none";
}

const marksOf = (course: ViewerCourse): ChapterMark[] =>
  course.chapters.map((chapter) => ({ id: chapter.id, completed: chapter.completed_at !== null }));

/**
 * After a completed course (issue 30): the next course this member may open and has not completed
 * (in the dashboard's order, after this one, else before it), and the upgrades they do not own.
 */
export type WhatNext = {
  nextCourse: { id: string; title: string } | null;
  upgrades: Array<{ key: string; name: string; href: string }>;
};

async function whatNextAfter(user: Viewer, courseId: string): Promise<WhatNext> {
  const rows = (await listCourseProgress(user.id, visibilityFor(user))).filter((row) => mayOpenCourse(user, row));
  const index = rows.findIndex((row) => row.id === courseId);
  const ordered = index === -1 ? rows : [...rows.slice(index + 1), ...rows.slice(0, index)];
  const next = ordered.find((row) => row.id !== courseId && row.total > 0 && row.completed < row.total);
  const products = catalogue();
  return {
    nextCourse: next ? { id: next.id, title: next.title } : null,
    upgrades: UPGRADES.filter((upgrade) => !user.products.includes(upgrade.key)).map((upgrade) => ({
      key: upgrade.key,
      name: products[upgrade.key].name,
      href: upgrade.offerHref ?? lockedCourseHref(upgrade.key),
    })),
  };
}

/** A course this member may not open: the product that unlocks it (the route answers 303). */
export type LockedCourse = { locked: string };

/**
 * The course viewer: the chapter asked for, or the one the member viewed last (the first for a
 * new member). Viewing records `last_viewed_at` when `recordView` (see isOwnView), except for a
 * repeat view of the chapter viewed last within the minute. It issues nothing: a certificate
 * comes from a POST (decision 050). Undefined when the course does not exist or is a draft for a
 * member.
 */
export async function openCourse(
  user: Viewer,
  courseId: string,
  wanted: string | null,
  { recordView }: { recordView: boolean },
): Promise<ViewerPage | LockedCourse | undefined> {
  const course = await getCourseForViewer(courseId, user.id, visibilityFor(user));
  if (!course) return undefined;
  // Before anything of its chapters is read or recorded.
  if (!mayOpenCourse(user, { requiredProduct: course.required_product })) return { locked: course.required_product };

  const views = course.chapters.map((c) => ({ id: c.id, lastViewedAt: c.last_viewed_at }));
  const targetId = wanted ?? resumeChapter(views);
  const visible = course.chapters.find((chapter) => chapter.id === targetId);
  const [chapter, attachments] = await Promise.all([
    targetId && isUuid(targetId) ? findChapterInCourse(courseId, targetId) : undefined,
    // Only a chapter this viewer may see lists its files.
    visible ? listChapterAttachments(visible.id) : [],
    visible && recordView && !isRepeatView(views, visible.id) ? recordChapterView(user.id, visible.id) : undefined,
  ]);

  const progress = courseProgress(marksOf(course));
  let completion: ViewerPage["completion"] = null;
  if (progress.complete) {
    // Normally issued by the form that completed the last chapter. A course that became complete
    // another way (its last open chapter was deleted or unpublished) offers 'Get my certificate'.
    completion =
      course.certificate_code && course.certificate_completed_at
        ? {
            completedAt: new Date(course.certificate_completed_at).toISOString(),
            certificateCode: course.certificate_code,
          }
        : { completedAt: null, certificateCode: null };
  }

  // One more query, only on a completed course's page.
  const whatNext = progress.complete ? await whatNextAfter(user, course.id) : null;

  let selected: ViewerPage["selected"] = { kind: "none" };
  if (visible && chapter) {
    const reading = prepareChapter(sanitizeChapterHtml(chapter.content), chapter.title);
    selected = {
      kind: "chapter",
      id: chapter.id,
      title: chapter.title,
      html: reading.html,
      minutes: reading.minutes,
      completed: visible.completed_at !== null,
      draft: chapter.status === "draft",
      attachments,
    };
  } else if (chapter) {
    selected = { kind: "unavailable" };
  }

  return {
    course: { id: course.id, title: course.title, description: course.description, draft: course.status === "draft" },
    chapters: course.chapters.map((c) => ({
      id: c.id,
      title: c.title,
      completed: c.completed_at !== null,
      draft: c.status === "draft",
    })),
    progress,
    completion,
    whatNext,
    selected,
  };
}

export const PROGRESS_INTENTS = ["complete", "incomplete", "complete-and-continue"] as const;

export type ProgressOutcome =
  | { ok: true; completed: boolean; courseComplete: boolean; redirectTo: string }
  | { ok: false; status: 400 | 404; error: string };

const chapterHref = (courseId: string, chapterId: string) => `/course/${courseId}?chapter=${chapterId}`;

/**
 * 'Mark as complete', 'Mark as not complete' and 'Complete and continue'. The chapter must be
 * one this user can see in this course; anything else changes nothing. Completing the last
 * chapter issues the certificate. `redirectTo` is where the no-JavaScript form (and 'Complete
 * and continue' in any case) goes next.
 */
export async function updateProgress(
  user: Viewer,
  courseId: string,
  fields: { intent: unknown; chapterId: unknown },
): Promise<ProgressOutcome> {
  const intent = PROGRESS_INTENTS.find((known) => known === fields.intent);
  if (!intent) return { ok: false, status: 400, error: "Choose 'Mark as complete' or 'Mark as not complete'." };
  const chapterId = typeof fields.chapterId === "string" ? fields.chapterId : "";
  const course = isUuid(courseId) ? await getCourseForViewer(courseId, user.id, visibilityFor(user)) : undefined;
  if (!course || !mayOpenCourse(user, { requiredProduct: course.required_product }))
    return { ok: false, status: 404, error: "Course not found" };
  if (!course.chapters.some((chapter) => chapter.id === chapterId)) {
    return { ok: false, status: 404, error: "This chapter is not part of this course." };
  }

  const completed = intent !== "incomplete";
  await setChapterCompleted(user.id, chapterId, completed);
  const marks = marksOf(course).map((mark) => (mark.id === chapterId ? { ...mark, completed } : mark));
  const courseComplete = courseProgress(marks).complete;
  if (courseComplete) await issueCertificate(user.id, course.id);

  const next = intent === "complete-and-continue" ? nextIncompleteChapter(marks, chapterId) : null;
  // Completing the course lands on its 'Course completed' panel (issue 30).
  const landing = completed && courseComplete ? "#course-completed" : "";
  return { ok: true, completed, courseComplete, redirectTo: `${chapterHref(course.id, next ?? chapterId)}${landing}` };
}

export type CertificateOutcome = { ok: true; redirectTo: string } | { ok: false; status: 404 | 409; error: string };

export const CERTIFICATE_NOT_YET = "Complete every chapter of this course to get its certificate.";

/**
 * 'Get my certificate': issues the certificate of a course this user has completed that has none
 * yet (a course completed by a chapter's deletion or unpublishing; completing the last chapter
 * issues it at once). A POST, so no page another site links to can issue one (decision 050).
 * Issued once: a second press changes nothing. Back to the chapter the form was on.
 */
export async function claimCertificate(
  user: Viewer,
  courseId: string,
  fields: { chapterId: unknown },
): Promise<CertificateOutcome> {
  const course = isUuid(courseId) ? await getCourseForViewer(courseId, user.id, visibilityFor(user)) : undefined;
  if (!course) return { ok: false, status: 404, error: "Course not found" };
  if (!courseProgress(marksOf(course)).complete) return { ok: false, status: 409, error: CERTIFICATE_NOT_YET };
  await issueCertificate(user.id, course.id);
  const chapterId = typeof fields.chapterId === "string" ? fields.chapterId : "";
  const back = course.chapters.some((chapter) => chapter.id === chapterId)
    ? chapterHref(course.id, chapterId)
    : `/course/${course.id}`;
  return { ok: true, redirectTo: back };
}
