import crypto from "node:crypto";
import { demoCourse } from "~/content/demo-course";
import { countCourses, createCourseWithChapters } from "~/models/course.server";
import { findUserByEmail, upsertAdmin } from "~/models/user.server";
import { env } from "~/infra/env.server";
import { hashPassword } from "~/infra/password.server";

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/**
 * Makes a fresh install usable: the admin account from ADMIN_EMAIL / ADMIN_PASSWORD (a password
 * is generated and printed once when none is given) and, on an empty database, the demo course.
 */
export async function seed() {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO_CONTENT } = env();
  const adminEmail = ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;

  if (ADMIN_PASSWORD) {
    await upsertAdmin({ email: adminEmail, name: "Admin", passwordHash: await hashPassword(ADMIN_PASSWORD) });
  } else if (!(await findUserByEmail(adminEmail))) {
    const generated = crypto.randomBytes(12).toString("base64url");
    await upsertAdmin({ email: adminEmail, name: "Admin", passwordHash: await hashPassword(generated) });
    console.log(
      `\n[seed] Created the admin account. Sign in at /login with\n` +
        `         email:    ${adminEmail}\n         password: ${generated}\n` +
        `       (shown once; set ADMIN_PASSWORD to choose your own)\n`,
    );
  }

  if (SEED_DEMO_CONTENT && (await countCourses()) === 0) {
    await createCourseWithChapters(demoCourse);
    console.log(`[seed] Added the demo course "${demoCourse.title}".`);
  }
}
