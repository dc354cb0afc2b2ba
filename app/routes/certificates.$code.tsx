import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useHydrated } from "~/platform/hooks/use-hydrated";
import { formatCompletionDate } from "~/features/learning/progress";
import { findCertificate } from "~/features/learning/index.server";
import { useRootData } from "~/platform/hooks/use-root-data";
import { brandedTitle } from "~/platform/page-meta";
import certificateStyles from "~/styles/certificate.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: certificateStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  data?.certificate
    ? brandedTitle(`Certificate: ${data.certificate.courseTitle}`, matches)
    : { title: "Certificate not found" },
  // Shared by link, never listed by search engines.
  { name: "robots", content: "noindex" },
];

/** Certificate codes are 22 characters of base64url (128 random bits); anything else names none. */
const CODE = /^[A-Za-z0-9_-]{22}$/;

/**
 * `/certificates/{code}`: public, so a member can share it. It shows only what is printed on it:
 * the name, course and date copied in when it was issued (a refund, revoked access or a renamed
 * course leaves them as they were) and the site's brand.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  const found = CODE.test(code) ? await findCertificate(code) : undefined;
  const headers = { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" };
  if (!found) return data({ certificate: null }, { status: 404, headers });
  return data(
    {
      certificate: {
        code: found.code,
        recipientName: found.recipientName,
        courseTitle: found.courseTitle,
        completedOn: formatCompletionDate(found.completedAt),
      },
    },
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function CertificatePage() {
  const { certificate } = useLoaderData<typeof loader>();
  // The brand is the site's (BRAND_NAME), as everywhere else; the root loader carries it.
  const brandName = useRootData()?.brand.name ?? "";
  const hydrated = useHydrated();

  if (!certificate) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Certificate not found</h1>
        <p className="mt-3 text-slate-600">Check the link: it may have been copied only in part.</p>
        <Link to="/" className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Back to home
        </Link>
      </main>
    );
  }

  return (
    <main id="certificate-page" className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="certificate-actions mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">A certificate of completion, issued by {brandName}.</p>
        {hydrated ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-brand-700"
          >
            Download PDF
          </button>
        ) : (
          <p className="text-sm text-slate-600">
            To save it as a PDF, use your browser&apos;s Print command and choose &lsquo;Save as PDF&rsquo;.
          </p>
        )}
      </div>

      <section
        aria-label="Certificate of completion"
        className="certificate-sheet flex flex-col items-center justify-center rounded-2xl border-[6px] border-double border-brand-700 bg-white p-6 text-center shadow-lg sm:aspect-[297/210] sm:p-12"
      >
        <p className="text-sm font-bold uppercase tracking-[0.3em] text-brand-700">{brandName}</p>
        <h1 className="mt-4 font-serif text-3xl font-bold text-slate-900 sm:mt-6 sm:text-5xl">
          Certificate of Completion
        </h1>
        <p className="mt-6 text-slate-600 sm:mt-8 sm:text-lg">This certifies that</p>
        <p className="mt-2 break-words font-serif text-2xl font-semibold text-slate-900 sm:text-4xl">
          {certificate.recipientName}
        </p>
        <p className="mt-6 text-slate-600 sm:text-lg">has completed the course</p>
        <p className="mt-2 break-words text-xl font-semibold text-brand-900 sm:text-3xl">{certificate.courseTitle}</p>
        <p className="mt-6 text-slate-600 sm:text-lg">on {certificate.completedOn}</p>
        <p className="mt-8 text-xs text-slate-500 sm:mt-12">Certificate {certificate.code}</p>
      </section>
    </main>
  );
}
