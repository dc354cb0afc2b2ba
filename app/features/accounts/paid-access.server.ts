import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";

import { communityInviteUrl } from "~/features/community/index.server";

/** The one paid check (SQL function has_paid_access, docs/product.md §6). */
export async function hasPaidAccess(userId: string, executor: Database = db()): Promise<boolean> {
  const { rows } = await sql<{ paid: boolean }>`SELECT has_paid_access(${userId}::uuid) AS paid`.execute(executor);
  return rows[0]?.paid ?? false;
}

/** The community's invite link for mail to this buyer: only while they have paid access (decision 055). */
export async function communityFor(trx: Database, userId: string | null): Promise<string | null> {
  const url = await communityInviteUrl(trx);
  return url && userId && (await hasPaidAccess(userId, trx)) ? url : null;
}
