import { demoCourse } from "~/content/demo-course";
import { countCourses, createCourseWithChapters } from "~/models/course.server";
import { seedProducts } from "~/models/product.server";
import { parseItemList } from "~/lib/warriorplus";
import { env } from "~/infra/env.server";
import { bootstrapAdmin } from "./admin-accounts.server";

/**
 * Makes a fresh install usable: the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no
 * account has that address (never touching an existing one: docs/decisions/044) and, on an empty
 * database, the demo course. The catalogue gets any product of the code defaults it lacks, and
 * products no admin has saved take their Stripe price and marketplace items from the
 * environment (decision 051).
 */
export async function seed() {
  await bootstrapAdmin();
  const { STRIPE_PRICE_LIFETIME, WARRIORPLUS_MEMBERSHIP_ITEMS } = env();
  const membershipItems = [...parseItemList(WARRIORPLUS_MEMBERSHIP_ITEMS)];
  await seedProducts({
    stripePrice: { membership: STRIPE_PRICE_LIFETIME },
    items: membershipItems.length > 0 ? { membership: membershipItems } : {},
  });
  if (env().SEED_DEMO_CONTENT && (await countCourses()) === 0) {
    await createCourseWithChapters(demoCourse);
    console.log(`[seed] Added the demo course "${demoCourse.title}".`);
  }
}
