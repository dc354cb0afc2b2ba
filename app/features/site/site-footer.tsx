import { Link, useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { useRootData } from "~/platform/hooks/use-root-data";
import { DEFAULT_BRAND_NAME } from "~/platform/brand";

/**
 * The footer of every page, rendered once by the root layout: the current year, the legal links
 * and a 'Contact Us' mail link to the configured support address, and 'Cookie settings', which
 * re-opens the cookie choice and then returns here. A page adds a note above it (the earnings
 * disclaimer, say) by exporting `handle = footerNote((data) => ...)`, built from its loader data.
 */
// Tall enough (44px) to tap on a phone without hitting the neighbouring link.
const footerLink = "inline-flex min-h-11 items-center hover:text-brand-700 hover:underline";

type FooterHandle = { footerNote: (data: never) => ReactNode };

/** A route's `handle`: the note its page shows above the footer links, from the route's loader data. */
export function footerNote<Data>(render: (data: Data) => ReactNode): FooterHandle {
  return { footerNote: render as (data: never) => ReactNode };
}

/** The `handle` of pages whose copy has an earnings disclaimer: it goes above the footer links. */
export const disclaimerFooterNote = footerNote(
  ({ content }: { content: { disclaimer: string } }) => content.disclaimer,
);

/** The note of the deepest route that has one (and has data: an error page shows none). */
function useFooterNote(): ReactNode {
  const match = [...useMatches()]
    .reverse()
    .find((candidate) => (candidate.handle as Partial<FooterHandle> | undefined)?.footerNote && candidate.data != null);
  return match ? (match.handle as FooterHandle).footerNote(match.data as never) : null;
}

export function SiteFooter() {
  const children = useFooterNote();
  const data = useRootData();
  const brand = data?.brand.name ?? DEFAULT_BRAND_NAME;
  const supportEmail = data?.brand.supportEmail ?? "support@aiprofitlabs.com";
  const year = new Date().getFullYear();
  const location = useLocation();
  const cookieSettings =
    location.pathname === "/consent"
      ? "/consent"
      : `/consent?${new URLSearchParams({ from: location.pathname + location.search })}`;
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-slate-600">
        {children ? <div className="mb-6 text-xs leading-relaxed text-slate-500">{children}</div> : null}
        <div className="flex flex-col items-center justify-between gap-4 sm:flex-row">
          <p>
            © {year} {brand}. All rights reserved.
          </p>
          <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-x-5">
            <Link to="/privacy-policy" className={footerLink}>
              Privacy Policy
            </Link>
            <Link to="/terms-of-service" className={footerLink}>
              Terms of Service
            </Link>
            <a href={`mailto:${supportEmail}`} className={footerLink}>
              Contact Us
            </a>
            <Link to={cookieSettings} className={footerLink}>
              Cookie settings
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
