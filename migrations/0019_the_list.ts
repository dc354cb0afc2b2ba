import { sql, type Kysely } from "kysely";

/**
 * The list (issue 27, decision 054): leads that get the starter product, the "Lead training"
 * sequence, announcements, and who unsubscribed.
 *
 * - `leads.unsubscribed_at` (shared with the privacy work, hence IF NOT EXISTS) and
 *   `leads.customer_at` (the lead bought something: the training stops).
 * - `users.news_opt_out_at`: 'Product news and announcements' turned off (null: on).
 * - `email_sequence_steps`: the training, seeded with three steps.
 * - `announcements`: one row per announcement; `sent_at` set once, by the first confirmation.
 * - `email_outbox` learns what a message is (`category`), when it is due (`send_after`), which
 *   step or announcement it belongs to, when it was claimed last (the send rate) and whether it
 *   was canceled (an unsubscribe, a purchase).
 * - Triggers (as decision 051 does for purchases): a lead's verified account gets the starter
 *   entitlement, whichever path verified it; an entitlement to anything but the starter makes the
 *   lead a customer and cancels the training still queued.
 */
const STEPS = [
  {
    position: 1,
    hours: 24,
    subject: "Day 1: Find an AI SaaS idea people will pay for",
    body: `Hi {{name}},

Welcome to day 1 of your training. Today is about the one decision that matters most: **what to build**.

Most first apps fail because they solve a problem nobody pays to solve. Start from money already being spent:

1. Pick a niche you know (a job you had, a hobby, a business a friend runs).
2. List three tasks in it that take someone more than an hour a week.
3. For each, ask: is someone already paying a freelancer, a VA or a tool to do this?

Any task with a "yes" is a candidate. Open the [SaaS Idea Generator]({{site}}/app-idea-generator) and filter by that niche to see ideas built around exactly these tasks.

Tomorrow: turning your best idea into a prompt that builds the app.`,
  },
  {
    position: 2,
    hours: 48,
    subject: "Day 2: Write the prompt that builds your app",
    body: `Hi {{name}},

Yesterday you chose an idea. Today you turn it into a working first version.

A good build prompt has four parts:

- **Who** it is for ("freelance bookkeepers with 5 to 20 clients").
- **The one job** it does ("turns a bank CSV into categorised expenses").
- **The screens**: upload, review, export. No more than three for a first version.
- **What "done" looks like**: the file a user downloads at the end.

Write yours in that order, keep it under 200 words, and paste it into your AI app builder. Expect to iterate two or three times: each time, describe what is wrong as precisely as a bug report.

Your starter course, "Your first AI SaaS idea in 30 minutes", walks through a full example: {{site}}/dashboard

Tomorrow: charging for it.`,
  },
  {
    position: 3,
    hours: 72,
    subject: "Day 3: Add payments and launch",
    body: `Hi {{name}},

An app nobody pays for is a hobby. Today you make it a business.

1. **Pick one price.** A monthly price between $19 and $49 is easy to say yes to for a tool that saves an hour a week.
2. **Add checkout** with your payment provider's hosted page: no card data ever touches your app.
3. **Tell ten people** who have the problem. Not a launch post: ten direct messages. Ask them to try it and tell you what is missing.

Your first paying customer is the proof that matters. Members of the full program get every lesson, the app kits and the templates behind these three days: {{site}}/upgrades

Reply to this email if you get stuck: a real person reads it.`,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE leads ADD COLUMN IF NOT EXISTS unsubscribed_at timestamptz`.execute(db);
  await sql`ALTER TABLE leads ADD COLUMN customer_at timestamptz`.execute(db);
  await sql`CREATE INDEX leads_created_idx ON leads (created_at DESC)`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN news_opt_out_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE email_sequence_steps (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sequence_key text NOT NULL CHECK (sequence_key IN ('lead_training')),
      position integer NOT NULL CHECK (position BETWEEN 1 AND 50),
      delay_hours integer NOT NULL CHECK (delay_hours BETWEEN 0 AND 8760),
      subject text NOT NULL CHECK (length(trim(subject)) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (length(trim(body)) BETWEEN 1 AND 20000),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      UNIQUE (sequence_key, position)
    )`.execute(db);
  for (const step of STEPS) {
    await sql`
      INSERT INTO email_sequence_steps (sequence_key, position, delay_hours, subject, body)
      VALUES ('lead_training', ${step.position}, ${step.hours}, ${step.subject}, ${step.body})`.execute(db);
  }

  await sql`
    CREATE TABLE announcements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subject text NOT NULL CHECK (length(trim(subject)) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (length(trim(body)) BETWEEN 1 AND 20000),
      audience text NOT NULL CHECK (audience IN ('members', 'leads', 'service')),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      recipients integer
    )`.execute(db);

  await sql`
    ALTER TABLE email_outbox
      ADD COLUMN category text NOT NULL DEFAULT 'transactional'
        CHECK (category IN ('transactional', 'sequence', 'announcement', 'service')),
      ADD COLUMN send_after timestamptz,
      ADD COLUMN sequence_step_id uuid REFERENCES email_sequence_steps (id) ON DELETE SET NULL,
      ADD COLUMN announcement_id uuid REFERENCES announcements (id) ON DELETE SET NULL,
      ADD COLUMN claimed_at timestamptz,
      ADD COLUMN canceled_at timestamptz`.execute(db);
  await sql`CREATE INDEX email_outbox_claimed_idx ON email_outbox (claimed_at) WHERE category <> 'transactional'`.execute(
    db,
  );
  await sql`CREATE INDEX email_outbox_announcement_idx ON email_outbox (announcement_id) WHERE announcement_id IS NOT NULL`.execute(
    db,
  );

  // A lead's account gets the starter product once its address is verified (a signup from the
  // confirmation email's link, a later signup, a verification, a marketplace account...).
  await sql`
    CREATE FUNCTION starter_for_verified_lead() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.email_verified_at IS NULL THEN RETURN NULL; END IF;
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
      SELECT NEW.id, 'starter', 'lead_signup', l.id::text FROM leads l WHERE l.email = lower(NEW.email)
      ON CONFLICT (source_kind, source_ref) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_lead_starter AFTER INSERT OR UPDATE OF email_verified_at, email ON users
    FOR EACH ROW EXECUTE FUNCTION starter_for_verified_lead()`.execute(db);
  // A member with a verified address who signs up as a lead afterwards.
  await sql`
    CREATE FUNCTION starter_for_new_lead() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
      SELECT u.id, 'starter', 'lead_signup', NEW.id::text FROM users u
      WHERE lower(u.email) = NEW.email AND u.email_verified_at IS NOT NULL
      ON CONFLICT (source_kind, source_ref) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER leads_starter AFTER INSERT ON leads
    FOR EACH ROW EXECUTE FUNCTION starter_for_new_lead()`.execute(db);

  // Buying anything, from any source (every sale becomes an entitlement, decision 051), makes the
  // buyer's lead a customer and cancels the training steps not sent yet.
  await sql`
    CREATE FUNCTION lead_became_customer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      address text := (SELECT lower(email) FROM users WHERE id = NEW.user_id);
    BEGIN
      IF NEW.product_key = 'starter' OR NEW.revoked_at IS NOT NULL OR address IS NULL THEN RETURN NULL; END IF;
      UPDATE leads SET customer_at = coalesce(customer_at, now()) WHERE email = address;
      UPDATE email_outbox SET canceled_at = now()
      WHERE to_address = address AND category = 'sequence' AND sent_at IS NULL AND canceled_at IS NULL;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER entitlements_lead_customer AFTER INSERT OR UPDATE ON entitlements
    FOR EACH ROW EXECUTE FUNCTION lead_became_customer()`.execute(db);

  // Leads who bought before this migration.
  await sql`
    UPDATE leads l SET customer_at = e.granted_at
    FROM users u JOIN entitlements e ON e.user_id = u.id
    WHERE lower(u.email) = l.email AND e.product_key <> 'starter' AND e.revoked_at IS NULL`.execute(db);
  // Leads with a verified account before this migration get their starter product now.
  await sql`
    INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
    SELECT u.id, 'starter', 'lead_signup', l.id::text FROM leads l JOIN users u ON lower(u.email) = l.email
    WHERE u.email_verified_at IS NOT NULL
    ON CONFLICT (source_kind, source_ref) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS entitlements_lead_customer ON entitlements`.execute(db);
  await sql`DROP FUNCTION IF EXISTS lead_became_customer()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS leads_starter ON leads`.execute(db);
  await sql`DROP FUNCTION IF EXISTS starter_for_new_lead()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_lead_starter ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS starter_for_verified_lead()`.execute(db);
  await sql`DELETE FROM entitlements WHERE source_kind = 'lead_signup'`.execute(db);
  await sql`
    ALTER TABLE email_outbox
      DROP COLUMN IF EXISTS category, DROP COLUMN IF EXISTS send_after, DROP COLUMN IF EXISTS sequence_step_id,
      DROP COLUMN IF EXISTS announcement_id, DROP COLUMN IF EXISTS claimed_at, DROP COLUMN IF EXISTS canceled_at`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS announcements`.execute(db);
  await sql`DROP TABLE IF EXISTS email_sequence_steps`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS news_opt_out_at`.execute(db);
  await sql`DROP INDEX IF EXISTS leads_created_idx`.execute(db);
  await sql`ALTER TABLE leads DROP COLUMN IF EXISTS customer_at`.execute(db);
  // unsubscribed_at is shared with the privacy migration: it stays.
}
