import * as z from "zod/mini";
import { isCatalogueKey } from "./catalogue";
import { parseGrantForm } from "./grant-form";

/**
 * The access forms of an admin's member page (decision 051), one schema each, parsed with Conform
 * by `accessAction`: 'Grant complimentary access', 'Revoke complimentary access', and a product's
 * 'Grant' or 'Revoke'. Server-only (the page shows a refusal as one message above the form), so it
 * is not re-exported by the browser surface.
 */
export const GRANT_FORM_MESSAGES = {
  noProduct: "There is no such product: nothing was changed.",
} as const;

const optionalText = z._default(z.string(), "");

/**
 * A form of a grant: its reason and 'Expires on', by the rules of `parseGrantForm` (also the
 * import's), read now. A product's form names a product of the catalogue, and says the rules'
 * messages without "for the complimentary access".
 */
function grantForm<const Intents extends [string, ...string[]]>(intents: Intents, of: "complimentary" | "product") {
  return z.pipe(
    z.object({
      intent: z.enum(intents),
      product:
        of === "product"
          ? z
              .string({ error: GRANT_FORM_MESSAGES.noProduct })
              .check(z.refine(isCatalogueKey, { error: GRANT_FORM_MESSAGES.noProduct }))
          : z.optional(z.string()),
      reason: optionalText,
      expiresOn: optionalText,
    }),
    z.transform((form, ctx) => {
      const parsed = parseGrantForm(form, new Date());
      if (parsed.ok) return { ...form, ...parsed.value, expiresOn: form.expiresOn.trim() };
      const message = of === "product" ? parsed.error.replace(" for the complimentary access", "") : parsed.error;
      ctx.issues.push({ code: "custom", message, input: form });
      return z.NEVER;
    }),
  );
}

export const accessFormSchema = z.discriminatedUnion("intent", [
  grantForm(["grant"], "complimentary"),
  z.object({ intent: z.literal("revoke") }),
  grantForm(["grant-product", "revoke-product"], "product"),
]);

/** A grant form as typed, valid or not: what a refused one sends back. Never fails. */
export const grantDraftSchema = z.object({
  reason: z.catch(z.string(), ""),
  expiresOn: z.catch(z.string(), ""),
  product: z.catch(z.string(), ""),
});
