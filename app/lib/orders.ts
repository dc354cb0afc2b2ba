import { isProductKey, PRODUCTS } from "~/content/products";

export type OrderSource = "stripe" | "warriorplus";
export type OrderStatus = "pending" | "completed" | "refunded" | "disputed" | "canceled";

/** How orders of both sources are named on the admin pages, receipts and emails. */
export const SOURCE_LABELS: Record<OrderSource, string> = { stripe: "Stripe", warriorplus: "WarriorPlus" };

/** Stripe orders carry a catalogue key; marketplace orders the item's own name. */
export function productLabel(source: OrderSource, product: string | null): string {
  if (source === "stripe") return isProductKey(product) ? PRODUCTS[product].name : "Card purchase";
  return product ?? "Marketplace purchase";
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  completed: "Paid",
  refunded: "Refunded",
  disputed: "Disputed",
  canceled: "Canceled",
};
