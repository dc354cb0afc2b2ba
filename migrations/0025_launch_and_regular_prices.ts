import { sql, type Kysely } from "kysely";

/**
 * One price rule for both paths (decision 064): a product has a launch price and a regular price,
 * each with its own Stripe price, and a marketplace price. The launch price holds until 'Cart
 * closes', the regular one after; the marketplace sells at its own price.
 *
 * The old shown price becomes the launch price and its Stripe price the launch Stripe price; the
 * old struck-through list price becomes the regular price (the launch price where none was set),
 * never below the launch price. The membership's marketplace price is the spec's $17 that the
 * code held until now.
 */
const COLUMN_COMMENTS: Record<string, string> = {
  "products.launch_price_cents":
    "Decision 064: the price from 'Cart opens' to 'Cart closes', and while no dates are set, in cents.",
  "products.regular_price_cents":
    "Decision 064: the price after 'Cart closes' and the struck-through price before it, in cents; never below the launch price.",
  "products.launch_stripe_price_id": "Decision 064: the Stripe price the card checkout charges at the launch price.",
  "products.regular_stripe_price_id": "Decision 064: the Stripe price the card checkout charges after 'Cart closes'.",
  "products.marketplace_price_cents":
    "Decision 064: what the marketplace (WarriorPlus) charges, shown by the pages that sell there; null: not sold there at a price of its own.",
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products RENAME COLUMN price_cents TO launch_price_cents`.execute(db);
  await sql`ALTER TABLE products RENAME COLUMN list_price_cents TO regular_price_cents`.execute(db);
  await sql`ALTER TABLE products RENAME COLUMN stripe_price_id TO launch_stripe_price_id`.execute(db);
  await sql`
    UPDATE products SET regular_price_cents = launch_price_cents
    WHERE regular_price_cents IS NULL OR regular_price_cents < launch_price_cents`.execute(db);
  await sql`ALTER TABLE products ALTER COLUMN regular_price_cents SET NOT NULL`.execute(db);
  await sql`
    ALTER TABLE products
      ADD CONSTRAINT products_regular_not_below_launch CHECK (regular_price_cents >= launch_price_cents),
      ADD COLUMN regular_stripe_price_id text CHECK (regular_stripe_price_id ~ '^price_[A-Za-z0-9_]{1,200}$'),
      ADD COLUMN marketplace_price_cents integer CHECK (marketplace_price_cents BETWEEN 0 AND 100000000)`.execute(db);
  await sql`UPDATE products SET marketplace_price_cents = 1700 WHERE key = 'membership'`.execute(db);
  for (const [column, comment] of Object.entries(COLUMN_COMMENTS)) {
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS ${sql.lit(comment)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE products
      DROP COLUMN marketplace_price_cents,
      DROP COLUMN regular_stripe_price_id,
      DROP CONSTRAINT products_regular_not_below_launch,
      ALTER COLUMN regular_price_cents DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE products RENAME COLUMN launch_stripe_price_id TO stripe_price_id`.execute(db);
  await sql`ALTER TABLE products RENAME COLUMN regular_price_cents TO list_price_cents`.execute(db);
  await sql`ALTER TABLE products RENAME COLUMN launch_price_cents TO price_cents`.execute(db);
  for (const column of ["products.stripe_price_id", "products.list_price_cents", "products.price_cents"])
    await sql`COMMENT ON COLUMN ${sql.ref(column)} IS NULL`.execute(db);
}
