import { strToU8, zipSync, type Zippable } from "fflate";
import { demoCourse } from "./demo-course";
import { starterCourse } from "./starter-course";
import { whiteLabelCourse } from "./white-label-course";
import { seedProducts } from "~/features/catalogue/index.server";
import { parseItemList } from "~/features/billing";
import { env } from "~/platform/env.server";
import { ATTACHMENT_TYPES } from "~/features/files";
import { countCourses, createCourseWithChapters } from "~/features/learning/index.server";
import { bootstrapAdmin } from "~/features/members/index.server";
import { storeAttachment } from "~/features/files/index.server";
import { seedLaunchSettings } from "~/features/launch/index.server";
import { log } from "~/platform/log.server";

/**
 * Makes a fresh install usable: the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no
 * account has that address (never touching an existing one: docs/decisions/044) and, on an empty
 * database, the demo course, the free starter course (issue 27) and the White-label course with
 * its twelve app kits, and (once) the launch settings: the demo launch, or the defaults (decision
 * 053). The catalogue gets any product of the code defaults it lacks, and products no admin has
 * saved take their Stripe price and marketplace items from the environment (decision 051).
 */
export async function seed() {
  await bootstrapAdmin();
  const { STRIPE_PRICE_LIFETIME, STRIPE_PRICE_LIFETIME_REGULAR, WARRIORPLUS_MEMBERSHIP_ITEMS } = env();
  const membershipItems = [...parseItemList(WARRIORPLUS_MEMBERSHIP_ITEMS)];
  await seedProducts({
    stripePrices: { membership: { launch: STRIPE_PRICE_LIFETIME, regular: STRIPE_PRICE_LIFETIME_REGULAR } },
    items: membershipItems.length > 0 ? { membership: membershipItems } : {},
  });
  await seedLaunchSettings();
  if (env().SEED_DEMO_CONTENT && (await countCourses()) === 0) {
    await createCourseWithChapters(demoCourse);
    log.info({ course: demoCourse.title }, "seed: added the demo course");
    await createCourseWithChapters(starterCourse);
    log.info({ course: starterCourse.title }, "seed: added the starter course");
    await seedWhiteLabelCourse();
    log.info(
      { course: whiteLabelCourse.title, kits: whiteLabelCourse.chapters.length },
      "seed: added the white-label course",
    );
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
    requiredProduct: whiteLabelCourse.product,
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
