import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  COMMISSION_PERCENT,
  CONTEST,
  FULL_BLAST,
  funnelTotalCents,
  type FunnelItem,
  JV_CONTACT,
  maxCommissionCents,
  commissionCents,
  type AffiliateDates,
  type ContestPrize,
} from "./affiliate-copy";
import { formatUsd } from "~/platform/money";
import { Section } from "~/platform/ui/marketing";

/** 'Request Affiliate Access': approval happens on the external marketplace (docs/product.md §6), in a new tab. */
export function AffiliateAccessLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={
        className ??
        "inline-flex items-center justify-center rounded-lg bg-amber-400 px-5 py-3 font-bold text-slate-900 shadow hover:bg-amber-300"
      }
    >
      Request Affiliate Access<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The small header of /jv-doc and /demo-swipes: back to the JV page, and a launch badge. */
export function AffiliateSubHeader({ badge, badgeText }: { badge?: ReactNode; badgeText: string }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-1">
        <Link
          to="/jv-affiliate"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          ← Back to JV Page
        </Link>
        {badge ?? (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">{badgeText}</span>
        )}
      </div>
    </div>
  );
}

/** The four funnel steps with price and commission, and what a whole-funnel buyer pays out. */
export function FunnelCards({ funnel, dates }: { funnel: FunnelItem[]; dates: AffiliateDates }) {
  return (
    <>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {funnel.map((item) => (
          <div key={item.key} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-xs font-bold uppercase tracking-wide text-brand-700">{item.stage}</p>
            <h3 className="mt-1 text-lg font-bold">{item.name}</h3>
            <p className="mt-2 flex-1 text-sm text-slate-700">{item.description}</p>
            <p className="mt-4 text-2xl font-extrabold">{formatUsd(item.priceCents)}</p>
            <p className="text-sm font-semibold text-emerald-700">
              {COMMISSION_PERCENT}% commission: {formatUsd(commissionCents(item.priceCents))}
            </p>
          </div>
        ))}
      </div>
      <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-slate-800">
        Whole funnel:{" "}
        <strong>
          {funnel.map((item) => formatUsd(item.priceCents)).join(" + ")} = {formatUsd(funnelTotalCents(funnel))}
        </strong>
        , all at {COMMISSION_PERCENT}% commission. Up to <strong>{formatUsd(maxCommissionCents(funnel))}</strong> for
        you on a single sale.
      </p>
      <p className="mt-3 rounded-xl bg-amber-50 p-4 text-slate-800">
        <strong>Full blast</strong> ({dates.fullBlast}): {FULL_BLAST.description}
      </p>
    </>
  );
}

export function ContestDetails({ dates, prizes }: { dates: AffiliateDates; prizes: readonly ContestPrize[] }) {
  return (
    <>
      <p className="mt-2 text-slate-700">{CONTEST.kind}.</p>
      <ol className="mt-4 grid gap-3 sm:grid-cols-3">
        {prizes.map((prize) => (
          <li key={prize.place} className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-center">
            <span className="block text-sm font-bold uppercase text-amber-900">{prize.place} place</span>
            <span className="block text-3xl font-extrabold">{formatUsd(prize.prizeCents)}</span>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-slate-700">{CONTEST.rule}</p>
      <p className="mt-2 text-sm text-slate-700">Winners announced: {dates.winners}.</p>
    </>
  );
}

export function JvContact({ supportEmail }: { supportEmail: string }) {
  return (
    <ul className="mt-4 space-y-2 text-slate-800">
      <li>
        <a
          href={JV_CONTACT.socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="tap-inline font-semibold text-brand-700 underline"
        >
          {JV_CONTACT.socialLabel}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        Email:{" "}
        <a href={`mailto:${supportEmail}`} className="tap-inline font-semibold text-brand-700 underline">
          {supportEmail}
        </a>
      </li>
    </ul>
  );
}

/** The funnel and the contest, as both affiliate pages show them (each with its own headings). */
export function FunnelAndContestSections({
  funnel,
  funnelHeading,
  contestHeading,
  dates,
  contest,
}: {
  funnel: FunnelItem[];
  funnelHeading: string;
  contestHeading: string;
  dates: AffiliateDates;
  contest: readonly ContestPrize[];
}) {
  return (
    <>
      <Section variant="inline" id="funnel" heading={funnelHeading}>
        <FunnelCards funnel={funnel} dates={dates} />
      </Section>

      <Section variant="inline" id="contest" heading={contestHeading}>
        <ContestDetails dates={dates} prizes={contest} />
      </Section>
    </>
  );
}
