import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { privacyPolicy } from "~/content/legal";
import { publicPageHeaders, CACHED_PAGE } from "~/lib/cache-policy";
import { loadLegalDocument } from "~/route-helpers/legal-document.server";
import { publicPageMeta } from "~/lib/page-meta";
import { NO_JAVASCRIPT } from "~/lib/hydration";
import { retentionDays } from "~/services/retention.server";

export const meta = publicPageMeta;
/** A pure-content page: no JavaScript (app/lib/hydration.ts). */
export const handle = NO_JAVASCRIPT;
export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;
export const loader = (args: LoaderFunctionArgs) =>
  loadLegalDocument(args, "/privacy-policy", (brand) => privacyPolicy(brand, retentionDays()));

export default function PrivacyPolicyPage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
