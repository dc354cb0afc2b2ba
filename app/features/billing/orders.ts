import { isProductKey, PRODUCTS } from "~/features/catalogue";

export type OrderSource = "stripe" | "warriorplus";
export type OrderStatus = "pending" | "completed" | "refunded" | "disputed" | "canceled";

/** How orders of both sources are named on the admin pages, receipts and emails. */
export const SOURCE_LABELS: Record<OrderSource, string> = { stripe: "Stripe", warriorplus: "WarriorPlus" };

/**
 * What a receipt calls the product: a Stripe order of the plan page by its offer's name, an
 * upgrade bought by card by its catalogue name; a marketplace order by the item's own name, else
 * the catalogue name of the product its item maps to (`productName`, from the products table).
 */
export function productLabel(source: OrderSource, product: string | null, productName?: string | null): string {
  if (source === "stripe") return isProductKey(product) ? PRODUCTS[product].name : (productName ?? "Card purchase");
  return product ?? productName ?? "Marketplace purchase";
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  completed: "Paid",
  refunded: "Refunded",
  disputed: "Disputed",
  canceled: "Canceled",
};
