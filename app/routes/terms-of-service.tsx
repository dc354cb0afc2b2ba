import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { termsOfService } from "~/content/legal";
import { loadLegalDocument } from "~/lib/legal-document.server";
import { publicPageHeaders } from "~/lib/page-cache.server";
import { publicPageMeta } from "~/lib/page-meta";

export const meta = publicPageMeta(
  "Terms of Service",
  "The terms for our website, training and tools: purchases, the 30-day money-back guarantee, licences and disclaimers.",
);
export const headers = publicPageHeaders;
export const loader = (args: LoaderFunctionArgs) => loadLegalDocument(args, termsOfService);

export default function TermsOfServicePage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
