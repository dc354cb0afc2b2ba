import crypto from "node:crypto";
import { hash } from "@node-rs/bcrypt";
import type { Kysely } from "kysely";
import type { DB } from "../../app/platform/db/db-schema";
import { Browser } from "./http";

export const PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

export type PaidSource =
  | "none"
  | "warriorplus"
  | "warriorplus-refunded"
  | "warriorplus-upsell-only"
  | "stripe-order"
  | "stripe-order-refunded"
  | "stripe-order-pending"
  | "subscription-active"
  | "subscription-trialing"
  | "subscription-canceled";

export function uniqueEmail(label = "user") {
  return `${label}-${crypto.randomBytes(5).toString("hex")}@test.example`;
}

/** Inserts a user with the given paid source (docs/product.md §6) straight into the database. */
export async function createUser(
  db: Kysely<DB>,
  /**
   * `verified: false` makes an account whose email nobody proved (a fresh signup); default proven,
   * and its password's holder too (`ownerProven`, decision 048) unless `ownerProven: false`.
   */
  options: {
    email?: string;
    name?: string;
    isAdmin?: boolean;
    paid?: PaidSource;
    verified?: boolean;
    ownerProven?: boolean;
  } = {},
): Promise<{ id: string; email: string; password: string }> {
  passwordHash ??= hash(PASSWORD, { cost: 4 });
  const email = options.email ?? uniqueEmail(options.paid ?? "user");
  const user = await db
    .insertInto("users")
    .values({
      email,
      name: options.name ?? "Test User",
      password_hash: await passwordHash,
      is_admin: options.isAdmin ?? false,
      email_verified_at: options.verified === false ? null : new Date(),
      owner_proven_at: options.verified === false || options.ownerProven === false ? null : new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await grantPaidSource(db, user.id, email, options.paid ?? "none");
  return { id: user.id, email, password: PASSWORD };
}

export async function grantPaidSource(db: Kysely<DB>, userId: string, email: string, paid: PaidSource) {
  if (paid === "none") return;
  const token = crypto.randomBytes(6).toString("hex");
  if (paid.startsWith("warriorplus")) {
    await db
      .insertInto("warriorplus_orders")
      .values({
        user_id: userId,
        sale_id: `SALE-${token}`,
        buyer_email: email,
        grants_membership: paid !== "warriorplus-upsell-only",
        refunded_at: paid === "warriorplus-refunded" ? new Date() : null,
      })
      .execute();
    return;
  }
  const customerId = `cus_${token}`;
  await db.insertInto("stripe_customers").values({ user_id: userId, customer_id: customerId }).execute();
  if (paid.startsWith("stripe-order")) {
    const status = paid === "stripe-order" ? "completed" : paid === "stripe-order-refunded" ? "refunded" : "pending";
    await db
      .insertInto("stripe_orders")
      .values({
        checkout_session_id: `cs_${token}`,
        customer_id: customerId,
        status,
        amount_total: 2500,
        currency: "usd",
        paid_at: status === "pending" ? null : new Date(),
      })
      .execute();
    return;
  }
  await db
    .insertInto("stripe_subscriptions")
    .values({ customer_id: customerId, subscription_id: `sub_${token}`, status: paid.replace("subscription-", "") })
    .execute();
}

/** A session row for the user, as the login form would create it; its id is the cookie's value. */
export async function createSessionRow(db: Kysely<DB>, userId: string): Promise<{ id: string }> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      // Only the id's SHA-256 is stored (issue 10); the cookie carries the id itself.
      id_hash: crypto.createHash("sha256").update(id).digest("hex"),
      user_id: userId,
      expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000),
      user_agent: null,
    })
    .execute();
  return { id };
}

/** Signs in through the real login form and returns the browser holding the session cookie. */
export async function signIn(baseUrl: string, email: string, password = PASSWORD): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const response = await browser.post("/login", { email, password });
  if (response.status !== 303) throw new Error(`sign-in of ${email} failed with status ${response.status}`);
  return browser;
}
