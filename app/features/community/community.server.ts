import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { writeAudit } from "~/platform/audit.server";
import { SETTINGS_REFRESH_MS } from "~/platform/settings-poller.server";
import { readCommunityOverride, saveCommunityOverride } from "./community-settings.server";

/**
 * The private community's invite link (issue 28, decision 055): the admin's override, else
 * COMMUNITY_INVITE_URL, else none ('Join Discord (Coming Soon)' stays). Only member pages (paid
 * members, never cached) and mail to paying buyers may show it; no public loader reads it.
 * Inside a transaction, pass it: on PGlite the one connection is the transaction's, so a read
 * through `db()` there would wait for it forever.
 */
export async function communityInviteUrl(executor: Database = db()): Promise<string | null> {
  return (await cachedOverride(executor)) ?? env().COMMUNITY_INVITE_URL ?? null;
}

/**
 * The override, held per process and read again on a member page's request at most every
 * SETTINGS_REFRESH_MS (the interval the catalogue and launch settings are re-read at), so the
 * member pages' query budget stays as it was; a save here is seen at once, elsewhere within that.
 */
let held: { value: string | null; at: number } | null = null;

async function cachedOverride(executor: Database): Promise<string | null> {
  if (held && Date.now() - held.at < SETTINGS_REFRESH_MS) return held.value;
  const value = await readCommunityOverride(executor);
  held = { value, at: Date.now() };
  return value;
}

export async function saveCommunityInviteUrl(admin: { id: string; email: string }, url: string | null) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await saveCommunityOverride(trx, url);
      await writeAudit(trx, {
        admin,
        action: "save_community_settings",
        memberId: null,
        details: { before, after: url },
      });
    });
  held = { value: url, at: Date.now() };
}
