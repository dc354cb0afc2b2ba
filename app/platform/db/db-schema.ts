import type { ColumnType, Generated } from "kysely";

/** Kysely's view of the schema that migrations/ creates. Keep the two in step. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A nullable column a new row may leave out (null). */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string | null;
  is_admin: Generated<boolean>;
  email_verified_at: Date | string | null;
  /**
   * When whoever holds the password was last shown to control the address (a password set through
   * a link mailed to it, or the address confirmed from a session of the account). Null: the
   * password may be a stranger's, so marketplace purchases wait for a claim (decision 048).
   */
  owner_proven_at: Date | string | null;
  /** Raised when the user's credentials change; only links issued in the current epoch work. */
  credential_epoch: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 'Product news and announcements' turned off (decision 054); null: on. */
  news_opt_out_at: Date | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the id in the cookie; the id itself is never stored. */
  id_hash: string;
  user_id: string;
  expires_at: Date | string;
  last_seen_at: Generated<Date>;
  user_agent: string | null;
  created_at: CreatedAt;
  /** Assurance level: aal1 after a password, aal2 after a password and a second factor. */
  aal: Generated<"aal1" | "aal2">;
  /** When this session last proved the password: its sign-in, or a re-entry (migration 0012). */
  password_verified_at: Optional<Date | string>;
}

export interface AuthFactorsTable {
  id: Generated<string>;
  user_id: string;
  factor_type: "totp" | "phone";
  status: "unverified" | "verified";
  /** The TOTP secret, base32. */
  secret: string;
  /** The time step of the last code accepted: no code of that step or earlier works again. */
  last_used_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  created_at: CreatedAt;
  verified_at: Date | string | null;
  /** A pending factor: the session that started the enrolment, the only one that sees it (migration 0012). */
  enrolment_session_hash: Optional<string>;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

export interface MfaChallengesTable {
  /** SHA-256 of the id in the half-signed-in cookie. */
  id_hash: string;
  user_id: string;
  redirect_to: string | null;
  special_access: Generated<boolean>;
  failures: Generated<number>;
  /** False when an emailed sign-in link, not a password, began it (migration 0020). */
  password_typed: Generated<boolean>;
  expires_at: Date | string;
  created_at: CreatedAt;
}

export interface KnownDevicesTable {
  user_id: string;
  device: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

/** What an emailed single-use link is for; a link of one purpose is never accepted for another. */
export type TokenPurpose =
  | "password_reset"
  | "email_verification"
  | "email_change"
  | "invitation"
  | "sign_in"
  | "claim"
  // Confirms 'Delete my account' of an account without a password (migration 0021).
  | "account_deletion";

export interface SingleUseTokensTable {
  id: Generated<string>;
  purpose: TokenPurpose;
  user_id: string;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  /** What the link carries besides its user, e.g. `{ "newEmail": ... }` for an email change. */
  data: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  /** The user's credential_epoch when the link was issued. */
  credential_epoch: number;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

/** Members see only published courses, and only the published chapters of those (issue 15). */
export type PublicationStatus = "draft" | "published";

export interface CoursesTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  status: Generated<PublicationStatus>;
  /** The product that opens the course (migration 0015): 'membership' for every member. */
  required_product: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ChaptersTable {
  id: Generated<string>;
  course_id: string;
  title: string;
  content: Generated<string>;
  sort_order: number;
  status: Generated<PublicationStatus>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A chapter's downloadable file (issue 25); its bytes are in the file store under `storage_key`. */
export interface ChapterAttachmentsTable {
  id: Generated<string>;
  chapter_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: CreatedAt;
}

/** An image in a course's chapters, its bytes in the file store (migration 0022, decision 057). */
export interface ChapterImagesTable {
  id: Generated<string>;
  course_id: string;
  content_type: string;
  width: number;
  height: number;
  size_bytes: number;
  storage_key: string;
  created_at: CreatedAt;
}

/** The PostgreSQL file store's bytes, by key (app/features/files/stored-file.server.ts, decision 052). */
export interface StoredFilesTable {
  key: string;
  bytes: Uint8Array;
  created_at: CreatedAt;
}

export interface StripeCustomersTable {
  id: Generated<string>;
  /** Null once the user is erased (migration 0021): the customer stays for accounting. */
  user_id: string | null;
  customer_id: string;
  /** The pseudonym of the erased user (migration 0021). */
  erased_as: Optional<string>;
  created_at: CreatedAt;
}

export type StripeOrderStatus = "pending" | "completed" | "refunded" | "disputed" | "canceled";

export interface StripeOrdersTable {
  id: Generated<string>;
  checkout_session_id: string;
  payment_intent_id: string | null;
  customer_id: string | null;
  /** Who started the checkout (set when the pending order is written); null on older rows. */
  user_id: string | null;
  price_id: string | null;
  product_key: string | null;
  amount_subtotal: number | null;
  amount_total: number | null;
  currency: string | null;
  payment_status: string | null;
  status: StripeOrderStatus;
  refunded_at: Date | string | null;
  /** Set once, in the transaction that queued the buyer's receipt (so it is sent once). */
  receipt_queued_at: Date | string | null;
  /** The pseudonym of the erased buyer (migration 0021). */
  erased_as: Optional<string>;
  /** An admin asked Stripe for a refund (migration 0020); cleared when Stripe refused. */
  refund_requested_at: Generated<Date | string | null>;
  /** Stripe's refund id, once Stripe accepted the request. */
  refund_id: Generated<string | null>;
  /**
   * When the payment arrived (migration 0023): set once, as the order leaves pending for
   * completed; the guarantee runs from it. `created_at` is when the checkout started.
   */
  paid_at: Generated<Date | string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StripeSubscriptionsTable {
  id: Generated<string>;
  customer_id: string;
  subscription_id: string;
  price_id: string | null;
  status: string;
  current_period_end: Date | string | null;
  cancel_at_period_end: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StripeUserOrdersView {
  user_id: string;
  customer_id: string;
  checkout_session_id: string;
  payment_intent_id: string | null;
  amount_total: number | null;
  currency: string | null;
  status: StripeOrderStatus;
  created_at: Date;
}

export interface StripeUserSubscriptionsView {
  user_id: string;
  customer_id: string;
  subscription_id: string;
  status: string;
  current_period_end: Date | null;
}

export interface UserPaymentStatusView {
  user_id: string;
  has_paid: boolean;
}

export interface WarriorplusOrdersTable {
  id: Generated<string>;
  user_id: string | null;
  sale_id: string;
  txn_id: string | null;
  item_number: string | null;
  item_name: string | null;
  buyer_email: string;
  buyer_name: string | null;
  affiliate_id: string | null;
  amount_cents: number | null;
  currency: string | null;
  grants_membership: Generated<boolean>;
  /** The catalogue product this sale is of (migration 0015); null for an item the catalogue does not list. */
  product_key: string | null;
  refunded_at: Date | string | null;
  /** The pseudonym of the erased buyer (migration 0021); buyer_email then holds it too. */
  erased_as: Optional<string>;
  created_at: CreatedAt;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  provider: string;
  event_id: string;
  event_type: string;
  received_at: CreatedAt;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** The tokens of the message's links, sealed (decision 046); null once sent or when it has none. */
  sealed_links: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Date | null;
  /** Delete the row once delivered (migration 0021): the farewell after an erasure. */
  forget_when_sent: Generated<boolean>;
  created_at: CreatedAt;
  /** What the message is (decision 054): marketing ('sequence', 'announcement') can be unsubscribed from. */
  category: Generated<EmailCategory>;
  /** When a scheduled message (a training step) is due; null: at once. */
  send_after: Date | null;
  sequence_step_id: string | null;
  announcement_id: string | null;
  /** The last claim for delivery: the send rate (MAIL_RATE_PER_MINUTE) counts these. */
  claimed_at: Date | null;
  /** Never to be sent: its recipient unsubscribed or bought (the training), or the lead was deleted. */
  canceled_at: Date | null;
}

export type EmailCategory = "transactional" | "sequence" | "announcement" | "service";

export interface EmailSequenceStepsTable {
  id: Generated<string>;
  sequence_key: "lead_training";
  position: number;
  delay_hours: number;
  subject: string;
  /** Markdown; `{{name}}` and `{{site}}` are filled in per message. */
  body: string;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export type AnnouncementAudience = "members" | "leads" | "service";

export interface AnnouncementsTable {
  id: Generated<string>;
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  created_by: string | null;
  created_at: CreatedAt;
  /** Set once, by the first 'Send to N recipients': a second click queues nothing. */
  sent_at: Date | null;
  recipients: number | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Date | string;
  last_hit_at: Generated<Date>;
}

export interface StripePaymentReversalsTable {
  payment_intent_id: string;
  kind: "refunded" | "disputed";
  created_at: CreatedAt;
}

export type ConsentChoiceColumn = "all" | "essential" | "none";

export interface CookieConsentsTable {
  id: Generated<string>;
  choice: ConsentChoiceColumn;
  banner_version: string;
  client_hash: string | null;
  user_agent: string | null;
  /** The signed-in account that chose (migration 0021); null for a visitor. */
  user_id: Optional<string>;
  created_at: CreatedAt;
}

export interface LeadsTable {
  id: Generated<string>;
  email: string;
  name: Generated<string>;
  source: string;
  created_at: CreatedAt;
  /** Unsubscribed from every marketing email (decision 054; migrations 0019 and 0021); null: subscribed. */
  unsubscribed_at: Date | null;
  /** Bought something: the training stops, the admin sees 'Customer'. */
  customer_at: Date | null;
}

/** One row per erased person (migration 0021, decision 056): the pseudonym their orders keep. */
export interface ErasuresTable {
  pseudonym: string;
  requested_by: "member" | "admin";
  erased_at: Generated<Date>;
}

export interface AccessGrantsTable {
  id: Generated<string>;
  user_id: string;
  reason: string;
  expires_at: Date | string | null;
  granted_by: string | null;
  revoked_at: Date | string | null;
  revoked_by: string | null;
  /** The product the grant gives (migration 0015; every older grant gave the membership). */
  product_key: Generated<string>;
  created_at: CreatedAt;
}

/** The catalogue (migration 0015, decision 051). */
export interface ProductsTable {
  key: string;
  name: string;
  price_cents: number;
  list_price_cents: number | null;
  stripe_price_id: string | null;
  marketplace_items: ColumnType<string[], string[] | undefined, string[]>;
  sort_order: number;
  /** Null until an admin saves the product: until then the start applies the environment's seeds. */
  edited_at: Date | string | null;
  edited_by: string | null;
  created_at: CreatedAt;
}

export type EntitlementSourceKind =
  "stripe_order" | "stripe_subscription" | "marketplace_order" | "grant" | "lead_signup" | "launch_bonus";

/** Who owns which product and why (migration 0015); kept in step with its source row by triggers. */
export interface EntitlementsTable {
  id: Generated<string>;
  user_id: string;
  product_key: string;
  source_kind: EntitlementSourceKind;
  source_ref: string;
  granted_at: Generated<Date>;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  revoke_reason: string | null;
}

export type CustomSaasStatus = "new" | "in_progress" | "delivered" | "refunded";
export type CustomSaasHosting = "recommend" | "own" | "undecided";

/** A custom SaaS owner's project application (migration 0015). */
export interface CustomSaasApplicationsTable {
  id: Generated<string>;
  user_id: string;
  project_name: string;
  description: string;
  availability: string;
  hosting: CustomSaasHosting;
  status: Generated<CustomSaasStatus>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AdminAuditLogTable {
  id: Generated<string>;
  admin_id: string | null;
  admin_email: string;
  action: string;
  member_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

/** The launch settings, at most one row (migration 0017; /admin/launch). */
export interface LaunchSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  cart_opens_at: Optional<Date>;
  cart_closes_at: Optional<Date>;
  time_zone: string;
  early_bonus_buyers: number;
  custom_saas_capacity: number;
  custom_saas_booked_elsewhere: number;
  full_blast_starts_at: Optional<Date>;
  winners_announced_at: Optional<Date>;
  updated_at: Timestamp;
}

/** The admin's override of COMMUNITY_INVITE_URL (migration 0020): one row at most. */
export interface CommunitySettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  invite_url: string | null;
  updated_at: Timestamp;
}

export type OrderSource = "stripe" | "warriorplus";

/** Every order of both sources in one shape (view order_ledger, migration 0007). */
export interface OrderLedgerView {
  source: OrderSource;
  id: string;
  user_id: string | null;
  created_at: Date;
  product: string | null;
  amount_cents: number | null;
  currency: string | null;
  status: StripeOrderStatus;
  refunded_at: Date | null;
  reference: string;
  affiliate_id: string | null;
  /** The catalogue product of the order (migration 0015), when known. */
  product_key: string | null;
}

export interface ChapterProgressTable {
  user_id: string;
  chapter_id: string;
  completed_at: Date | string | null;
  last_viewed_at: Timestamp;
}

export interface CertificatesTable {
  id: Generated<string>;
  code: string;
  user_id: string | null;
  course_id: string | null;
  recipient_name: string;
  course_title: string;
  completed_at: Date | string;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  auth_factors: AuthFactorsTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  known_devices: KnownDevicesTable;
  stripe_payment_reversals: StripePaymentReversalsTable;
  single_use_tokens: SingleUseTokensTable;
  courses: CoursesTable;
  chapters: ChaptersTable;
  chapter_attachments: ChapterAttachmentsTable;
  chapter_images: ChapterImagesTable;
  stored_files: StoredFilesTable;
  stripe_customers: StripeCustomersTable;
  stripe_orders: StripeOrdersTable;
  stripe_subscriptions: StripeSubscriptionsTable;
  stripe_user_orders: StripeUserOrdersView;
  stripe_user_subscriptions: StripeUserSubscriptionsView;
  user_payment_status: UserPaymentStatusView;
  warriorplus_orders: WarriorplusOrdersTable;
  webhook_events: WebhookEventsTable;
  rate_limits: RateLimitsTable;
  email_outbox: EmailOutboxTable;
  cookie_consents: CookieConsentsTable;
  leads: LeadsTable;
  email_sequence_steps: EmailSequenceStepsTable;
  announcements: AnnouncementsTable;
  erasures: ErasuresTable;
  access_grants: AccessGrantsTable;
  products: ProductsTable;
  entitlements: EntitlementsTable;
  custom_saas_applications: CustomSaasApplicationsTable;
  admin_audit_log: AdminAuditLogTable;
  launch_settings: LaunchSettingsTable;
  community_settings: CommunitySettingsTable;
  order_ledger: OrderLedgerView;
  chapter_progress: ChapterProgressTable;
  certificates: CertificatesTable;
}
