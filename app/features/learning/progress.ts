/**
 * The learning-progress maths (issue 15), pure so it can be tested alone. Chapters are always
 * given in the order members see them (sort_order, published only for members); a chapter that
 * was deleted is simply not in the list, so it drops out of every count.
 */
export type ChapterMark = { id: string; completed: boolean };

export type Progress = {
  completed: number;
  total: number;
  /** Whole percent, rounded down, so 100 means really every chapter. */
  percent: number;
  /** Every chapter is complete; never true for a course without chapters. */
  complete: boolean;
};

/** What a course card's button says: nothing viewed yet, under way, or done. */
export type CourseState = "not-started" | "in-progress" | "completed";

export const COURSE_ACTION_LABEL: Record<CourseState, string> = {
  "not-started": "Start course",
  "in-progress": "Continue",
  completed: "Review",
};

export function progressFromCounts(completed: number, total: number): Progress {
  const done = Math.min(Math.max(completed, 0), Math.max(total, 0));
  return {
    completed: done,
    total: Math.max(total, 0),
    percent: total > 0 ? Math.floor((done * 100) / total) : 0,
    complete: total > 0 && done === total,
  };
}

export function courseProgress(chapters: readonly ChapterMark[]): Progress {
  return progressFromCounts(chapters.filter((chapter) => chapter.completed).length, chapters.length);
}

export function progressLabel({ completed, total }: Pick<Progress, "completed" | "total">): string {
  return `${completed} of ${total} ${total === 1 ? "chapter" : "chapters"} completed`;
}

/** A member who has opened any chapter has started, even with nothing completed yet. */
export function courseState(progress: Progress, viewedChapters: number): CourseState {
  if (progress.complete) return "completed";
  return viewedChapters > 0 || progress.completed > 0 ? "in-progress" : "not-started";
}

/**
 * Where 'Complete and continue' goes once `currentId` is complete: the first chapter after it
 * that is not complete, else the first incomplete one before it (a member who skipped ahead is
 * sent back to what they missed). Null when nothing is left to do.
 */
export function nextIncompleteChapter(chapters: readonly ChapterMark[], currentId: string): string | null {
  const index = chapters.findIndex((chapter) => chapter.id === currentId);
  const after = index === -1 ? chapters : chapters.slice(index + 1);
  const before = index === -1 ? [] : chapters.slice(0, index);
  const next = [...after, ...before].find((chapter) => !chapter.completed && chapter.id !== currentId);
  return next?.id ?? null;
}

/** The 'Previous chapter' and 'Next chapter' links under a chapter, by position. */
export function adjacentChapters<T extends { id: string }>(
  chapters: readonly T[],
  currentId: string,
): { previous: T | null; next: T | null } {
  const index = chapters.findIndex((chapter) => chapter.id === currentId);
  if (index === -1) return { previous: null, next: null };
  return { previous: chapters[index - 1] ?? null, next: chapters[index + 1] ?? null };
}

/**
 * The chapter `/course/{id}` opens without a chapter in its URL: the one the member viewed last,
 * if it is still there, else the first (a new member, or the last one was deleted or unpublished).
 */
export function resumeChapter(chapters: readonly { id: string; lastViewedAt: string | Date | null }[]): string | null {
  let latest: { id: string; at: number } | null = null;
  for (const chapter of chapters) {
    if (!chapter.lastViewedAt) continue;
    const at = new Date(chapter.lastViewedAt).getTime();
    if (!latest || at > latest.at) latest = { id: chapter.id, at };
  }
  return latest?.id ?? chapters[0]?.id ?? null;
}

/**
 * A view moves `last_viewed_at` at most once a minute for the chapter that is already the one viewed
 * last: writing it again would not change where the member resumes, and the admin sees the time to
 * the minute. Reloading or returning to the chapter being read costs no write.
 */
export const REPEAT_VIEW_GRANULARITY_MS = 60_000;

export function isRepeatView(
  chapters: readonly { id: string; lastViewedAt: string | Date | null }[],
  chapterId: string,
  now: number = Date.now(),
): boolean {
  const chapter = chapters.find((candidate) => candidate.id === chapterId);
  if (!chapter?.lastViewedAt || resumeChapter(chapters) !== chapterId) return false;
  return now - new Date(chapter.lastViewedAt).getTime() < REPEAT_VIEW_GRANULARITY_MS;
}

/** One share of a whole as a percent for the admin's bars (0 when the whole is 0). */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((Math.min(part, whole) * 100) / whole) : 0;
}

/**
 * A completion date as printed on the page and the certificate. Always in UTC, so the server's
 * render and the browser's hydration agree whatever the time zones.
 */
export function formatCompletionDate(date: string | Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(date));
}
