/**
 * What the admin panel says (docs/product.md §8). The spec's alert() texts are shown as flash messages with
 * the same words; the course messages follow the chapter ones, as the spec names none.
 */
export const adminMessages = {
  noCourses: "No courses yet. Create your first course to get started.",
  courseTitleRequired: "Please enter a title for the course",
  courseAudienceInvalid: "Choose who can open this course from the list.",
  courseCreated: "Course created successfully!",
  courseUpdated: "Course updated successfully!",
  courseDeleted: "Course deleted successfully!",
  courseSaveError: (reason?: string) => `Error saving course: ${reason || "Unknown error"}`,
  courseDeleteError: (reason?: string) => `Error deleting course: ${reason || "Unknown error"}`,
  confirmDeleteCourse:
    "Are you sure you want to delete this course? This will also delete all chapters within it. This action cannot be undone.",
  chapterTitleRequired: "Please enter a title for the chapter",
  chapterCreated: "New chapter created successfully!",
  chapterUpdated: "Chapter updated successfully!",
  chapterDeleted: "Chapter deleted successfully!",
  chapterSaveError: (reason?: string) => `Error saving chapter: ${reason || "Unknown error"}`,
  chapterDeleteError: (reason?: string) => `Error deleting chapter: ${reason || "Unknown error"}`,
  chapterMoveError: (reason?: string) => `Error moving chapter: ${reason || "Unknown error"}`,
  confirmDeleteChapter: "Are you sure you want to delete this chapter? This action cannot be undone.",
  courseDraftSaved: "Course saved as draft. Members will not see it until you publish it.",
  chapterDraftSaved: "Chapter saved as draft. Members will not see it until you publish it.",
  coursePublished: "Course published. Members can see it now.",
  courseUnpublished: "Course unpublished. Members no longer see it.",
  chapterPublished: "Chapter published. Members can see it now.",
  chapterUnpublished: "Chapter unpublished. Members no longer see it.",
  statusError: (reason?: string) => `Error changing the status: ${reason || "Unknown error"}`,
  courseGone: "The course no longer exists.",
  chapterGone: "The chapter no longer exists.",
  serverUnreachable:
    "the server could not be reached (check your connection). Your text is kept here and in this browser; save again when you are back online.",
} as const;
