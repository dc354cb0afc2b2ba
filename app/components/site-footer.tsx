import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useRootData } from "~/hooks/use-root-data";

/**
 * The footer shared by public and member pages: the current year, the legal links and a
 * 'Contact Us' mail link to the configured support address, and 'Cookie settings', which
 * re-opens the cookie choice and then returns here. Pages may add a note above it (the
 * earnings disclaimer, say) through `children`.
 */
// Tall enough (40px) to tap on a phone without hitting the neighbouring link.
const footerLink = "inline-flex min-h-11 items-center hover:text-brand-700 hover:underline";

export function SiteFooter({ children }: { children?: ReactNode }) {
  const data = useRootData();
  const brand = data?.brand.name ?? "AI Profit Labs";
  const supportEmail = data?.brand.supportEmail ?? "support@aiprofitlabs.com";
  const year = new Date().getFullYear();
  const location = useLocation();
  const cookieSettings =
    location.pathname === "/consent" ? "/consent" : `/consent?${new URLSearchParams({ from: location.pathname + location.search })}`;
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
