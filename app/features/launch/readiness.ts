import { formatInZone } from "./launch";

/**
 * The launch readiness check on /admin/launch (docs/operations.md#launch-checklist): what an
 * operator must have set before selling, each line ready or not, computed from facts the server
 * gathers (readiness.server.ts). Pure, so every case is a unit test. No line carries a secret:
 * only whether a value is set, and the names of variables and products.
 */

/** A product as the check sees it. */
export type ProductFacts = {
  key: string;
  name: string;
  /** Sold for money (a price above zero); the free products (the early bonus, the starter kit) are given. */
  sold: boolean;
  /** Has a Stripe price id (/admin/products). */
  stripePrice: boolean;
  /** Lists a marketplace item number (/admin/products). */
  marketplaceItems: boolean;
  /** Published courses with a published chapter that open it. */
  courses: number;
};

export type ReadinessFacts = {
  /** The marketplace link variables still at their made-up placeholder. */
  placeholderLinks: readonly string[];
  products: readonly ProductFacts[];
  /** Card sales can complete: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  stripeConfigured: boolean;
  /** Marketplace sales are recorded: WARRIORPLUS_SECURITY_KEY is set. */
  marketplaceConfigured: boolean;
  postalAddress: boolean;
  mailFrom: boolean;
  smtp: boolean;
  communityLink: boolean;
  cartOpensAt: Date | null;
  cartClosesAt: Date | null;
  timeZone: string;
  now: Date;
  dkim: boolean;
};

/** Where a line is fixed: an admin page, or variables of the environment (set at the deploy). */
export type ReadinessFix = { href: string; label: string } | { variables: readonly string[] };

export type ReadinessLine = {
  key: string;
  label: string;
  ready: boolean;
  /** What is set, or what is missing and what that does to the site. */
  detail: string;
  fix: ReadinessFix;
};

/**
 * What a sold product opens besides a course: the custom SaaS package is a service, which its
 * buyer starts with the application form (launch's own, /custom-saas/apply).
 */
const OPENED_WITHOUT_COURSE: Readonly<Record<string, string>> = { custom_saas: "the application form" };

const list = (names: readonly string[]) => names.join(", ");

export function readinessLines(facts: ReadinessFacts): ReadinessLine[] {
  const sold = facts.products.filter((product) => product.sold);
  return [
    marketplaceLinksLine(facts),
    productsSoldLine(facts, sold),
    productsOpenedLine(sold),
    {
      key: "postal-address",
      label: "Postal address",
      ready: facts.postalAddress,
      detail: facts.postalAddress
        ? "Set: every marketing email prints it."
        : "Not set: marketing email must print the sender's postal address, so announcements refuse to send and training emails are held.",
      fix: { variables: ["MAIL_POSTAL_ADDRESS"] },
    },
    mailLine(facts),
    {
      key: "community",
      label: "Community link",
      ready: facts.communityLink,
      detail: facts.communityLink
        ? "Set: paid members see 'Join the Private Community'."
        : "Not set: the sales pages leave the community out, and paid members see 'Join Discord (Coming Soon)'.",
      fix: { href: "/admin/community", label: "Community settings" },
    },
    datesLine(facts),
    {
      key: "dkim",
      label: "DKIM signing",
      ready: facts.dkim,
      detail: facts.dkim
        ? "Set: every message is signed."
        : "Not set: mail goes out unsigned, and inbox providers may file it as spam.",
      fix: { variables: ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] },
    },
  ];
}

function marketplaceLinksLine({ placeholderLinks }: ReadinessFacts): ReadinessLine {
  return {
    key: "marketplace-links",
    label: "Marketplace buy links",
    ready: placeholderLinks.length === 0,
    detail:
      placeholderLinks.length === 0
        ? "Set: every buy, decline and affiliate link leads to your offers."
        : `Still the made-up placeholder, which leads nowhere: ${list(placeholderLinks)}.`,
    fix: { variables: placeholderLinks.length ? placeholderLinks : ["MARKETPLACE_CHECKOUT_URL"] },
  };
}

/** Each sold product can be bought: a Stripe price with Stripe configured, or a marketplace item with the IPN key. */
function productsSoldLine(facts: ReadinessFacts, sold: readonly ProductFacts[]): ReadinessLine {
  const unsold = sold.filter(
    (product) =>
      !(product.stripePrice && facts.stripeConfigured) && !(product.marketplaceItems && facts.marketplaceConfigured),
  );
  const notes = [
    sold.some((product) => product.stripePrice) && !facts.stripeConfigured
      ? "Stripe prices are set but STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is not."
      : null,
    sold.some((product) => product.marketplaceItems) && !facts.marketplaceConfigured
      ? "Marketplace items are set but WARRIORPLUS_SECURITY_KEY is not, so their sales are refused."
      : null,
  ].filter((note): note is string => note !== null);
  return {
    key: "products-sold",
    label: "Every product on sale",
    ready: unsold.length === 0,
    detail: [
      unsold.length === 0
        ? "Every product sold has a Stripe price or a marketplace item."
        : `No Stripe price or marketplace item that can sell it: ${list(unsold.map((product) => product.name))}.`,
      ...notes,
    ].join(" "),
    fix: { href: "/admin/products", label: "Products" },
  };
}

function productsOpenedLine(sold: readonly ProductFacts[]): ReadinessLine {
  const empty = sold.filter((product) => product.courses === 0 && !OPENED_WITHOUT_COURSE[product.key]);
  return {
    key: "products-opened",
    label: "Every product opens something",
    ready: empty.length === 0,
    detail:
      empty.length === 0
        ? "Every product sold opens a published course (the custom SaaS package opens its application form)."
        : `Sold, but no published course opens it: ${list(empty.map((product) => product.name))}.`,
    fix: { href: "/admin", label: "Courses" },
  };
}

function mailLine({ mailFrom, smtp }: ReadinessFacts): ReadinessLine {
  const missing = [smtp ? null : "SMTP_URL", mailFrom ? null : "MAIL_FROM"].filter(
    (name): name is string => name !== null,
  );
  return {
    key: "mail",
    label: "Mail sender",
    ready: missing.length === 0,
    detail:
      missing.length === 0
        ? "Set: mail goes out through your mail server, from your address."
        : `Not set: ${list(missing)}.${smtp ? "" : " Messages are only written to the server log."}`,
    fix: { variables: missing.length ? missing : ["SMTP_URL", "MAIL_FROM"] },
  };
}

function datesLine({ cartOpensAt, cartClosesAt, timeZone, now }: ReadinessFacts): ReadinessLine {
  const line = { key: "dates", label: "Launch dates", fix: { href: "#cartOpensAt", label: "Launch settings" } };
  const unset = [cartOpensAt ? null : "'Cart opens'", cartClosesAt ? null : "'Cart closes'"].filter(Boolean);
  if (unset.length > 0) {
    return {
      ...line,
      ready: false,
      detail: `Not set: ${unset.join(" and ")}. Without 'Cart closes' no page shows a deadline.`,
    };
  }
  if (cartClosesAt! <= now) {
    return { ...line, ready: false, detail: `The cart closed ${formatInZone(cartClosesAt!, timeZone)}.` };
  }
  return {
    ...line,
    ready: true,
    detail: `The cart opens ${formatInZone(cartOpensAt!, timeZone)} and closes ${formatInZone(cartClosesAt!, timeZone)}.`,
  };
}
