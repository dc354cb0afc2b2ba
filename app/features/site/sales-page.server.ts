import { salesContent, salesForCommunity, type SalesVariantKey } from "./sales";
import { communityLinkSet } from "~/features/community/index.server";
import { clientModuleUrl } from "~/platform/client-modules.server";
import { now } from "~/platform/clock.server";
import { launchPhase } from "~/features/launch";
import { catalogue } from "~/features/catalogue/index.server";
import { launchSettings } from "~/features/launch/index.server";
import { marketplaceLinks } from "~/features/billing/index.server";
import { brand, publicPage } from "./public-page.server";

/** Which marketplace offer each sales variant sells: the $1 offer has its own buy link. */
const CHECKOUT_LINK = { a: "checkout", b: "trialCheckout", launch: "checkout" } as const;

/** The loader of a sales page variant (routes/ailabs-offer*.tsx). */
export function loadSalesPage(request: Request, variant: SalesVariantKey, path: string) {
  const content = salesForCommunity(
    salesContent(variant, brand(), catalogue(), launchPhase(launchSettings(), now())),
    communityLinkSet(),
  );
  const checkoutUrl = marketplaceLinks()[CHECKOUT_LINK[variant]];
  // The page loads no React (features/site/sales-page.tsx): its moving parts load their own modules.
  const demoPlayer = clientModuleUrl("app/features/site/build-demo-player.ts");
  const ticker = content.countdown ? clientModuleUrl("app/features/launch/deadline-ticker.ts") : null;
  return publicPage(request, path, content.page, { content, checkoutUrl, demoPlayer, ticker });
}
