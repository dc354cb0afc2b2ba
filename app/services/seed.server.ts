import { demoCourse } from "~/content/demo-course";
import { countCourses, createCourseWithChapters } from "~/models/course.server";
import { env } from "~/infra/env.server";
import { bootstrapAdmin } from "./admin-accounts.server";

/**
 * Makes a fresh install usable: the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no
 * account has that address (never touching an existing one: docs/decisions/044) and, on an empty
 * database, the demo course.
 */
export async function seed() {
  await bootstrapAdmin();
  if (env().SEED_DEMO_CONTENT && (await countCourses()) === 0) {
    await createCourseWithChapters(demoCourse);
    console.log(`[seed] Added the demo course "${demoCourse.title}".`);
  }
}
