import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SalesPage, salesPageHandle } from "~/features/site/sales-page";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { loadSalesPage } from "~/features/site/index.server";

/** Sales page, the launch-countdown variant: $25 today (docs/decisions/009-sales-variants-one-component.md). */
export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;
export const meta = publicPageMeta;
export const handle = salesPageHandle;

export function loader({ request }: LoaderFunctionArgs) {
  return loadSalesPage(request, "launch", "/ailabs-offer3");
}

export default function SalesLaunchCountdown() {
  const { content, checkoutUrl, demoPlayer, ticker } = useLoaderData<typeof loader>();
  return <SalesPage content={content} checkoutUrl={checkoutUrl} demoPlayer={demoPlayer} ticker={ticker} />;
}
