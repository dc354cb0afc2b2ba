import { strToU8, zipSync, type Zippable } from "fflate";
import { catalogue } from "~/features/catalogue/index.server";
import { ATTACHMENT_TYPES } from "~/features/files";
import { storeAttachment } from "~/features/files/index.server";
import { coursesPerProduct, createCourseWithChapters, deleteCourse } from "~/features/learning/index.server";
import { writeAudit } from "~/platform/audit.server";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { db } from "~/platform/db/db.server";
import { INCLUDED_COURSE_MESSAGES } from "./included-course-forms";
import { INCLUDED_COURSES, includedCourseOf, lackingIncludedCourses, type IncludedCourse } from "./included-courses";

// Zip stores an entry's time as local wall-clock fields, so a local date gives the same bytes in
// every time zone (as scripts/build-bonuses.js does): the same kit is always the same zip.
const KIT_TIME = new Date(2025, 5, 1);

/**
 * Adds a fresh copy of an included course: the course and its chapters (one transaction), then
 * each chapter's kit as its zip attachment, then `andThen`. Nothing existing is read or changed.
 * When a step fails the copy is deleted whole, its stored kits with it, so an install is all or
 * nothing and the next start tries again.
 */
async function addCopy(
  course: IncludedCourse,
  status: PublicationStatus,
  andThen?: (courseId: string) => Promise<void>,
): Promise<string> {
  const { courseId, chapterIds } = await createCourseWithChapters({
    title: course.title,
    description: course.description,
    requiredProduct: course.product,
    status,
    chapters: course.chapters.map(({ title, content }) => ({ title, content })),
  });
  try {
    for (const [index, { kit }] of course.chapters.entries()) {
      if (!kit) continue;
      const entries: Zippable = {};
      for (const [name, text] of Object.entries(kit.files)) entries[`${kit.folder}/${name}`] = strToU8(text);
      const stored = await storeAttachment(chapterIds[index]!, {
        fileName: kit.fileName,
        bytes: zipSync(entries, { level: 9, mtime: KIT_TIME }),
        contentType: ATTACHMENT_TYPES.zip!,
      });
      if (!stored) throw new Error(`the chapter of ${kit.fileName} went while the course was installed`);
    }
    await andThen?.(courseId);
  } catch (error) {
    await deleteCourse(courseId);
    throw error;
  }
  return courseId;
}

/**
 * The start's part (decision 063): installs, published, the included course of each product that
 * no course opens, on every install (demo or not). Returns what it installed, in list order. Runs
 * under the start-up lock, so instances starting together install each once.
 */
export async function installLackingIncludedCourses(): Promise<IncludedCourse[]> {
  const lacking = lackingIncludedCourses(await coursesPerProduct());
  for (const course of lacking) await addCopy(course, "published");
  return lacking;
}

export type InstallResult =
  { ok: true; courseId: string; message: string } | { ok: false; status: number; message: string };

/**
 * /admin/products' 'Install the included course': a fresh copy of the product's course, as a draft
 * for the admin to read and publish (so members never see two copies at once), audited once it is
 * whole. The courses already there, the product's included copy among them, stay as they are.
 */
export async function installIncludedCourse(
  admin: { id: string; email: string },
  product: string,
): Promise<InstallResult> {
  const course = includedCourseOf(product);
  if (!course) return { ok: false, status: 404, message: INCLUDED_COURSE_MESSAGES.noCourse };
  const courseId = await addCopy(course, "draft", (courseId) =>
    writeAudit(db(), {
      admin,
      action: "install_included_course",
      memberId: null,
      details: { product, courseId, title: course.title, chapters: course.chapters.length },
    }),
  );
  return {
    ok: true,
    courseId,
    message: `${course.title} was installed as a new draft course: publish it from the Admin Panel. Your other courses are unchanged.`,
  };
}

/** /admin/products' 'Included courses': each product's course and how many courses open that product today. */
export async function includedCoursesOverview() {
  const [counts, products] = [await coursesPerProduct(), catalogue()];
  return INCLUDED_COURSES.map((course) => ({
    product: course.product,
    productName: products[course.product].name,
    title: course.title,
    chapters: course.chapters.length,
    kits: course.chapters.filter((chapter) => chapter.kit).length,
    coursesOpening: counts[course.product] ?? 0,
  }));
}
