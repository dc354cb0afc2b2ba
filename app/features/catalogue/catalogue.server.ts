import { DEFAULT_CATALOGUE, type Catalogue } from "./catalogue";
import { catalogueOf, listProducts } from "./product.server";
import { settingsPoller } from "~/platform/settings-poller.server";

/**
 * The catalogue the pages render from, held in memory (decision 051): read at start, after an
 * admin's save (at once, in the process that saved) and every SETTINGS_REFRESH_MS on a timer (the
 * other processes and instances), never on a request's path, so an anonymous page still costs
 * no query. A cached page (server/page-cache) shows a change once its entry expires
 * (PAGE_CACHE_SECONDS), and other processes at most SETTINGS_REFRESH_MS later.
 */

type Held = { catalogue: Catalogue; stripePrices: Map<string, string> };
let held: Held = { catalogue: DEFAULT_CATALOGUE, stripePrices: new Map() };

export function catalogue(): Catalogue {
  return held.catalogue;
}

/** The Stripe price a product is sold for on the site (/admin/products 'Stripe price id'), if any. */
export function stripePriceOf(productKey: string): string | undefined {
  return held.stripePrices.get(productKey);
}

export async function refreshCatalogue() {
  const products = await listProducts();
  held = {
    catalogue: catalogueOf(products),
    stripePrices: new Map(
      products.flatMap((product) => (product.stripePriceId ? [[product.key, product.stripePriceId] as const] : [])),
    ),
  };
}

const refresh = settingsPoller("catalogue refresh", refreshCatalogue);

export async function startCatalogueRefresh() {
  await refreshCatalogue();
  refresh.start();
}

export const stopCatalogueRefresh = refresh.stop;
