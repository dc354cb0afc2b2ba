export { includedCoursesOverview, installIncludedCourse } from "./included-courses.server";
export { loadLegalDocument, recordLegalDates } from "./legal-document.server";
export { brand, publicPage } from "./public-page.server";
export { loadSalesPage } from "./sales-page.server";
export { seed } from "./seed.server";
