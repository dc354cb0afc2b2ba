import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import { deleteAllSessionsOfUser, deleteOtherSessionsOfUser } from "./session-store.server";
import { deleteChallengesOfUser, deleteFactors } from "./two-factor-store.server";
import * as singleUseToken from "~/platform/single-use-token.server";

export type UserRecord = {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  isAdmin: boolean;
  /** Set once the owner used a link mailed to the address; signup alone proves nothing. */
  emailVerified: boolean;
  /**
   * Whoever holds the password was shown to control the address (decision 048): a verified
   * address alone is not enough, since its owner may have confirmed an account a stranger made.
   */
  ownerProven: boolean;
  createdAt: Date;
};

const USER_COLUMNS = [
  "id",
  "email",
  "name",
  "password_hash",
  "is_admin",
  "email_verified_at",
  "owner_proven_at",
  "created_at",
] as const;

type UserRow = {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  is_admin: boolean;
  email_verified_at: Date | string | null;
  owner_proven_at: Date | string | null;
  created_at: Date;
};

const userRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  passwordHash: row.password_hash,
  isAdmin: row.is_admin,
  emailVerified: row.email_verified_at !== null,
  ownerProven: row.owner_proven_at !== null,
  createdAt: new Date(row.created_at),
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, executor: Database = db()): Promise<UserRecord | undefined> {
  const row = await executor
    .selectFrom("users")
    .select(USER_COLUMNS)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && userRecord(row);
}

/**
 * Creates the account, or returns null when the email is taken (the unique index decides).
 * `emailVerified`: the address counts as proven, and so does the password's holder (the operator
 * named both, as for the first admin).
 */
export async function createUser(input: {
  email: string;
  name: string;
  passwordHash: string | null;
  isAdmin?: boolean;
  emailVerified?: boolean;
}): Promise<{ id: string } | null> {
  const row = await db()
    .insertInto("users")
    .values({
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      password_hash: input.passwordHash,
      is_admin: input.isAdmin ?? false,
      email_verified_at: input.emailVerified ? sql`now()` : null,
      owner_proven_at: input.emailVerified ? sql`now()` : null,
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
 * Whoever holds the password controls the address (decision 048): a password was just set through
 * a link mailed to it, or the address was confirmed from a session of the account. The address
 * counts as verified too. Returns the address.
 */
export async function markOwnerProven(trx: Database, userId: string): Promise<string>;
/** Only while the account still uses `expectedEmail` (null otherwise: it moved since the link was mailed). */
export async function markOwnerProven(trx: Database, userId: string, expectedEmail: string): Promise<string | null>;
export async function markOwnerProven(trx: Database, userId: string, expectedEmail?: string): Promise<string | null> {
  let query = trx
    .updateTable("users")
    .set({
      email_verified_at: sql`COALESCE(email_verified_at, now())`,
      owner_proven_at: sql`now()`,
      updated_at: new Date(),
    })
    .where("id", "=", userId);
  if (expectedEmail !== undefined) query = query.where("email", "=", normalizeEmail(expectedEmail));
  const row = await query.returning("email").executeTakeFirst();
  if (!row && expectedEmail === undefined) throw new Error(`no user ${userId}`);
  return row?.email ?? null;
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

export async function findUserById(userId: string, executor: Database = db()): Promise<UserRecord | undefined> {
  const row = await executor.selectFrom("users").select(USER_COLUMNS).where("id", "=", userId).executeTakeFirst();
  return row && userRecord(row);
}

export async function setName(userId: string, name: string) {
  await db().updateTable("users").set({ name: name.trim(), updated_at: new Date() }).where("id", "=", userId).execute();
}

/**
 * Moves the account to a new, proven address (a link mailed to it was used). False when another
 * account has the address by now; the unique index on lower(email) is the last word on races.
 * `ownerProven`: the link was used from a session of this account, so the password's holder
 * controls the new address; otherwise the new address's owner may never have seen the account
 * (decision 048), and the account is unproven until a claim or a reset.
 */
export async function changeEmail(
  trx: Database,
  userId: string,
  newEmail: string,
  ownerProven: boolean,
): Promise<boolean> {
  const email = normalizeEmail(newEmail);
  const row = await trx
    .updateTable("users")
    .set({
      email,
      email_verified_at: sql`now()`,
      owner_proven_at: ownerProven ? sql`now()` : null,
      updated_at: new Date(),
    })
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

/** Every admin account, by address. */
export async function listAdmins(executor: Database = db()): Promise<Array<{ id: string; email: string }>> {
  return executor.selectFrom("users").select(["id", "email"]).where("is_admin", "=", true).orderBy("email").execute();
}

/**
 * The admin accounts, locked until the transaction ends (in id order, so two callers cannot
 * deadlock): a concurrent demotion waits, then sees this one's result, so two demotions of
 * the last two admins cannot both pass the "another admin remains" check.
 */
export async function lockAdmins(trx: Database): Promise<string[]> {
  const rows = await trx
    .selectFrom("users")
    .select("id")
    .where("is_admin", "=", true)
    .orderBy("id")
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Sets the admin flag; true when it changed (false when the account already had that value). */
export async function setAdmin(trx: Database, userId: string, isAdmin: boolean): Promise<boolean> {
  const row = await trx
    .updateTable("users")
    .set({ is_admin: isAdmin, updated_at: new Date() })
    .where("id", "=", userId)
    .where("is_admin", "=", !isAdmin)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Ends everything that lets anyone act as this account other than its password: every session,
 * half-finished two-factor sign-ins, the two-factor factor and recovery codes, and every emailed
 * link still outstanding. Returns how many sessions ended.
 */
export async function endCredentials(trx: Database, userId: string): Promise<{ sessions: number }> {
  const sessions = await deleteAllSessionsOfUser(userId, trx);
  await deleteChallengesOfUser(trx, userId);
  await deleteFactors(trx, userId);
  // Every emailed single-use link of every purpose: the epoch voids them all at once, and the
  // unused rows go too (decision 038).
  await singleUseToken.bumpCredentialEpoch(trx, userId);
  await singleUseToken.voidUnused(trx, userId);
  return { sessions };
}

/**
 * A credential of the account changed (password, address, second factor) or an admin ended its
 * sessions: every session but `keepSessionIdHash` (the one making the change, if any, and only
 * if it is this user's) ends, half-finished two-factor sign-ins end, and every link mailed before
 * stops working, whatever it is for (decision 046). Call it in the change's own transaction, so
 * no link or session outlives the change. Returns how many sessions ended.
 */
export async function credentialsChanged(
  trx: Database,
  userId: string,
  keepSessionIdHash: string | null,
): Promise<{ sessions: number }> {
  const sessions = keepSessionIdHash
    ? await deleteOtherSessionsOfUser(userId, keepSessionIdHash, trx)
    : await deleteAllSessionsOfUser(userId, trx);
  await deleteChallengesOfUser(trx, userId);
  await singleUseToken.bumpCredentialEpoch(trx, userId);
  return { sessions };
}
