import { demoCourse } from "./demo-course";
import { installLackingIncludedCourses } from "./included-courses.server";
import { seedProducts } from "~/features/catalogue/index.server";
import { parseItemList } from "~/features/billing";
import { env } from "~/platform/env.server";
import { countCourses, createCourseWithChapters } from "~/features/learning/index.server";
import { bootstrapAdmin } from "~/features/members/index.server";
import { seedLaunchSettings } from "~/features/launch/index.server";
import { log } from "~/platform/log.server";

/**
 * Makes an install usable, at every start: the admin account from ADMIN_EMAIL / ADMIN_PASSWORD
 * when no account has that address (never touching an existing one: docs/decisions/044), the
 * products of the code defaults the catalogue lacks (products no admin has saved take their Stripe
 * price and marketplace items from the environment, decision 051), the launch settings once (the
 * demo launch, or the defaults: decision 053), and the included courses (the Starter, White-label
 * and VIP courses) of the products no course opens, production included (decision 063). Only
 * with SEED_DEMO_CONTENT on, and only on an empty database, the demo course comes first.
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
  }
  for (const course of await installLackingIncludedCourses()) {
    log.info(
      { course: course.title, product: course.product, chapters: course.chapters.length },
      "seed: installed the included course",
    );
  }
}
