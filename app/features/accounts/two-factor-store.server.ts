import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import { CHALLENGE_MINUTES } from "./two-factor-rules";

/**
 * `sealedSecret` is the TOTP secret as stored: encrypted (platform/at-rest.server.ts).
 * `enrolmentSessionHash`: for a pending factor, the session that started the enrolment.
 */
export type Factor = {
  id: string;
  status: "unverified" | "verified";
  sealedSecret: string;
  enrolmentSessionHash: string | null;
};

/** The user's TOTP factor, verified or still being set up. */
export async function findTotpFactor(userId: string, executor: Database = db()): Promise<Factor | null> {
  const row = await executor
    .selectFrom("auth_factors")
    .select(["id", "status", "secret", "enrolment_session_hash"])
    .where("user_id", "=", userId)
    .where("factor_type", "=", "totp")
    .executeTakeFirst();
  return row
    ? { id: row.id, status: row.status, sealedSecret: row.secret, enrolmentSessionHash: row.enrolment_session_hash }
    : null;
}

export async function hasVerifiedFactor(userId: string): Promise<boolean> {
  const row = await db()
    .selectFrom("auth_factors")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "verified")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Starts (or restarts) an enrolment with a new secret, bound to the session that started it. A
 * verified factor is never replaced this way: it must be disabled first. Returns false when one exists.
 */
export async function savePendingTotpFactor(
  userId: string,
  sealedSecret: string,
  sessionIdHash: string,
): Promise<boolean> {
  const row = await db()
    .insertInto("auth_factors")
    .values({
      user_id: userId,
      factor_type: "totp",
      status: "unverified",
      secret: sealedSecret,
      enrolment_session_hash: sessionIdHash,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "factor_type"])
        .doUpdateSet({ secret: sealedSecret, last_used_step: null, enrolment_session_hash: sessionIdHash })
        .where("auth_factors.status", "=", "unverified"),
    )
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Accepts the code of `step` for this user's TOTP factor, atomically: it succeeds only when no
 * code of this step or a later one was accepted before, so a code works once (replay protection).
 * `unverified` also turns a pending factor into a verified one (the enrolment's first code), only
 * for the session that started the enrolment (`enrolmentSessionHash`).
 */
export async function claimTotpStep(
  executor: Database,
  userId: string,
  step: number,
  expected: "verified" | { unverifiedFor: string },
): Promise<boolean> {
  const pending = expected !== "verified";
  const row = await executor
    .updateTable("auth_factors")
    .set({
      last_used_step: String(step),
      ...(pending ? { status: "verified" as const, verified_at: sql`now()`, enrolment_session_hash: null } : {}),
    })
    .where("user_id", "=", userId)
    .where("factor_type", "=", "totp")
    .where("status", "=", pending ? "unverified" : "verified")
    .where((eb) =>
      typeof expected === "object" ? eb("enrolment_session_hash", "=", expected.unverifiedFor) : eb.lit(true),
    )
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", String(step))]))
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes every factor and recovery code of the user. */
export async function deleteFactors(trx: Database, userId: string) {
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("auth_factors").where("user_id", "=", userId).execute();
}

/** Ends every half-finished sign-in of the user (password given, code still to come). */
export async function deleteChallengesOfUser(trx: Database, userId: string) {
  await trx.deleteFrom("mfa_challenges").where("user_id", "=", userId).execute();
}

/** The user's recovery codes become exactly these, given as their stored hashes (older ones stop working). */
export async function replaceRecoveryCodes(trx: Database, userId: string, codeHashes: string[]) {
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("recovery_codes")
    .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
    .execute();
}

/**
 * Uses a recovery code up, atomically: true once, false ever after (or for a wrong code).
 * `codeHashes`: every value the typed code may be stored as (one per key, platform/at-rest.server.ts).
 */
export async function spendRecoveryCode(executor: Database, userId: string, codeHashes: string[]): Promise<boolean> {
  const row = await executor
    .updateTable("recovery_codes")
    .set({ used_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("code_hash", "in", codeHashes)
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

// --- Secrets at rest: start-up and housekeeping (features/accounts/secrets-at-rest.server.ts) ----------

/** TOTP secrets not yet encrypted with the key `currentKeyId`: plain ones from before, or under an older key. */
export async function findTotpSecretsNotUnder(
  currentKeyId: string,
): Promise<Array<{ id: string; userId: string; stored: string }>> {
  const rows = await db()
    .selectFrom("auth_factors")
    .select(["id", "user_id", "secret"])
    .where(sql<boolean>`NOT starts_with(secret, ${`v1:${currentKeyId}:`})`)
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, stored: row.secret }));
}

/** Replaces a stored secret, unless it changed meanwhile (a new enrolment, another instance's pass). */
export async function replaceTotpSecret(id: string, from: string, to: string): Promise<boolean> {
  const result = await db()
    .updateTable("auth_factors")
    .set({ secret: to })
    .where("id", "=", id)
    .where("secret", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Recovery codes still stored as migration 0008 did: the plain SHA-256 of the code. */
export async function findUnkeyedRecoveryCodes(): Promise<Array<{ id: string; userId: string; codeHash: string }>> {
  const rows = await db()
    .selectFrom("recovery_codes")
    .select(["id", "user_id", "code_hash"])
    .where(sql<boolean>`NOT starts_with(code_hash, 'v1:')`)
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, codeHash: row.code_hash }));
}

export async function replaceRecoveryCodeHash(id: string, from: string, to: string): Promise<boolean> {
  const result = await db()
    .updateTable("recovery_codes")
    .set({ code_hash: to })
    .where("id", "=", id)
    .where("code_hash", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Unused recovery codes per key id they were keyed with. */
export async function countUnusedRecoveryCodesByKey(): Promise<Array<{ keyId: string; count: number }>> {
  const rows = await db()
    .selectFrom("recovery_codes")
    .select((eb) => [sql<string>`split_part(code_hash, ':', 2)`.as("key_id"), eb.fn.countAll<string>().as("n")])
    .where(sql<boolean>`starts_with(code_hash, 'v1:')`)
    .where("used_at", "is", null)
    .groupBy(sql`split_part(code_hash, ':', 2)`)
    .execute();
  return rows.map((row) => ({ keyId: row.key_id, count: Number(row.n) }));
}

export async function countUnusedRecoveryCodes(userId: string): Promise<number> {
  const row = await db()
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type Challenge = {
  userId: string;
  redirectTo: string | null;
  specialAccess: boolean;
  failures: number;
  /** When it began: the moment the password was typed (when `passwordTyped`). */
  createdAt: Date;
  /** False when the first step was an emailed sign-in link, not a password (decision 055). */
  passwordTyped: boolean;
};

/** A half-signed-in login: the password was right, the code is still to come. */
export async function createChallenge(
  idHash: string,
  input: { userId: string; redirectTo: string | null; specialAccess: boolean; passwordTyped?: boolean },
) {
  await db()
    .insertInto("mfa_challenges")
    .values({
      id_hash: idHash,
      user_id: input.userId,
      redirect_to: input.redirectTo,
      special_access: input.specialAccess,
      password_typed: input.passwordTyped ?? true,
      expires_at: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
    })
    .execute();
}

export async function findChallenge(idHash: string): Promise<Challenge | null> {
  const row = await db()
    .selectFrom("mfa_challenges")
    .select(["user_id", "redirect_to", "special_access", "failures", "created_at", "password_typed"])
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row
    ? {
        userId: row.user_id,
        redirectTo: row.redirect_to,
        specialAccess: row.special_access,
        failures: row.failures,
        createdAt: new Date(row.created_at),
        passwordTyped: row.password_typed,
      }
    : null;
}

/**
 * Takes one of the challenge's `maxFailures` tries BEFORE the code is checked, atomically, so
 * concurrent codes cannot all pass the count (decision 047). Returns the tries used with this
 * one, or null when the challenge is spent, expired or gone. A right code then deletes the row.
 */
export async function reserveChallengeTry(idHash: string, maxFailures: number): Promise<number | null> {
  const row = await db()
    .updateTable("mfa_challenges")
    .set({ failures: sql`failures + 1` })
    .where("id_hash", "=", idHash)
    .where("failures", "<", maxFailures)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("failures")
    .executeTakeFirst();
  return row?.failures ?? null;
}

/** Ends a challenge; true only for the one call that ended a live one (a login completes once). */
export async function deleteChallenge(idHash: string, executor: Database = db()): Promise<boolean> {
  const row = await executor
    .deleteFrom("mfa_challenges")
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return Boolean(row);
}
