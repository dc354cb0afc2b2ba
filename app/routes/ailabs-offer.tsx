import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SalesPage, salesPageHandle } from "~/features/site/sales-page";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { loadSalesPage } from "~/features/site/index.server";

/** Sales page variant A: $17 today, coupon LAUNCH (docs/decisions/009-sales-variants-one-component.md). */
export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;
export const meta = publicPageMeta;
export const handle = salesPageHandle;

export function loader({ request }: LoaderFunctionArgs) {
  return loadSalesPage(request, "a", "/ailabs-offer");
}

export default function SalesVariantA() {
  const { content, checkoutUrl, demoPlayer, ticker } = useLoaderData<typeof loader>();
  return <SalesPage content={content} checkoutUrl={checkoutUrl} demoPlayer={demoPlayer} ticker={ticker} />;
}
