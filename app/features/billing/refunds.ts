import { GUARANTEE_DAYS } from "~/features/catalogue";
import { formatDay } from "~/platform/dates";

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

/**
 * WarriorPlus refunds its own sales, from the vendor's Transactions page, where a sale is found by
 * the buyer's email or its transaction id (WarriorPlus's help: "How to Process Refunds as a
 * Vendor"); it has no documented address per sale, so the member page links there and names the
 * sale to search for. The path is WarriorPlus's vendor area: check it if WarriorPlus moves it.
 */
export const WARRIORPLUS_TRANSACTIONS_URL = "https://warriorplus.com/wsopro/vendor/transactions.php";
