import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { privacyPolicy } from "~/content/legal";
import { loadLegalDocument } from "~/lib/legal-document.server";
import { publicPageHeaders } from "~/lib/page-cache.server";
import { publicPageMeta } from "~/lib/page-meta";

export const meta = publicPageMeta(
  "Privacy Policy",
  "How we collect, use, share and protect your personal data, your GDPR rights and our cookie policy.",
);
export const headers = publicPageHeaders;
export const loader = (args: LoaderFunctionArgs) => loadLegalDocument(args, privacyPolicy);

export default function PrivacyPolicyPage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
