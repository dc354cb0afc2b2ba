import type { ColumnType, Generated } from "kysely";

/** Kysely's view of the schema that migrations/ creates. Keep the two in step. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string | null;
  is_admin: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Date | string;
  user_agent: string | null;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

export interface CoursesTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ChaptersTable {
  id: Generated<string>;
  course_id: string;
  title: string;
  content: Generated<string>;
  sort_order: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StripeCustomersTable {
  id: Generated<string>;
  user_id: string;
  customer_id: string;
  created_at: CreatedAt;
}

export type StripeOrderStatus = "pending" | "completed" | "refunded" | "canceled";

export interface StripeOrdersTable {
  id: Generated<string>;
  checkout_session_id: string;
  payment_intent_id: string | null;
  customer_id: string;
  product_key: string | null;
  amount_subtotal: number | null;
  amount_total: number | null;
  currency: string | null;
  payment_status: string | null;
  status: StripeOrderStatus;
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
  refunded_at: Date | string | null;
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
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Date | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Date | string;
}

export type ConsentChoiceColumn = "all" | "essential" | "none";

export interface CookieConsentsTable {
  id: Generated<string>;
  choice: ConsentChoiceColumn;
  banner_version: string;
  client_hash: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export interface LeadsTable {
  id: Generated<string>;
  email: string;
  name: Generated<string>;
  source: string;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  courses: CoursesTable;
  chapters: ChaptersTable;
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
}
