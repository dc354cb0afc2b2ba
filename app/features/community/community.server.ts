import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { writeAudit } from "~/platform/audit.server";
import { SETTINGS_REFRESH_MS, settingsPoller } from "~/platform/settings-poller.server";
import { readCommunityOverride, saveCommunityOverride } from "./community-settings.server";

/**
 * The private community's invite link (issue 28, decision 055): the admin's override, else
 * COMMUNITY_INVITE_URL, else none ('Join Discord (Coming Soon)' stays). Only member pages (paid
 * members, never cached) and mail to paying buyers may show it; the public pages read only
 * whether one is set, to list the community or not (issue 40).
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

/**
 * Whether a community link is set, as this process holds it: no query, so the public pages (which
 * cost none for an anonymous visitor) list the community only while there is one (issue 40).
 * The held override is re-read every SETTINGS_REFRESH_MS off any request's path.
 */
export function communityLinkSet(): boolean {
  return (held?.value ?? env().COMMUNITY_INVITE_URL ?? null) !== null;
}

const refresh = settingsPoller("community refresh", async () => {
  held = { value: await readCommunityOverride(db()), at: Date.now() };
});

export async function startCommunityRefresh() {
  held = { value: await readCommunityOverride(db()), at: Date.now() };
  refresh.start();
}

export const stopCommunityRefresh = refresh.stop;

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
