import { db } from "~/platform/db/db.server";
import { createAccessGrant, revokeActiveGrants } from "./access-grant.server";
import { revokeProduct } from "./entitlement.server";
import { writeAudit } from "~/platform/audit.server";

import { data } from "@remix-run/node";
import { redirectWithFlash } from "~/platform/flash.server";
import { catalogue } from "./catalogue.server";
import type { CatalogueKey } from "./catalogue";
import type { GrantInput } from "./grant-form";
import { accessFormSchema, grantDraftSchema } from "./grant-forms";
import { firstError } from "~/platform/forms/submission-errors";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
/**
 * An admin's grants (decision 051): complimentary access and single products, given or taken
 * back on the member's page, each written to the audit log in the same transaction.
 */
type Admin = { id: string; email: string };
type Member = { id: string; email: string; name: string };

export async function grantComplimentaryAccess(admin: Admin, member: Member, input: GrantInput) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const grant = await createAccessGrant(trx, {
        userId: member.id,
        reason: input.reason,
        expiresAt: input.expiresAt,
        grantedBy: admin.id,
      });
      await writeAudit(trx, {
        admin,
        action: "grant_complimentary",
        memberId: member.id,
        details: { grantId: grant.id, reason: input.reason, expiresAt: input.expiresAt?.toISOString() ?? null },
      });
    });
}

/** Ends the member's active grants; false (and no audit row) when there was none. */
export async function revokeComplimentaryAccess(admin: Admin, member: Member): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const revoked = await revokeActiveGrants(trx, member.id, admin.id);
      if (revoked.length === 0) return false;
      await writeAudit(trx, {
        admin,
        action: "revoke_complimentary",
        memberId: member.id,
        details: { grantIds: revoked },
      });
      return true;
    });
}

/** 'Grant' of one product on the member page (decision 051): a grant of that product, audited. */
export async function grantProduct(admin: Admin, member: Member, productKey: string, input: GrantInput) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const grant = await createAccessGrant(trx, {
        userId: member.id,
        reason: input.reason,
        expiresAt: input.expiresAt,
        grantedBy: admin.id,
        productKey,
      });
      await writeAudit(trx, {
        admin,
        action: "grant_product",
        memberId: member.id,
        details: {
          product: productKey,
          grantId: grant.id,
          reason: input.reason,
          expiresAt: input.expiresAt?.toISOString() ?? null,
        },
      });
    });
}

/**
 * 'Revoke' of one product: every active entitlement of it ends (a grant, or a purchase the
 * admin takes back), the others stay. False (and no audit row) when the member did not own it.
 */
export async function revokeProductAccess(
  admin: Admin,
  member: Member,
  productKey: string,
  reason: string,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const ended = await revokeProduct(trx, { userId: member.id, productKey, reason, revokedBy: admin.id });
      if (ended.length === 0) return false;
      await writeAudit(trx, {
        admin,
        action: "revoke_product",
        memberId: member.id,
        details: { product: productKey, reason, entitlementIds: ended },
      });
      return true;
    });
}

/** A refused grant or revocation: the message and the form as typed (`product` for a product's form). */
export type AccessFailure = { error: string; reason: string; expiresOn: string; product?: string };

/** The access forms as Conform parsed them (`accessFormSchema`). */
export type AccessSubmission = Submission<
  z.input<typeof accessFormSchema>,
  string[],
  z.output<typeof accessFormSchema>
>;

/** Reads the profile page's access forms (`accessFormSchema`), for `accessAction`. */
export const parseAccessForm = (form: FormData): AccessSubmission => parseWithZod(form, { schema: accessFormSchema });

/**
 * The profile page's actions: 'Grant complimentary access', 'Revoke complimentary access', and a
 * product's 'Grant' or 'Revoke'. A refused form answers 400 with what was typed; the rest redirect
 * back to the page with a flash message.
 */
export async function accessAction(admin: Admin, member: Member, submission: AccessSubmission, here: string) {
  if (submission.status !== "success") return refuse(submission, here);
  const form = submission.value;
  switch (form.intent) {
    case "grant": {
      await grantComplimentaryAccess(admin, member, form);
      const until = form.expiresAt ? ` through ${form.expiresOn}` : "";
      return redirectWithFlash(here, { kind: "success", message: `Complimentary access granted${until}.` });
    }
    case "revoke": {
      const revoked = await revokeComplimentaryAccess(admin, member);
      return redirectWithFlash(
        here,
        revoked
          ? { kind: "success", message: "Complimentary access revoked." }
          : { kind: "error", message: "This member has no active complimentary access to revoke." },
      );
    }
    case "grant-product":
    case "revoke-product": {
      const product = form.product as CatalogueKey;
      const name = catalogue()[product].name;
      if (form.intent === "grant-product") {
        await grantProduct(admin, member, product, form);
        const until = form.expiresAt ? ` through ${form.expiresOn}` : "";
        return redirectWithFlash(here, { kind: "success", message: `${name} granted${until}.` });
      }
      const revoked = await revokeProductAccess(admin, member, product, form.reason);
      return redirectWithFlash(
        here,
        revoked
          ? { kind: "success", message: `${name} revoked.` }
          : { kind: "error", message: `This member does not own ${name}: nothing was revoked.` },
      );
    }
  }
}

/**
 * A refused access form: an unknown product or intent is said in a flash and changes nothing; a
 * refused reason or date comes back with the form as typed.
 */
function refuse(submission: Exclude<AccessSubmission, { status: "success" }>, here: string) {
  const errors = submission.error ?? {};
  const intent = submission.payload.intent;
  if (errors.intent || (intent !== "grant" && intent !== "grant-product" && intent !== "revoke-product"))
    return redirectWithFlash(here, { kind: "error", message: "Unknown action." });
  if (errors.product) return redirectWithFlash(here, { kind: "error", message: firstError(errors) });
  const typed = z.parse(grantDraftSchema, submission.payload);
  const input = { reason: typed.reason, expiresOn: typed.expiresOn };
  return data<AccessFailure>(
    { error: firstError(errors), ...input, ...(intent === "grant" ? {} : { product: typed.product }) },
    { status: 400 },
  );
}
