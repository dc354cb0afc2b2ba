import type { Selectable } from "kysely";
import type { DB } from "./db-schema.generated";

/**
 * Kysely's view of the schema. The tables and views are generated from a migrated database
 * (./db-schema.generated.ts, by `npm run db:schema`; docs/architecture.md, "One current schema");
 * this file only gives names to the column types the app passes around. A column's values come
 * from its CHECK constraint, so adding a value in a migration adds it here.
 */
export type { DB } from "./db-schema.generated";

type Column<Table extends keyof DB, Name extends keyof Selectable<DB[Table]>> = Selectable<DB[Table]>[Name];

/** What an emailed single-use link is for; a link of one purpose is never accepted for another. */
export type TokenPurpose = Column<"single_use_tokens", "purpose">;
/** Members see only published courses, and only the published chapters of those (issue 15). */
export type PublicationStatus = Column<"courses", "status">;
export type StripeOrderStatus = Column<"stripe_orders", "status">;
export type OrderSource = Column<"order_ledger", "source">;
export type EmailCategory = Column<"email_outbox", "category">;
export type AnnouncementAudience = Column<"announcements", "audience">;
export type EntitlementSourceKind = Column<"entitlements", "source_kind">;
export type CustomSaasStatus = Column<"custom_saas_applications", "status">;
export type CustomSaasHosting = Column<"custom_saas_applications", "hosting">;
