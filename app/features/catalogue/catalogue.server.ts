import { DEFAULT_CATALOGUE, type Catalogue } from "./catalogue";
import type { PriceTerm } from "./prices";
import { catalogueOf, listProducts } from "./product.server";
import { settingsPoller } from "~/platform/settings-poller.server";

/**
 * The catalogue the pages render from, held in memory (decision 051): read at start, after an
 * admin's save (at once, in the process that saved) and every SETTINGS_REFRESH_MS on a timer (the
 * other processes and instances), never on a request's path, so an anonymous page still costs
 * no query. A cached page (server/page-cache) shows a change once its entry expires
 * (PAGE_CACHE_SECONDS), and other processes at most SETTINGS_REFRESH_MS later.
 */

type StripePrices = { launch: string | null; regular: string | null };
type Held = { catalogue: Catalogue; stripePrices: Map<string, StripePrices> };
let held: Held = { catalogue: DEFAULT_CATALOGUE, stripePrices: new Map() };

export function catalogue(): Catalogue {
  return held.catalogue;
}

/**
 * The Stripe price a product is sold for by card in a term (decision 064; /admin/products
 * 'Launch Stripe price id' and 'Regular Stripe price id'), if any. Before 'Cart opens' nothing is
 * sold, so there is none.
 */
export function stripePriceOf(productKey: string, term: PriceTerm): string | undefined {
  if (term === "before") return undefined;
  return held.stripePrices.get(productKey)?.[term] ?? undefined;
}

/** Whether a product has a Stripe price at all, launch or regular (the launch readiness check). */
export function hasStripePrice(productKey: string): boolean {
  const prices = held.stripePrices.get(productKey);
  return Boolean(prices?.launch ?? prices?.regular);
}

export async function refreshCatalogue() {
  const products = await listProducts();
  held = {
    catalogue: catalogueOf(products),
    stripePrices: new Map(
      products.map(
        (product) =>
          [product.key, { launch: product.launchStripePriceId, regular: product.regularStripePriceId }] as const,
      ),
    ),
  };
}

const refresh = settingsPoller("catalogue refresh", refreshCatalogue);

export async function startCatalogueRefresh() {
  await refreshCatalogue();
  refresh.start();
}

export const stopCatalogueRefresh = refresh.stop;
