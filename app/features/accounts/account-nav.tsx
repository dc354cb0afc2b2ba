import { Link, useLocation } from "@remix-run/react";
import { ACCOUNT_PAGES, isAccountPage } from "./account-pages";

/**
 * The account pages' sub-navigation: plain links (they work without JavaScript), the page shown
 * marked with aria-current. They wrap rather than scroll, so every page shows on a phone too.
 */
export function AccountNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Account" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {ACCOUNT_PAGES.map((page) => {
          const current = isAccountPage(pathname, page.to);
          return (
            <li key={page.to}>
              <Link
                to={page.to}
                prefetch="intent"
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-full px-4 py-2 text-sm font-semibold ${
                  current
                    ? "bg-brand-600 text-white shadow-sm"
                    : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900"
                }`}
              >
                {page.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
