export { handleAttachmentAction } from "./attachment-admin.server";
export { getChapter } from "./chapter-store.server";
export { handleAdminAction } from "./course-admin.server";
export type { ChapterFormFailure } from "./course-admin.server";
export {
  countCourses,
  coursesPerProduct,
  createCourseWithChapters,
  deleteCourse,
  getCourseOutline,
  listCourses,
} from "./course-store.server";
export { claimCertificate, isOwnView, loadDashboard, openCourse, updateProgress } from "./learning.server";
export { chapterEngagement, courseEngagement, findCertificate, listCourseProgress } from "./progress-store.server";
