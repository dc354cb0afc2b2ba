import { describe, expect, it } from "vitest";
import {
  adjacentChapters,
  COURSE_ACTION_LABEL,
  courseProgress,
  courseState,
  formatCompletionDate,
  isRepeatView,
  nextIncompleteChapter,
  progressFromCounts,
  progressLabel,
  REPEAT_VIEW_GRANULARITY_MS,
  resumeChapter,
  shareOf,
  type ChapterMark,
} from "~/features/learning/progress";
import { at } from "../../support/present";

const marks = (spec: string): ChapterMark[] =>
  // "x.x." -> a, b, c, d with x = complete, . = not
  [...spec].map((flag, index) => ({ id: String.fromCharCode(97 + index), completed: flag === "x" }));

describe("course progress", () => {
  it("counts completed chapters of the ones given", () => {
    expect(courseProgress(marks("x.x."))).toEqual({ completed: 2, total: 4, percent: 50, complete: false });
    expect(courseProgress(marks("xxx"))).toEqual({ completed: 3, total: 3, percent: 100, complete: true });
  });

  it("never calls an empty course complete, nor divides by zero", () => {
    expect(courseProgress([])).toEqual({ completed: 0, total: 0, percent: 0, complete: false });
    expect(progressFromCounts(0, 0).percent).toBe(0);
  });

  it("rounds down, so 100% means every chapter", () => {
    expect(progressFromCounts(2, 3).percent).toBe(66);
    expect(progressFromCounts(199, 200).percent).toBe(99);
  });

  it("drops a deleted chapter out of the counts: a completed one lowers both, an open one may complete the course", () => {
    const course = marks("xx.");
    expect(courseProgress(course.filter((c) => c.id !== "a"))).toMatchObject({ completed: 1, total: 2 });
    expect(courseProgress(course.filter((c) => c.id !== "c"))).toMatchObject({
      completed: 2,
      total: 2,
      complete: true,
    });
  });

  it("lowers the percentage when a chapter is added, keeping what was done", () => {
    const done = marks("xxxx");
    expect(courseProgress(done).percent).toBe(100);
    expect(courseProgress([...done, { id: "new", completed: false }])).toEqual({
      completed: 4,
      total: 5,
      percent: 80,
      complete: false,
    });
  });

  it("does not change with the order of chapters", () => {
    const course = marks("x..x");
    expect(courseProgress([...course].reverse())).toEqual(courseProgress(course));
  });

  it("clamps counts from a stale source into range", () => {
    expect(progressFromCounts(5, 3)).toEqual({ completed: 3, total: 3, percent: 100, complete: true });
    expect(progressFromCounts(-1, 3).completed).toBe(0);
  });

  it("says 'N of M chapters completed'", () => {
    expect(progressLabel(progressFromCounts(2, 5))).toBe("2 of 5 chapters completed");
    expect(progressLabel(progressFromCounts(0, 1))).toBe("0 of 1 chapter completed");
  });
});

describe("course state and its button", () => {
  it("is 'Start course' before anything is opened, 'Continue' once anything is, 'Review' when done", () => {
    expect(COURSE_ACTION_LABEL[courseState(progressFromCounts(0, 3), 0)]).toBe("Start course");
    expect(COURSE_ACTION_LABEL[courseState(progressFromCounts(0, 3), 1)]).toBe("Continue");
    expect(COURSE_ACTION_LABEL[courseState(progressFromCounts(2, 3), 2)]).toBe("Continue");
    expect(COURSE_ACTION_LABEL[courseState(progressFromCounts(3, 3), 3)]).toBe("Review");
  });

  it("keeps an empty course at 'Start course'", () => {
    expect(courseState(progressFromCounts(0, 0), 0)).toBe("not-started");
  });

  it("goes back to 'Continue' when a new chapter is added to a finished course", () => {
    expect(courseState(progressFromCounts(3, 4), 3)).toBe("in-progress");
  });
});

describe("next chapter that is not complete", () => {
  it("is the first incomplete chapter after the current one", () => {
    expect(nextIncompleteChapter(marks("..x."), "a")).toBe("b");
    expect(nextIncompleteChapter(marks(".xx."), "a")).toBe("d");
  });

  it("wraps to an earlier chapter the member skipped", () => {
    expect(nextIncompleteChapter(marks(".x.x"), "c")).toBe("a");
  });

  it("treats the current chapter as done (it was just completed)", () => {
    expect(nextIncompleteChapter(marks("x.xx"), "b")).toBeNull();
    expect(nextIncompleteChapter(marks("."), "a")).toBeNull();
  });

  it("is null for an empty course", () => {
    expect(nextIncompleteChapter([], "a")).toBeNull();
  });

  it("follows the current order after a reorder", () => {
    const course = marks("....");
    const reordered = [2, 0, 3, 1].map((index) => at(course, index));
    expect(nextIncompleteChapter(reordered, "c")).toBe("a");
    expect(nextIncompleteChapter(reordered, "b")).toBe("c");
  });

  it("skips a deleted chapter (it is not in the list), and starts from the top for an unknown current one", () => {
    const course = marks("....").filter((c) => c.id !== "b");
    expect(nextIncompleteChapter(course, "a")).toBe("c");
    expect(nextIncompleteChapter(marks("x.."), "gone")).toBe("b");
  });
});

describe("previous and next chapter links", () => {
  const chapters = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it("are the neighbours by position", () => {
    expect(adjacentChapters(chapters, "b")).toEqual({ previous: { id: "a" }, next: { id: "c" } });
  });
  it("have no previous on the first chapter and no next on the last", () => {
    expect(adjacentChapters(chapters, "a")).toEqual({ previous: null, next: { id: "b" } });
    expect(adjacentChapters(chapters, "c")).toEqual({ previous: { id: "b" }, next: null });
  });
  it("are both absent for a chapter not in the list, or a course of one chapter", () => {
    expect(adjacentChapters(chapters, "x")).toEqual({ previous: null, next: null });
    expect(adjacentChapters([{ id: "a" }], "a")).toEqual({ previous: null, next: null });
  });
});

describe("resume", () => {
  it("opens the chapter viewed last", () => {
    expect(
      resumeChapter([
        { id: "a", lastViewedAt: "2026-01-01T10:00:00Z" },
        { id: "b", lastViewedAt: "2026-01-03T10:00:00Z" },
        { id: "c", lastViewedAt: new Date("2026-01-02T10:00:00Z") },
      ]),
    ).toBe("b");
  });

  it("opens the first chapter for a new member, or when the last viewed one is gone", () => {
    expect(
      resumeChapter([
        { id: "a", lastViewedAt: null },
        { id: "b", lastViewedAt: null },
      ]),
    ).toBe("a");
  });

  it("has nothing to open in an empty course", () => {
    expect(resumeChapter([])).toBeNull();
  });
});

describe("repeat views", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const viewed = (a: string | null, b: string | null) => [
    { id: "a", lastViewedAt: a },
    { id: "b", lastViewedAt: b },
  ];

  it("skip the write for the chapter viewed last, within the minute", () => {
    expect(isRepeatView(viewed("2026-11-23T11:59:30Z", "2026-11-23T11:00:00Z"), "a", now)).toBe(true);
    expect(isRepeatView(viewed(new Date(now - REPEAT_VIEW_GRANULARITY_MS + 1).toISOString(), null), "a", now)).toBe(
      true,
    );
  });

  it("record a view that changes where the member resumes, a first view, and one over a minute later", () => {
    expect(isRepeatView(viewed("2026-11-23T11:59:30Z", "2026-11-23T11:59:50Z"), "a", now)).toBe(false);
    expect(isRepeatView(viewed(null, "2026-11-23T11:59:50Z"), "a", now)).toBe(false);
    expect(isRepeatView(viewed(null, null), "a", now)).toBe(false);
    expect(isRepeatView(viewed(new Date(now - REPEAT_VIEW_GRANULARITY_MS).toISOString(), null), "a", now)).toBe(false);
    expect(isRepeatView(viewed("2026-11-23T11:59:30Z", null), "missing", now)).toBe(false);
  });
});

describe("shares and dates", () => {
  it("gives bar widths as a percent of the members who started", () => {
    expect(shareOf(1, 4)).toBe(25);
    expect(shareOf(0, 0)).toBe(0);
    expect(shareOf(5, 4)).toBe(100);
  });

  it("prints a completion date in UTC, whatever the local zone", () => {
    expect(formatCompletionDate("2026-11-23T23:30:00Z")).toBe("November 23, 2026");
    expect(formatCompletionDate(new Date("2026-01-01T00:00:00Z"))).toBe("January 1, 2026");
  });
});
