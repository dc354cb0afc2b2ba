import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";

export type UserRecord = {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  isAdmin: boolean;
  /** Set once the owner used a link mailed to the address; signup alone proves nothing. */
  emailVerified: boolean;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, executor: Database = db()): Promise<UserRecord | undefined> {
  const row = await executor
    .selectFrom("users")
    .select(["id", "email", "name", "password_hash", "is_admin", "email_verified_at"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      name: row.name,
      passwordHash: row.password_hash,
      isAdmin: row.is_admin,
      emailVerified: row.email_verified_at !== null,
    }
  );
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

export async function setPassword(userId: string, passwordHash: string, executor: Database = db()) {
  await executor
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** The owner proved the address (used a link mailed to it). Returns the address. */
export async function markEmailVerified(trx: Database, userId: string): Promise<string> {
  const row = await trx
    .updateTable("users")
    .set({ email_verified_at: sql`COALESCE(email_verified_at, now())`, updated_at: new Date() })
    .where("id", "=", userId)
    .returning("email")
    .executeTakeFirstOrThrow();
  return row.email;
}

/**
 * The account of a buyer who paid elsewhere (the marketplace): found by email, or created
 * without a password, which the buyer then sets through an emailed link.
 */
export async function findOrCreateBuyer(
  trx: Database,
  input: { email: string; name: string },
): Promise<UserRecord & { created: boolean }> {
  const created = await trx
    .insertInto("users")
    .values({ email: normalizeEmail(input.email), name: input.name.trim().slice(0, 100), password_hash: null })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  const user = await findUserByEmail(input.email, trx);
  if (!user) throw new Error(`the account of ${input.email} vanished while it was being created`);
  return { ...user, created: Boolean(created) };
}

/** Creates the admin or promotes and re-keys an existing account with that email. */
export async function upsertAdmin(input: { email: string; name: string; passwordHash: string }) {
  await db()
    .insertInto("users")
    // The operator names the admin's address, so it counts as verified.
    .values({
      email: normalizeEmail(input.email),
      name: input.name,
      password_hash: input.passwordHash,
      is_admin: true,
      email_verified_at: sql`now()`,
    })
    .onConflict((oc) =>
      oc.expression(sql`lower(email)`).doUpdateSet({
        is_admin: true,
        password_hash: input.passwordHash,
        email_verified_at: sql`COALESCE(users.email_verified_at, now())`,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function findUserById(userId: string, executor: Database = db()): Promise<UserRecord | undefined> {
  const row = await executor
    .selectFrom("users")
    .select(["id", "email", "name", "password_hash", "is_admin", "email_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      name: row.name,
      passwordHash: row.password_hash,
      isAdmin: row.is_admin,
      emailVerified: row.email_verified_at !== null,
    }
  );
}

export async function setName(userId: string, name: string) {
  await db().updateTable("users").set({ name: name.trim(), updated_at: new Date() }).where("id", "=", userId).execute();
}

/**
 * Moves the account to a new, proven address (a link mailed to it was used). False when another
 * account has the address by now; the unique index on lower(email) is the last word on races.
 */
export async function changeEmail(trx: Database, userId: string, newEmail: string): Promise<boolean> {
  const email = normalizeEmail(newEmail);
  const row = await trx
    .updateTable("users")
    .set({ email, email_verified_at: sql`now()`, updated_at: new Date() })
    .where("id", "=", userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("users as other")
            .select("other.id")
            .where(sql<boolean>`lower(other.email) = ${email}`)
            .where("other.id", "<>", userId),
        ),
      ),
    )
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}
