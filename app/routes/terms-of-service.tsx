import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { termsOfService } from "~/content/legal";
import { publicPageHeaders, CACHED_PAGE } from "~/lib/cache-policy";
import { loadLegalDocument } from "~/route-helpers/legal-document.server";
import { publicPageMeta } from "~/lib/page-meta";
import { NO_JAVASCRIPT } from "~/lib/hydration";

export const meta = publicPageMeta;
/** A pure-content page: no JavaScript (app/lib/hydration.ts). */
export const handle = NO_JAVASCRIPT;
export const pageCache = CACHED_PAGE;
export const headers = publicPageHeaders;
export const loader = (args: LoaderFunctionArgs) => loadLegalDocument(args, "/terms-of-service", termsOfService);

export default function TermsOfServicePage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
