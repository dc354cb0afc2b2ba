import { db } from "~/platform/db/db.server";
import type { ConsentChoice } from "./consent-rules";

export type ConsentProof = {
  choice: ConsentChoice;
  bannerVersion: string;
  /** A keyed hash of the visitor's address: enough to match a complaint, useless to anyone else. */
  clientHash: string | null;
  userAgent: string | null;
  /** The signed-in account that chose, if any: its proofs are exported and erased with it. */
  userId?: string | null;
};

/** Appends one proof row per choice made; rows are never updated (an audit trail). */
export async function recordConsent(proof: ConsentProof): Promise<void> {
  await db()
    .insertInto("cookie_consents")
    .values({
      choice: proof.choice,
      banner_version: proof.bannerVersion,
      client_hash: proof.clientHash,
      user_agent: proof.userAgent?.slice(0, 512) ?? null,
      user_id: proof.userId ?? null,
    })
    .execute();
}
