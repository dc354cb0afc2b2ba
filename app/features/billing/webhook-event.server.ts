import type { Database } from "~/platform/db/db.server";

/**
 * Records a provider's event id; false when it was already recorded (a repeat delivery).
 * Call it in the transaction that applies the event: if applying fails, the record is rolled
 * back with it and the provider's retry is processed afresh.
 */
export async function recordWebhookEvent(
  trx: Database,
  provider: string,
  eventId: string,
  eventType: string,
): Promise<boolean> {
  const row = await trx
    .insertInto("webhook_events")
    .values({ provider, event_id: eventId, event_type: eventType.slice(0, 200) })
    .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}
