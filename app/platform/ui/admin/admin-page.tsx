import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { FlashMessage } from "~/platform/ui/flash-message";
import type { Flash } from "~/platform/flash.server";

const SECTIONS = [
  { to: "/admin", label: "Courses", end: true },
  { to: "/admin/members", label: "Members", end: false },
  { to: "/admin/leads", label: "Leads", end: false },
  { to: "/admin/sales", label: "Sales", end: false },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/custom-saas", label: "Custom SaaS", end: false },
  { to: "/admin/emails", label: "Emails", end: false },
  { to: "/admin/launch", label: "Launch", end: false },
  { to: "/admin/community", label: "Community", end: false },
  { to: "/admin/retention", label: "Retention", end: false },
] as const;

/** The admin panel's sub-navigation: plain links, the current section marked for screen readers too. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="mt-4 -mx-1 flex gap-1 overflow-x-auto border-b border-slate-200">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end={section.end}
          prefetch="intent"
          className={({ isActive }) =>
            `flex min-h-11 shrink-0 items-center border-b-2 px-3 text-sm font-semibold ${
              isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
            }`
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Every admin page: its title, the sub-navigation, the flash message, then the page. */
export function AdminPage({
  title,
  flash,
  actions,
  children,
}: {
  title: string;
  flash?: Flash | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="min-w-0 text-2xl font-bold wrap-anywhere sm:text-3xl">{title}</h1>
          {actions}
        </div>
        <AdminNav />
        {flash ? (
          <div className="mt-6">
            <FlashMessage flash={flash} />
          </div>
        ) : null}
        <div className="mt-6 space-y-8">{children}</div>
      </main>
    </>
  );
}

/**
 * A titled section of an admin page. Not a landmark itself: the table inside is the labelled
 * region (it scrolls on a phone), so a screen reader does not hear each name twice.
 */
export function AdminSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * An admin table. From a tablet up it is a table (scrolling sideways if it must); on a phone each
 * row becomes a card of 'label: value' lines, so nothing is cut off or squeezed letter by letter.
 * Cells are <Cell label=...>, which carries the column name for the phone layout.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A region that may scroll sideways must be reachable by keyboard to be scrolled (WCAG 2.1.1).
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm sm:min-w-[36rem] [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2 [&_thead]:bg-slate-50 [&_thead_th]:font-semibold [&_thead_th]:text-slate-600 [&_tbody_tr]:border-t [&_tbody_tr]:border-slate-100 max-sm:[&_tbody]:block max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:py-2 max-sm:[&_td]:flex max-sm:[&_td]:gap-3 max-sm:[&_td]:py-1 max-sm:[&_thead]:sr-only">
        {children}
      </table>
    </div>
  );
}

/** One cell; `label` is its column's name, shown beside the value on a phone (CSS only, so it is not read twice). */
export function Cell({ label, className = "", children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <td
      data-label={label}
      className={`${className} max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:pt-0.5 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]`}
    >
      <div className="min-w-0 flex-1">{children}</div>
    </td>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

const BADGE_TONES = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  blue: "bg-brand-50 text-brand-700 ring-brand-100",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-700 ring-red-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}

const ACCESS_TONES: Record<string, keyof typeof BADGE_TONES> = {
  Paid: "green",
  Complimentary: "blue",
  Admin: "slate",
  Refunded: "red",
  "No access": "amber",
  Sent: "green",
  Queued: "slate",
  Scheduled: "blue",
  Subscribed: "green",
  Unsubscribed: "amber",
  Customer: "blue",
  Failed: "red",
  Pending: "amber",
  Canceled: "slate",
};

/** A status word in its colour (access, order status, message status). */
export function StatusBadge({ label }: { label: string }) {
  return <Badge tone={ACCESS_TONES[label] ?? "slate"}>{label}</Badge>;
}

export const OUTBOX_STATUS_LABELS = {
  scheduled: "Scheduled",
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  canceled: "Canceled",
} as const;
