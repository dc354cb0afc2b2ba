import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";

/** The admin's override of COMMUNITY_INVITE_URL (migration 0020, decision 055); null: none. */
export async function readCommunityOverride(executor: Database = db()): Promise<string | null> {
  const row = await executor.selectFrom("community_settings").select("invite_url").executeTakeFirst();
  return row?.invite_url ?? null;
}

/** Sets (or with null clears) the override; returns the value it replaced. */
export async function saveCommunityOverride(trx: Database, inviteUrl: string | null): Promise<string | null> {
  const before = await readCommunityOverride(trx);
  await trx
    .insertInto("community_settings")
    .values({ invite_url: inviteUrl })
    .onConflict((oc) => oc.column("id").doUpdateSet({ invite_url: inviteUrl, updated_at: sql`now()` }))
    .execute();
  return before;
}
