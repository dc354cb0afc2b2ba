import { strToU8, zipSync, type Zippable } from "fflate";
import { demoCourse } from "~/content/demo-course";
import { whiteLabelCourse } from "~/content/white-label-course";
import { env } from "~/infra/env.server";
import { ATTACHMENT_TYPES } from "~/lib/attachments";
import { countCourses, createCourseWithChapters } from "~/models/course.server";
import { bootstrapAdmin } from "./admin-accounts.server";
import { storeAttachment } from "./attachments.server";
import { seedDemoLaunch } from "./launch.server";

/**
 * Makes a fresh install usable: the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no
 * account has that address (never touching an existing one: docs/decisions/044) and, on an empty
 * database, the demo course and the White-label course with its twelve app kits, and (once) the
 * demo launch settings (decision 053).
 */
export async function seed() {
  await bootstrapAdmin();
  await seedDemoLaunch();
  if (env().SEED_DEMO_CONTENT && (await countCourses()) === 0) {
    await createCourseWithChapters(demoCourse);
    console.log(`[seed] Added the demo course "${demoCourse.title}".`);
    await seedWhiteLabelCourse();
    console.log(`[seed] Added the course "${whiteLabelCourse.title}" with ${whiteLabelCourse.chapters.length} kits.`);
  }
}

// Zip stores an entry's time as local wall-clock fields, so a local date gives the same bytes in
// every time zone (as scripts/build-bonuses.js does): the same kit is always the same zip.
const KIT_TIME = new Date(2025, 5, 1);

async function seedWhiteLabelCourse() {
  const { chapters } = whiteLabelCourse;
  const { chapterIds } = await createCourseWithChapters({
    title: whiteLabelCourse.title,
    description: whiteLabelCourse.description,
    chapters: chapters.map(({ title, content }) => ({ title, content })),
  });
  for (const [index, { kit }] of chapters.entries()) {
    const entries: Zippable = {};
    for (const [name, text] of Object.entries(kit.files)) entries[`${kit.folder}/${name}`] = strToU8(text);
    await storeAttachment(chapterIds[index]!, {
      fileName: kit.fileName,
      bytes: zipSync(entries, { level: 9, mtime: KIT_TIME }),
      contentType: ATTACHMENT_TYPES.zip!,
    });
  }
}
