import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";

/** A step of the "Lead training" sequence (decision 054). */
export type SequenceStep = {
  id: string;
  position: number;
  delayHours: number;
  subject: string;
  body: string;
  updatedAt: Date;
};

export async function listSequenceSteps(trx: Database = db()): Promise<SequenceStep[]> {
  const rows = await trx
    .selectFrom("email_sequence_steps")
    .selectAll()
    .where("sequence_key", "=", "lead_training")
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    delayHours: row.delay_hours,
    subject: row.subject,
    body: row.body,
    updatedAt: row.updated_at,
  }));
}

export async function getSequenceStep(id: string): Promise<SequenceStep | null> {
  const row = await db().selectFrom("email_sequence_steps").selectAll().where("id", "=", id).executeTakeFirst();
  return row
    ? {
        id: row.id,
        position: row.position,
        delayHours: row.delay_hours,
        subject: row.subject,
        body: row.body,
        updatedAt: row.updated_at,
      }
    : null;
}

/**
 * Saves a step. The queued messages of the step take its new subject at once (the list shows
 * it); their body is written when each is sent, so every message sent from now on says what the
 * step says now. Their time stays: it was promised when the lead subscribed.
 */
export async function updateSequenceStep(
  trx: Database,
  input: { id: string; delayHours: number; subject: string; body: string; adminId: string },
): Promise<SequenceStep | null> {
  const row = await trx
    .updateTable("email_sequence_steps")
    .set({
      delay_hours: input.delayHours,
      subject: input.subject,
      body: input.body,
      updated_at: sql`now()`,
      updated_by: input.adminId,
    })
    .where("id", "=", input.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  await trx
    .updateTable("email_outbox")
    .set({ subject: input.subject })
    .where("sequence_step_id", "=", input.id)
    .where("sent_at", "is", null)
    .execute();
  return {
    id: row.id,
    position: row.position,
    delayHours: row.delay_hours,
    subject: row.subject,
    body: row.body,
    updatedAt: row.updated_at,
  };
}

/**
 * Queues every step for a new lead, each due `delay_hours` after `subscribedAt` (send_after).
 * The stored body is a placeholder: the mailer writes the step's current text when it sends.
 */
export async function queueSequenceFor(trx: Database, email: string, subscribedAt: Date): Promise<number> {
  const steps = await listSequenceSteps(trx);
  if (steps.length === 0) return 0;
  await trx
    .insertInto("email_outbox")
    .values(
      steps.map((step) => {
        const due = new Date(subscribedAt.getTime() + step.delayHours * 3_600_000);
        return {
          to_address: email,
          subject: step.subject,
          text_body: `[training step ${step.position}: written when sent]`,
          html_body: null,
          category: "sequence" as const,
          sequence_step_id: step.id,
          send_after: due,
          next_attempt_at: due,
        };
      }),
    )
    .execute();
  return steps.length;
}
