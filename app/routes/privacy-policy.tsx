import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { privacyPolicy } from "~/content/legal";
import { publicPageHeaders } from "~/lib/cache-policy";
import { loadLegalDocument } from "~/route-helpers/legal-document.server";
import { publicPageMeta } from "~/lib/page-meta";

export const meta = publicPageMeta;
export const headers = publicPageHeaders;
export const loader = (args: LoaderFunctionArgs) => loadLegalDocument(args, "/privacy-policy", privacyPolicy);

export default function PrivacyPolicyPage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
