import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { now } from "~/platform/clock.server";
import { db } from "~/platform/db/db.server";
import { retentionDays } from "~/features/privacy/index.server";
import { formatLegalDay, LEGAL_WORDING_UPDATED, privacyPolicy, termsOfService, type LegalDocument } from "./legal";
import { brand, publicPage } from "./public-page.server";

/** The legal pages, each built from what it prints: the brand, and the privacy policy's retention periods. */
const LEGAL_DOCUMENTS = {
  "/privacy-policy": () => privacyPolicy(brand(), retentionDays()),
  "/terms-of-service": () => termsOfService(brand()),
} satisfies Record<string, () => LegalDocument>;
export type LegalPath = keyof typeof LEGAL_DOCUMENTS;

/** When each page's printed text last changed, as the start recorded it (none before the start). */
const changedAt = new Map<LegalPath, Date>();

/** The page as printed, without its date: what a reader would see change. */
function fingerprintOf(document: LegalDocument): string {
  const { lastUpdated: _date, ...printed } = document;
  return crypto.createHash("sha256").update(JSON.stringify(printed)).digest("hex");
}

/**
 * Records, at the start, when each legal page's printed text last changed (issue 40): the first
 * start keeps the wording's date; a later start that prints another text (new wording, or a
 * setting the page prints, such as a retention period, changed) records itself as the change.
 * Instances starting together with the same text agree: a fingerprint already stored changes
 * nothing. Held in the process, so a page costs no query.
 */
export async function recordLegalDates() {
  for (const [path, build] of Object.entries(LEGAL_DOCUMENTS) as Array<[LegalPath, () => LegalDocument]>) {
    const fingerprint = fingerprintOf(build());
    await sql`
      INSERT INTO legal_documents (path, fingerprint, changed_at)
      VALUES (${path}, ${fingerprint}, ${LEGAL_WORDING_UPDATED})
      ON CONFLICT (path) DO UPDATE SET fingerprint = excluded.fingerprint, changed_at = ${now()}
        WHERE legal_documents.fingerprint <> excluded.fingerprint`.execute(db());
    const row = await db()
      .selectFrom("legal_documents")
      .select("changed_at")
      .where("path", "=", path)
      .executeTakeFirstOrThrow();
    changedAt.set(path, row.changed_at);
  }
}

/**
 * What a legal page's loader returns: its copy travels as loader data, so it stays out of the
 * client bundle, dated the later of its wording's date and the last change of its printed text.
 * (Called from the route's own loader function: a call at module level would survive into the
 * browser build, where this server module is empty.)
 */
export async function loadLegalDocument({ request }: LoaderFunctionArgs, path: LegalPath) {
  const built = LEGAL_DOCUMENTS[path]();
  const changed = changedAt.get(path);
  const last = changed && changed > LEGAL_WORDING_UPDATED ? changed : LEGAL_WORDING_UPDATED;
  const document: LegalDocument = { ...built, lastUpdated: formatLegalDay(last) };
  return publicPage(request, path, document.page, { document });
}
