import { sql, type Kysely } from "kysely";

/**
 * Issue 31 item 3 (decision 048): `users.owner_proven_at`, when whoever holds the account's
 * password was last shown to control its address. A marketplace purchase joins an account with a
 * password only when it is set; otherwise the purchase is held and the address gets a claim link.
 *
 * Existing accounts start unproven: nothing recorded so far tells the owner's own confirmation from
 * a stranger's signup that the owner confirmed by mistake (the hole this closes). Their next
 * marketplace purchase is held and sends a claim link; followed while signed in to the account it
 * adds the purchase with one click, without a new password. Accounts without a password need no
 * proof (nobody holds a password), so their purchases still join at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN owner_proven_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN owner_proven_at`.execute(db);
}
