import { GUARANTEE_DAYS } from "~/content/prices";
import { formatDay } from "./dates";

/** The longest reason an admin may give for a refund (Stripe keeps it as metadata, up to 500 characters). */
export const REFUND_REASON_MAX = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The money-back guarantee of a paid order (docs/product.md §9): it ends GUARANTEE_DAYS after
 * the payment. `text` is what the admin's member page says of it.
 */
export function guaranteeOf(paidAt: Date | string, now: Date): { endsAt: Date; ended: boolean; text: string } {
  const endsAt = new Date(new Date(paidAt).getTime() + GUARANTEE_DAYS * DAY_MS);
  const ended = now.getTime() > endsAt.getTime();
  return { endsAt, ended, text: `${ended ? "Guarantee ended" : "Guarantee ends"} ${formatDay(endsAt)}` };
}

/** WarriorPlus refunds its own sales: the admin is sent to the sale there. */
export const warriorPlusSaleUrl = (saleId: string) =>
  `https://warriorplus.com/account/sales/${encodeURIComponent(saleId)}`;
