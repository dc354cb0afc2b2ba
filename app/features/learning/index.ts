export { adminMessages } from "./admin-messages";
export { adminHref, parseAdminView } from "./admin-view";
export { AdminWorkspace } from "./admin-workspace";
export { ChapterBody } from "./chapter-body";
export { ChapterProgressForm } from "./chapter-progress-form";
export { CourseList } from "./course-list";
export { DraftBadge, ProgressBar } from "./progress-bar";
export { COURSE_ACTION_LABEL, adjacentChapters, formatCompletionDate } from "./progress";
export { readingTimeLabel } from "./reading";
