import { sql } from "kysely";
import { db } from "~/lib/db.server";

export type UserRecord = {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  isAdmin: boolean;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const row = await db()
    .selectFrom("users")
    .select(["id", "email", "name", "password_hash", "is_admin"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash, isAdmin: row.is_admin };
}

/** Creates the account, or returns null when the email is taken (the unique index decides). */
export async function createUser(input: {
  email: string;
  name: string;
  passwordHash: string | null;
  isAdmin?: boolean;
}): Promise<{ id: string } | null> {
  const row = await db()
    .insertInto("users")
    .values({
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      password_hash: input.passwordHash,
      is_admin: input.isAdmin ?? false,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ?? null;
}

export async function setPassword(userId: string, passwordHash: string) {
  await db()
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Creates the admin or promotes and re-keys an existing account with that email. */
export async function upsertAdmin(input: { email: string; name: string; passwordHash: string }) {
  await db()
    .insertInto("users")
    .values({ email: normalizeEmail(input.email), name: input.name, password_hash: input.passwordHash, is_admin: true })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .doUpdateSet({ is_admin: true, password_hash: input.passwordHash, updated_at: new Date() }),
    )
    .execute();
}

export async function hasAnyAdmin(): Promise<boolean> {
  const row = await db().selectFrom("users").select("id").where("is_admin", "=", true).limit(1).executeTakeFirst();
  return Boolean(row);
}
