import { sql, type Kysely } from "kysely";

/**
 * The schema says what it keeps (docs/architecture.md, "One current schema"): each trigger
 * function carries a comment naming the rule it keeps, in one sentence, and so do the paid-access
 * functions and the views. The notes on tables and columns that lived beside the hand-written
 * Kysely types move here too, so db/schema.sql and the generated types both carry them.
 * Comments only: no table, row or behaviour changes.
 */
const FUNCTION_COMMENTS: Record<string, string> = {
  "entitlement_from_stripe_order()":
    "Decision 051: a completed Stripe order grants its product (the membership for a membership offer) as exactly one entitlement, and its refund, dispute or cancellation revokes that entitlement.",
  "entitlement_from_stripe_subscription()":
    "Decision 051: a Stripe subscription's membership entitlement is active exactly while the subscription is active or trialing.",
  "entitlement_from_marketplace_order()":
    "Decision 051: a marketplace (WarriorPlus) order grants its product once it belongs to an account, and its refund revokes that entitlement.",
  "entitlement_from_grant()":
    "Decision 051: an admin's access grant is mirrored whole in its entitlement: its product, expiry and revocation.",
  "early_bonus_for_buyer()":
    "Decision 053 (the early bonus is counted): the first launch_settings.early_bonus_buyers buyers of the membership get the early bonus, which ends with the membership that earned it, and a spot once given never reopens.",
  "starter_for_verified_lead()":
    "Decision 054 (starter access by trigger): an account whose address becomes verified gets the starter product when a lead has that address.",
  "starter_for_new_lead()":
    "Decision 054 (starter access by trigger): a new lead whose address belongs to a verified account gives that account the starter product.",
  "lead_became_customer()":
    "Decision 054 (buying stops the training): any entitlement but starter makes the buyer's lead a customer and cancels its training emails not yet sent.",
  "delete_attachment_bytes()":
    "Decisions 052 and 057: a chapter attachment's or chapter image's bytes in stored_files are deleted with its row, also when a chapter or course delete cascades.",
  "has_paid_access(uuid)":
    "Decision 007, the one definition of paid: the user has an active membership entitlement (not revoked, not expired).",
  "paid_access_sources(uuid)":
    "Decision 007: the labels of where a user's active membership comes from (Stripe, WarriorPlus, Complimentary, Lead signup, Launch bonus), for the admin pages.",
};

const VIEW_COMMENTS: Record<string, string> = {
  order_ledger:
    "Every order of both sources (Stripe, WarriorPlus) in one shape, with the catalogue product when known: member page, purchases, receipts, recent orders and the orders export (migrations 0007, 0015).",
  user_payment_status: "Decision 007: has_paid_access for every user.",
  stripe_user_orders: "Stripe orders with the user of their Stripe customer.",
  stripe_user_subscriptions: "Stripe subscriptions with the user of their Stripe customer.",
};

const TABLE_COMMENTS: Record<string, string> = {
  chapter_attachments: "A chapter's downloadable file (issue 25); its bytes are in the file store under storage_key.",
  chapter_images: "An image in a course's chapters, its bytes in the file store (migration 0022, decision 057).",
  stored_files: "The PostgreSQL file store's bytes, by key (decision 052).",
  erasures: "One row per erased person (migration 0021, decision 056): the pseudonym their orders keep.",
  products: "The catalogue (migration 0015, decision 051).",
  entitlements:
    "Who owns which product and why (migration 0015, decision 051); kept in step with its source row by triggers.",
  custom_saas_applications: "A custom SaaS owner's project application (migration 0015).",
  launch_settings: "The launch settings, at most one row (migration 0017; /admin/launch).",
  community_settings: "The admin's override of COMMUNITY_INVITE_URL (migration 0020): one row at most.",
};

const COLUMN_COMMENTS: Record<string, string> = {
  "users.owner_proven_at":
    "When whoever holds the password was last shown to control the address (a password set through a link mailed to it, or the address confirmed from a session of the account). Null: the password may be a stranger's, so marketplace purchases wait for a claim (decision 048).",
  "users.credential_epoch": "Raised when the user's credentials change; only links issued in the current epoch work.",
  "users.news_opt_out_at": "'Product news and announcements' turned off (decision 054); null: on.",
  "sessions.id_hash": "SHA-256 (hex) of the id in the cookie; the id itself is never stored.",
  "sessions.aal": "Assurance level: aal1 after a password, aal2 after a password and a second factor.",
  "sessions.password_verified_at":
    "When this session last proved the password: its sign-in, or a re-entry (migration 0012).",
  "auth_factors.secret": "The TOTP secret, base32.",
  "auth_factors.last_used_step":
    "The time step of the last code accepted: no code of that step or earlier works again.",
  "auth_factors.enrolment_session_hash":
    "A pending factor: the session that started the enrolment, the only one that sees it (migration 0012).",
  "mfa_challenges.id_hash": "SHA-256 of the id in the half-signed-in cookie.",
  "mfa_challenges.password_typed": "False when an emailed sign-in link, not a password, began it (migration 0020).",
  "single_use_tokens.token_hash": "SHA-256 (hex) of the token in the link; the token itself is never stored.",
  "single_use_tokens.data": 'What the link carries besides its user, e.g. { "newEmail": ... } for an email change.',
  "single_use_tokens.credential_epoch": "The user's credential_epoch when the link was issued.",
  "courses.required_product": "The product that opens the course (migration 0015): 'membership' for every member.",
  "stripe_customers.user_id": "Null once the user is erased (migration 0021): the customer stays for accounting.",
  "stripe_customers.erased_as": "The pseudonym of the erased user (migration 0021).",
  "stripe_orders.user_id": "Who started the checkout (set when the pending order is written); null on older rows.",
  "stripe_orders.receipt_queued_at":
    "Set once, in the transaction that queued the buyer's receipt (so it is sent once).",
  "stripe_orders.erased_as": "The pseudonym of the erased buyer (migration 0021).",
  "stripe_orders.refund_requested_at":
    "An admin asked Stripe for a refund (migration 0020); cleared when Stripe refused.",
  "stripe_orders.refund_id": "Stripe's refund id, once Stripe accepted the request.",
  "stripe_orders.paid_at":
    "When the payment arrived (migration 0023): set once, as the order leaves pending for completed; the guarantee runs from it. created_at is when the checkout started.",
  "warriorplus_orders.product_key":
    "The catalogue product this sale is of (migration 0015); null for an item the catalogue does not list.",
  "warriorplus_orders.erased_as": "The pseudonym of the erased buyer (migration 0021); buyer_email then holds it too.",
  "email_outbox.sealed_links":
    "The tokens of the message's links, sealed (decision 046); null once sent or when it has none.",
  "email_outbox.forget_when_sent": "Delete the row once delivered (migration 0021): the farewell after an erasure.",
  "email_outbox.category":
    "What the message is (decision 054): marketing ('sequence', 'announcement') can be unsubscribed from.",
  "email_outbox.send_after": "When a scheduled message (a training step) is due; null: at once.",
  "email_outbox.claimed_at": "The last claim for delivery: the send rate (MAIL_RATE_PER_MINUTE) counts these.",
  "email_outbox.canceled_at":
    "Never to be sent: its recipient unsubscribed or bought (the training), or the lead was deleted.",
  "cookie_consents.user_id": "The signed-in account that chose (migration 0021); null for a visitor.",
  "leads.unsubscribed_at":
    "Unsubscribed from every marketing email (decision 054; migrations 0019 and 0021); null: subscribed.",
  "leads.customer_at": "Bought something: the training stops, the admin sees 'Customer'.",
  "email_sequence_steps.body": "Markdown; {{name}} and {{site}} are filled in per message.",
  "announcements.sent_at": "Set once, by the first 'Send to N recipients': a second click queues nothing.",
  "access_grants.product_key": "The product the grant gives (migration 0015; every older grant gave the membership).",
  "products.edited_at": "Null until an admin saves the product: until then the start applies the environment's seeds.",
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [fn, comment] of Object.entries(FUNCTION_COMMENTS)) {
    await sql`COMMENT ON FUNCTION ${sql.raw(fn)} IS ${sql.lit(comment)}`.execute(db);
  }
  for (const [view, comment] of Object.entries(VIEW_COMMENTS)) {
    await sql`COMMENT ON VIEW ${sql.ref(view)} IS ${sql.lit(comment)}`.execute(db);
  }
  for (const [table, comment] of Object.entries(TABLE_COMMENTS)) {
    await sql`COMMENT ON TABLE ${sql.ref(table)} IS ${sql.lit(comment)}`.execute(db);
  }
  for (const [column, comment] of Object.entries(COLUMN_COMMENTS)) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS ${sql.lit(comment)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const fn of Object.keys(FUNCTION_COMMENTS)) await sql`COMMENT ON FUNCTION ${sql.raw(fn)} IS NULL`.execute(db);
  for (const view of Object.keys(VIEW_COMMENTS)) await sql`COMMENT ON VIEW ${sql.ref(view)} IS NULL`.execute(db);
  for (const table of Object.keys(TABLE_COMMENTS)) await sql`COMMENT ON TABLE ${sql.ref(table)} IS NULL`.execute(db);
  for (const column of Object.keys(COLUMN_COMMENTS)) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS NULL`.execute(db);
  }
}
