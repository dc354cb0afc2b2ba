import { isCatalogueKey } from "./catalogue";
import { db } from "~/platform/db/db.server";
import type { ParsedProduct } from "./product-admin";
import { writeAudit } from "~/platform/audit.server";
import { marketplaceItemsTakenElsewhere, updateProduct } from "./product.server";
import { refreshCatalogue } from "./catalogue.server";

type Admin = { id: string; email: string };

export type SaveProductResult =
  { ok: true } | { ok: false; status: number; message: string; field?: "marketplaceItems" };

/**
 * An admin's save on /admin/products: the row and its audit entry in one transaction, then this
 * process's catalogue at once (the others within services/catalogue's refresh). An unknown key
 * changes nothing; an item number that another product already lists is refused (an item maps
 * to one product, so a sale grants exactly one).
 */
export async function saveProduct(admin: Admin, key: unknown, input: ParsedProduct): Promise<SaveProductResult> {
  if (!isCatalogueKey(key)) return { ok: false, status: 404, message: "There is no such product." };
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<SaveProductResult> => {
      const [taken] = await marketplaceItemsTakenElsewhere(trx, key, input.marketplaceItems);
      if (taken) {
        const { item, product } = taken;
        return {
          ok: false,
          status: 400,
          field: "marketplaceItems",
          message: `Item ${item} already belongs to ${product}: an item grants one product only.`,
        };
      }
      const before = await updateProduct(trx, key, input, admin.id);
      if (!before) return { ok: false, status: 404, message: "There is no such product." };
      await writeAudit(trx, {
        admin,
        action: "edit_product",
        memberId: null,
        details: {
          product: key,
          before: {
            name: before.name,
            launchPriceCents: before.launchPriceCents,
            regularPriceCents: before.regularPriceCents,
            marketplacePriceCents: before.marketplacePriceCents,
            launchStripePriceId: before.launchStripePriceId,
            regularStripePriceId: before.regularStripePriceId,
            marketplaceItems: before.marketplaceItems,
          },
          after: input,
        },
      });
      return { ok: true };
    });
  if (result.ok) await refreshCatalogue();
  return result;
}
