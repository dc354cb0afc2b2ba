import { sql, type Kysely } from "kysely";

/**
 * Decision 046: the outbox keeps no usable link. `sealed_links` holds the tokens of an unsent
 * message's links, encrypted with a key from ENCRYPTION_KEY (the bodies say `[withheld]` in
 * their place), and is emptied once the message is sent. Messages already sent lose their
 * tokens here; the pattern is the one of `app/platform/mail/withheld-links.ts`, written out so this
 * migration never changes. Unsent ones keep theirs until they are sent (a migration has no key
 * to seal them with), then lose them the same way.
 */
const LINK_TOKEN = "([?&](amp;)?[A-Za-z_]*token=)[A-Za-z0-9_-]{16,}";
const WITHHELD = "\\1[withheld]";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("sealed_links", "text").execute();
  await sql`
    UPDATE email_outbox
    SET text_body = regexp_replace(text_body, ${LINK_TOKEN}, ${WITHHELD}, 'g'),
        html_body = regexp_replace(html_body, ${LINK_TOKEN}, ${WITHHELD}, 'g')
    WHERE sent_at IS NOT NULL`.execute(db);
}

/** The column goes; links withheld from sent messages stay withheld (they are not needed). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("sealed_links").execute();
}
