import { db, type Database } from "~/infra/db.server";
import { normalizeEmail } from "./user.server";

/**
 * Stores a lead once per email address (lower-cased; the unique index decides). A repeat
 * signup changes nothing and is not an error: the visitor sees the same success either way.
 */
export async function captureLead(
  input: { email: string; name?: string; source: string },
  trx: Database = db(),
): Promise<{ created: boolean }> {
  const row = await trx
    .insertInto("leads")
    .values({ email: normalizeEmail(input.email), name: input.name?.trim() ?? "", source: input.source })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return { created: Boolean(row) };
}
