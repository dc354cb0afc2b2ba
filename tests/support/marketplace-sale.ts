import crypto from "node:crypto";

/**
 * Marketplace links of the test's own: a test app at a public PUBLIC_URL, as deployed, refuses the
 * made-up defaults (app/platform/env.server.ts MARKETPLACE_PLACEHOLDERS).
 */
export const MARKETPLACE_LINKS = {
  MARKETPLACE_CHECKOUT_URL: "https://market.example.test/buy/front",
  MARKETPLACE_TRIAL_CHECKOUT_URL: "https://market.example.test/buy/trial",
  MARKETPLACE_WHITE_LABEL_CHECKOUT_URL: "https://market.example.test/buy/white-label",
  MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: "https://market.example.test/buy/custom-saas",
  MARKETPLACE_DECLINE_URL: "https://market.example.test/no-thanks",
  MARKETPLACE_AFFILIATE_URL: "https://market.example.test/affiliates",
};

/** Where the marketplace (WarriorPlus) posts its IPNs. */
export const MARKETPLACE_WEBHOOK = "/webhooks/warriorplus";

/** An IPN's fields; the ids every sale carries are always there. */
export type MarketplaceIpn = Record<string, string> &
  Record<"WP_SALE" | "WP_TXNID" | "WP_BUYER_EMAIL" | "IPN_ID", string>;

/**
 * A WarriorPlus sale IPN as the marketplace posts it (app/features/billing/warriorplus-ipn.ts reads
 * it): `item` sold to `email` for $17.00, with its own sale, transaction and IPN ids. `fields`
 * changes or adds any field (an affiliate, another price, another action).
 */
export function marketplaceSale(
  { securityKey, item, email }: { securityKey: string; item: string; email: string },
  fields: Record<string, string> = {},
): MarketplaceIpn {
  const id = crypto.randomBytes(8).toString("hex");
  return {
    WP_ACTION: "sale",
    WP_ITEM_NUMBER: item,
    WP_ITEM_NAME: "AI Profit Labs",
    WP_BUYER_EMAIL: email,
    WP_BUYER_NAME: "Bea Buyer",
    WP_SALE: `sale_${id}`,
    WP_TXNID: `txn_${id}`,
    WP_SALE_AMOUNT: "17.00",
    WP_SALE_CURRENCY: "USD",
    WP_PAYMETHOD: "stripe",
    IPN_ID: `ipn_${id}`,
    WP_SECURITYKEY: securityKey,
    ...fields,
  };
}

/** The refund (or dispute) of a sale: the same sale, an IPN of its own. */
export function marketplaceRefund(sale: MarketplaceIpn, action = "refund"): MarketplaceIpn {
  return { ...sale, WP_ACTION: action, IPN_ID: `${sale.IPN_ID}_${action}` };
}

/** Posts an IPN as the marketplace's server does: a form, no browser Origin, no cookies. */
export function postMarketplaceIpn(
  baseUrl: string,
  form: Record<string, string>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${baseUrl}${MARKETPLACE_WEBHOOK}`, { method: "POST", body: new URLSearchParams(form), signal });
}
