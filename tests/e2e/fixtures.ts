import fs from "node:fs";
import path from "node:path";
import { test as base, type BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../../app/platform/db/db-schema";
import { E2E_BASE_URL, E2E_SESSION_SECRET } from "../../playwright.config";
import { createSessionRow, createUser } from "../support/fixtures";
import { cookieSigningSecret } from "../support/keys";

/**
 * Playwright fixtures that give a test a signed-in account without going through the sign-up form
 * and the fake checkout (payments.spec.ts tests those): the user, their paid order or admin flag and
 * a session go straight into the e2e server's database (tests/support/e2e-server.ts), and the signed
 * `__session` cookie goes into the browser context, as the login form would set it.
 */
export type Account = { id: string; email: string; name: string; password: string };

/** The same cookie the app signs (app/features/accounts/session.server.ts), with the key it derives from the e2e server's secret. */
const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: [cookieSigningSecret(E2E_SESSION_SECRET, "__session")],
});

async function signInAs(db: Kysely<DB>, context: BrowserContext, userId: string) {
  const session = await createSessionRow(db, userId);
  const header = await sessionCookie.serialize(session.id);
  const value = header.slice("__session=".length, header.indexOf(";"));
  await context.addCookies([{ name: "__session", value, url: E2E_BASE_URL, httpOnly: true, sameSite: "Lax" }]);
}

function databaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  return fs.readFileSync(path.join(dataDir, "database-url"), "utf8").trim();
}

export const test = base.extend<{ paidMember: Account; admin: Account }, { db: Kysely<DB> }>({
  db: [
    // Playwright reads a fixture's dependencies from this pattern; the database needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const db = new Kysely<DB>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(), max: 2 }) }),
      });
      await provide(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],

  /** A member who paid (a completed Stripe order), signed in. */
  paidMember: async ({ db, context }, provide) => {
    const name = "Pat Member";
    const user = await createUser(db, { name, paid: "stripe-order" });
    await signInAs(db, context, user.id);
    await provide({ ...user, name });
  },

  /** An admin (who has paid for nothing: admins pass the member guard), signed in. */
  admin: async ({ db, context }, provide) => {
    const name = "Ada Admin";
    const user = await createUser(db, { name, isAdmin: true });
    await signInAs(db, context, user.id);
    await provide({ ...user, name });
  },
});

export { expect } from "@playwright/test";
