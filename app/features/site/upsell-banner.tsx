import { useSearchParams } from "@remix-run/react";
import { BROWSING_PARAM, MEMBER_UPSELL } from "./upsells";
import { useRootData } from "~/platform/hooks/use-root-data";

/**
 * Whether the visitor is a signed-in member (paid, or an admin). The upsell pages then speak to a
 * member instead of a buyer in the middle of a marketplace order. The root loader already knows;
 * an anonymous visitor's page stays the spec's page, and only that one is ever cached.
 */
export function useIsMember(): boolean {
  const user = useRootData()?.user;
  return Boolean(user && (user.hasPaid || user.isAdmin));
}

/** Whether the signed-in visitor owns this product (the root loader's user; decision 051). */
export function useOwns(productKey: string): boolean {
  return Boolean(useRootData()?.user?.products.includes(productKey));
}

/** Where 'No Thanks' goes: back to /upgrades for a member, else the marketplace's decline URL. */
export function useDeclineHref(marketplaceDeclineUrl: string): string {
  return useIsMember() ? MEMBER_UPSELL.declineHref : marketplaceDeclineUrl;
}

/**
 * The banner both upsell pages open with: for the marketplace's buyer, who has just paid and
 * arrives signed out, the yellow "the order is not finished"; for a member, a calm line that the
 * upgrade is optional; for any other signed-in visitor (a lead browsing) and for whoever came from
 * /upgrades (`?from=upgrades`), none: they are not in the middle of an order.
 */
export function UpsellBanner({ banner }: { banner: { heading: string; text: string } }) {
  const signedIn = Boolean(useRootData()?.user);
  const browsing = useSearchParams()[0].get(BROWSING_PARAM.name) === BROWSING_PARAM.value;
  const member = useIsMember();
  if (!member && (signedIn || browsing)) return null;
  const shown = member ? MEMBER_UPSELL.banner : banner;
  return (
    <div
      role="note"
      data-audience={member ? "member" : "buyer"}
      className={
        member
          ? "border-b border-brand-100 bg-brand-50 px-4 py-4 text-center text-slate-900"
          : "border-b-4 border-yellow-500 bg-yellow-200 px-4 py-4 text-center text-slate-900"
      }
    >
      <p className={member ? "text-lg font-bold text-brand-900" : "text-lg font-extrabold"}>{shown.heading}</p>
      <p className="mx-auto mt-1 max-w-3xl">{shown.text}</p>
    </div>
  );
}

/** In place of an upsell page's buy links when the member owns the upgrade (decision 051). */
export function OwnedNote({ href, label }: { href: string; label: string }) {
  return (
    <span className="flex flex-col items-center gap-2">
      <strong className="text-lg text-green-800">You own this</strong>
      <a href={href} className="font-semibold text-brand-700 underline">
        {label}
      </a>
    </span>
  );
}
