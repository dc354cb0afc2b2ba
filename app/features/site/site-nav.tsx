import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useRootData } from "~/platform/hooks/use-root-data";
import { DEFAULT_BRAND_NAME } from "~/platform/brand";
import { isCurrentPage } from "~/platform/current-page";
import { STARTER_PRODUCT, lockedHref, lockedToolKey, STARTER_TOOLS } from "~/features/catalogue";
import { buttonClass } from "~/platform/ui/button";
import { Icon } from "~/platform/ui/icon";

type NavItem = { to: string; label: string; mobileTo?: string; locked?: boolean };

const MEMBER_LINKS: NavItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  // docs/product.md §2: the mobile menu links the app builder to /bolt-prompt (which redirects here).
  { to: "/app-builder", mobileTo: "/bolt-prompt", label: "App Builder" },
  { to: "/app-idea-generator", label: "Idea Generator" },
  { to: "/bonuses", label: "Bonuses" },
  { to: "/upgrades", label: "Upgrades" },
];

/** A nav link's text; a locked one carries a padlock and says so to screen readers. */
function NavLabel({ item }: { item: NavItem }) {
  if (!item.locked) return <>{item.label}</>;
  return (
    <span className="inline-flex items-center gap-1.5" data-locked="true">
      <Icon name="lock" className="h-4 w-4 text-slate-400" />
      {item.label}
      <span className="sr-only"> (locked: lifetime access)</span>
    </span>
  );
}

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}

/**
 * The navigation bar of docs/product.md §2. The mobile menu is a <details> element, so it opens
 * without JavaScript; with JavaScript it also closes after a client-side navigation.
 */
export function SiteNav() {
  const data = useRootData();
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [location.key]);
  const user = data?.user ?? null;
  const brand = data?.brand.name ?? DEFAULT_BRAND_NAME;
  // A signed-in user who has not paid sees the member tools locked: each leads to the plan page,
  // which names the tool (app/features/catalogue/locked-tools.ts), instead of a silent bounce by the guard. A
  // starter owner (a lead's account) has the dashboard and the idea generator open.
  const unpaid = user !== null && !user.hasPaid && !user.isAdmin;
  const starter = user?.products.includes(STARTER_PRODUCT) ?? false;
  const links: NavItem[] = user
    ? [
        ...MEMBER_LINKS,
        ...(user.isAdmin ? [{ to: "/admin", label: "Admin Panel" }] : []),
        { to: "/account", label: "Account" },
      ].map((item) => {
        const key = unpaid ? lockedToolKey(item.to) : null;
        const locked = key !== null && !(starter && STARTER_TOOLS.includes(key));
        return locked ? { to: lockedHref(key), label: item.label, locked: true } : item;
      })
    : [];
  // Plain links with aria-current computed here: NavLink's per-link hooks were a measurable part
  // of every member page's render (app/platform/current-page.ts).
  const linkClass = (current: boolean) =>
    `rounded-md px-3 py-2 text-sm font-medium ${
      current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
    }`;

  return (
    <header className="sticky top-0 z-40 border-b print:hidden border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link
          to={user ? "/dashboard" : "/"}
          className="inline-flex min-h-11 items-center text-lg font-extrabold tracking-tight text-brand-700"
        >
          {brand}
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {links.map((item) => {
            const current = isCurrentPage(location.pathname, item.to);
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={current ? "page" : undefined}
                className={linkClass(current)}
                prefetch={item.locked ? "none" : "intent"}
              >
                <NavLabel item={item} />
              </Link>
            );
          })}
          {user ? (
            <LogoutButton className="ml-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100" />
          ) : (
            <Link to="/login" className={buttonClass({ size: "sm" })}>
              Login
            </Link>
          )}
        </div>

        <details ref={mobileMenu} className="group relative md:hidden">
          <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">Toggle menu</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path className="group-open:hidden" d="M4 6h16M4 12h16M4 18h16" />
              <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <div className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
            {links.map((item) => {
              const to = item.mobileTo ?? item.to;
              const current = isCurrentPage(location.pathname, to);
              return (
                <Link
                  key={item.to}
                  to={to}
                  aria-current={current ? "page" : undefined}
                  className={`flex min-h-11 items-center ${linkClass(current)}`}
                >
                  <NavLabel item={item} />
                </Link>
              );
            })}
            {user ? (
              <LogoutButton className="mt-1 block min-h-11 w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100" />
            ) : (
              <Link
                to="/login"
                className="flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100"
              >
                Login
              </Link>
            )}
          </div>
        </details>
      </nav>
    </header>
  );
}
