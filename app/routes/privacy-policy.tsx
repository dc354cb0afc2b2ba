import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/features/site/legal-page";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { loadLegalDocument } from "~/features/site/index.server";
import { publicPageMeta } from "~/platform/page-meta";
import { NO_JAVASCRIPT } from "~/platform/hydration";

export const meta = publicPageMeta;
/** A pure-content page: no JavaScript (app/platform/hydration.ts). */
export const handle = NO_JAVASCRIPT;
export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;
export const loader = (args: LoaderFunctionArgs) => loadLegalDocument(args, "/privacy-policy");

export default function PrivacyPolicyPage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
