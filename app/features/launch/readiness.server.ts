import { sql } from "kysely";
import { db } from "~/platform/db/db.server";
import { env, placeholderMarketplaceLinks } from "~/platform/env.server";
import { now } from "~/platform/clock.server";
import { hasStripePrice } from "~/features/catalogue/index.server";
import { communityInviteUrl } from "~/features/community/index.server";
import { launchSettings } from "./launch.server";
import { readinessLines, type ProductFacts, type ReadinessLine } from "./readiness";

/**
 * The readiness check's facts, gathered: the configuration, the held launch settings and Stripe
 * prices, the community link (held per process), and one query for the products with the
 * courses that open each. Only whether each value is set leaves this module, never the value.
 */
export async function launchReadiness(): Promise<ReadinessLine[]> {
  const config = env();
  const settings = launchSettings();
  const [products, communityLink] = await Promise.all([productFacts(), communityInviteUrl()]);
  return readinessLines({
    placeholderLinks: placeholderMarketplaceLinks(config),
    products,
    stripeConfigured: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET),
    marketplaceConfigured: Boolean(config.WARRIORPLUS_SECURITY_KEY),
    postalAddress: Boolean(config.MAIL_POSTAL_ADDRESS),
    mailFrom: Boolean(config.MAIL_FROM),
    smtp: Boolean(config.SMTP_URL),
    communityLink: communityLink !== null,
    cartOpensAt: settings.cartOpensAt,
    cartClosesAt: settings.cartClosesAt,
    timeZone: settings.timeZone,
    now: now(),
    // The start refuses one or two of the three (env.server.ts), so one stands for all.
    dkim: Boolean(config.DKIM_PRIVATE_KEY),
  });
}

/**
 * Each product, sold or given, with its marketplace items and the published courses (with a
 * published chapter) that open it: a starter course opens for the membership too, as
 * catalogue's mayOpenCourse says. The Stripe price is the catalogue's held one.
 */
async function productFacts(): Promise<ProductFacts[]> {
  const rows = await db()
    .selectFrom("products as p")
    .select((eb) => [
      "p.key",
      "p.name",
      "p.launch_price_cents",
      sql<boolean>`cardinality(p.marketplace_items) > 0`.as("has_items"),
      eb
        .selectFrom("courses as c")
        .select(eb.fn.countAll<string>().as("count"))
        .where("c.status", "=", "published")
        .where((course) =>
          course.or([
            course("c.required_product", "=", course.ref("p.key")),
            course.and([course("p.key", "=", "membership"), course("c.required_product", "=", "starter")]),
          ]),
        )
        .where((course) =>
          course.exists(
            course
              .selectFrom("chapters as ch")
              .select("ch.id")
              .whereRef("ch.course_id", "=", "c.id")
              .where("ch.status", "=", "published"),
          ),
        )
        .as("courses"),
    ])
    .orderBy("p.sort_order")
    .orderBy("p.key")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    sold: row.launch_price_cents > 0,
    stripePrice: hasStripePrice(row.key),
    marketplaceItems: Boolean(row.has_items),
    courses: Number(row.courses ?? 0),
  }));
}
