import { sql, type Kysely } from "kysely";

/**
 * Launch settings (issue 26, decision 053): the one row the admin edits at /admin/launch. No row
 * means the defaults of app/features/launch/launch.ts and no dates, which is what production starts with; the
 * demo seed writes a row of its own. `id` is always true, so there is at most one row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE launch_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      cart_opens_at timestamptz,
      cart_closes_at timestamptz,
      time_zone text NOT NULL,
      early_bonus_buyers integer NOT NULL CHECK (early_bonus_buyers >= 0),
      custom_saas_capacity integer NOT NULL CHECK (custom_saas_capacity >= 0),
      custom_saas_booked_elsewhere integer NOT NULL CHECK (custom_saas_booked_elsewhere >= 0),
      full_blast_starts_at timestamptz,
      winners_announced_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (cart_closes_at IS NULL OR cart_opens_at IS NULL OR cart_closes_at > cart_opens_at)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE launch_settings`.execute(db);
}
