import type { ReactNode } from "react";
import type { IconName } from "~/platform/copy-types";
import { Icon } from "./icon";

/** Small building blocks shared by the landing, sales and upsell pages. */

export const ctaClass = {
  primary:
    "inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-600 px-6 py-3 text-center text-base font-bold text-white shadow-sm hover:bg-brand-700",
  secondary:
    "inline-flex min-h-12 items-center justify-center rounded-lg border-2 border-brand-600 bg-white px-6 py-3 text-center text-base font-bold text-brand-700 hover:bg-brand-50",
  buy: "inline-flex min-h-14 w-full max-w-md items-center justify-center rounded-xl bg-green-700 px-6 py-4 text-center text-lg font-extrabold text-white shadow-md hover:bg-green-800",
};

/**
 * A titled page section. "band" (the marketing pages) is a full-width band with a centred heading;
 * "inline" (the affiliate pages) sits in the page's column with its heading on the left.
 */
export function Section({
  id,
  heading,
  intro,
  className = "",
  variant = "band",
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  className?: string;
  variant?: "band" | "inline";
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  if (variant === "inline") {
    return (
      <section aria-labelledby={headingId} className={`mt-12 ${className}`}>
        <h2 id={headingId} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {heading}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className={`px-4 py-12 sm:py-16 ${className}`}>
      <div className="mx-auto max-w-5xl">
        <h2 id={headingId} className="text-center text-2xl font-extrabold tracking-tight sm:text-3xl">
          {heading}
        </h2>
        {intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A list whose items each start with a check mark. */
export function CheckList({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <Icon name="check" className="mt-0.5 h-5 w-5 flex-none text-green-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The 'No Thanks' link of an upsell page, to the marketplace's decline URL. */
export function DeclineLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mt-2 text-center">
      <a href={href} className="inline-block py-3 text-sm text-slate-600 underline hover:text-slate-900">
        {label}
      </a>
    </p>
  );
}

/** The strike-through regular price next to the offer price (none when a product has no list price). */
export function OfferPrice({ regular, special, note }: { regular: string; special: string; note?: string }) {
  return (
    <p className="flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1">
      {regular && regular !== special ? (
        <span className="text-2xl text-slate-600">
          <span className="sr-only">Regular price </span>
          <s>{regular}</s>
        </span>
      ) : null}
      <span className="text-5xl font-extrabold text-slate-900">
        <span className="sr-only">Offer price </span>
        {special}
      </span>
      {note ? <span className="basis-full text-center text-sm font-semibold text-slate-600">{note}</span> : null}
    </p>
  );
}

/** The opening of an upsell page: eyebrow, the page's one heading and its pitch, then the offer (`children`). */
export function OfferHero({
  hero,
  children,
}: {
  hero: { eyebrow: string; heading: string; text: string };
  children: ReactNode;
}) {
  return (
    <section className="px-4 pb-10 pt-10 text-center sm:pt-14">
      <div className="mx-auto max-w-4xl">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{hero.eyebrow}</p>
        <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl">{hero.heading}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{hero.text}</p>
        {children}
      </div>
    </section>
  );
}

/**
 * The dark band that closes the landing and upsell pages: heading and text, then the last call to
 * action; `offer` puts it on a white card (the upsells' buy and decline links).
 */
export function ClosingBand({
  closing,
  icon,
  offer,
  children,
}: {
  closing: { heading: string; text: string };
  icon?: IconName;
  offer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-900 px-4 py-14 text-center text-white">
      {icon ? <Icon name={icon} className="mx-auto h-10 w-10" /> : null}
      <h2 id="closing-heading" className={icon ? "mt-3 text-3xl font-extrabold" : "text-3xl font-extrabold"}>
        {closing.heading}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-100">{closing.text}</p>
      {offer ? (
        <div className="mt-8 rounded-2xl bg-white p-6 text-slate-900 sm:mx-auto sm:max-w-md">{offer}</div>
      ) : null}
      {children}
    </section>
  );
}
