import { z } from "zod";
import { dollarsToCents } from "~/platform/money";

/**
 * The marketplace's IPN (WarriorPlus posts a form per sale, refund or dispute). Pure parsing,
 * so what we accept is tested alone; the security key is checked before this runs.
 */
export type IpnKind = "sale" | "refund" | "other";

export type Ipn = {
  /** What makes a delivery unique: the marketplace's IPN id, else the action on the sale. */
  eventId: string;
  action: string;
  kind: IpnKind;
  saleId: string;
  txnId: string | null;
  itemNumber: string | null;
  itemName: string | null;
  buyerEmail: string;
  buyerName: string;
  affiliateId: string | null;
  amountCents: number | null;
  currency: string | null;
};

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

const IpnFields = z.object({
  WP_ACTION: z.string().trim().toLowerCase().min(1).max(50),
  WP_SALE: text(100),
  WP_SALEID: text(100),
  WP_TXNID: text(200),
  WP_ITEM_NUMBER: text(100),
  WP_ITEM_NAME: text(300),
  WP_BUYER_EMAIL: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  WP_BUYER_NAME: text(100),
  WP_AFFID: text(100),
  WP_SALE_AMOUNT: text(20),
  WP_SALE_CURRENCY: text(10),
  IPN_ID: text(200),
});

/** The IPN form as posted: its fields and the shared security key, checked before anything else. */
export const ipnFormSchema = IpnFields.extend({ WP_SECURITYKEY: z.string().optional() });

// Recurring products announce their first sale as subscr_created; a dispute takes the money back.
const KINDS: Record<string, IpnKind> = { sale: "sale", subscr_created: "sale", refund: "refund", dispute: "refund" };

export type IpnResult = { ok: true; ipn: Ipn } | { ok: false; error: string };

/** The IPN of a form whose fields are valid: it names its sale, by WP_SALE or WP_SALEID. */
export function toIpn(f: z.output<typeof IpnFields>): IpnResult {
  const saleId = f.WP_SALE ?? f.WP_SALEID;
  if (!saleId) return { ok: false, error: "WP_SALE: required" };
  return {
    ok: true,
    ipn: {
      eventId: f.IPN_ID ?? `${f.WP_ACTION}:${saleId}`,
      action: f.WP_ACTION,
      kind: KINDS[f.WP_ACTION] ?? "other",
      saleId,
      txnId: f.WP_TXNID,
      itemNumber: f.WP_ITEM_NUMBER,
      itemName: f.WP_ITEM_NAME,
      buyerEmail: f.WP_BUYER_EMAIL,
      buyerName: f.WP_BUYER_NAME ?? "",
      affiliateId: f.WP_AFFID,
      amountCents: dollarsToCents(f.WP_SALE_AMOUNT),
      currency: f.WP_SALE_CURRENCY?.toLowerCase() ?? null,
    },
  };
}

/** WARRIORPLUS_MEMBERSHIP_ITEMS: the comma-separated item numbers whose sale grants membership. */
export function parseItemList(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );
}
