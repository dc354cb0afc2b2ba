import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";

/** The one paid check (SQL function has_paid_access, docs/product.md §6). */
export async function hasPaidAccess(userId: string, executor: Database = db()): Promise<boolean> {
  const { rows } = await sql<{ paid: boolean }>`SELECT has_paid_access(${userId}::uuid) AS paid`.execute(executor);
  return rows[0]?.paid ?? false;
}
