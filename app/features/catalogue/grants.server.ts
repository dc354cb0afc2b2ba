import { db } from "~/platform/db/db.server";
import { createAccessGrant, revokeActiveGrants } from "./access-grant.server";
import { revokeProduct } from "./entitlement.server";
import { writeAudit } from "~/platform/audit.server";

import { data } from "@remix-run/node";
import { redirectWithFlash } from "~/platform/flash.server";
import { catalogue } from "./catalogue.server";
import { isCatalogueKey } from "./catalogue";
import { parseGrantForm, type GrantInput } from "./grant-form";
import { formText } from "~/platform/forms/form-text";
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

/**
 * The profile page's actions: 'Grant complimentary access', 'Revoke complimentary access', and a
 * product's 'Grant' or 'Revoke'. A refused form answers 400 with what was typed; the rest redirect
 * back to the page with a flash message.
 */
export async function accessAction(admin: Admin, member: Member, form: FormData, here: string) {
  const field = (name: string) => formText(form, name);
  switch (field("intent")) {
    case "grant": {
      const input = { reason: field("reason"), expiresOn: field("expiresOn") };
      const parsed = parseGrantForm(input, new Date());
      if (!parsed.ok) return data<AccessFailure>({ error: parsed.error, ...input }, { status: 400 });
      await grantComplimentaryAccess(admin, member, parsed.value);
      const until = parsed.value.expiresAt ? ` through ${input.expiresOn.trim()}` : "";
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
      const product = field("product");
      const input = { reason: field("reason"), expiresOn: field("expiresOn") };
      if (!isCatalogueKey(product))
        return redirectWithFlash(here, { kind: "error", message: "There is no such product: nothing was changed." });
      const parsed = parseGrantForm(input, new Date());
      if (!parsed.ok)
        return data<AccessFailure>(
          { error: parsed.error.replace(" for the complimentary access", ""), ...input, product },
          { status: 400 },
        );
      const name = catalogue()[product].name;
      if (field("intent") === "grant-product") {
        await grantProduct(admin, member, product, parsed.value);
        const until = parsed.value.expiresAt ? ` through ${input.expiresOn.trim()}` : "";
        return redirectWithFlash(here, { kind: "success", message: `${name} granted${until}.` });
      }
      const revoked = await revokeProductAccess(admin, member, product, parsed.value.reason);
      return redirectWithFlash(
        here,
        revoked
          ? { kind: "success", message: `${name} revoked.` }
          : { kind: "error", message: `This member does not own ${name}: nothing was revoked.` },
      );
    }
    default:
      return redirectWithFlash(here, { kind: "error", message: "Unknown action." });
  }
}
