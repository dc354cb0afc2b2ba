import type { ConsentChoice, CookieCategory } from "./consent-rules";

/** The banner's copy (docs/product.md §2 "Cookie consent banner"). Change CONSENT_BANNER_VERSION with it. */
export const CONSENT_COPY = {
  title: "Cookie Consent",
  intro:
    "We use cookies to run the site, count visits and improve our marketing. " +
    "Change your choice any time under 'Cookie settings' in the footer.",
  showDetails: "Show Cookie Details",
  hideDetails: "Hide Details",
} as const;

export const COOKIE_CATEGORY_DETAILS: Record<CookieCategory, { title: string; description: string }> = {
  essential: {
    title: "Essential cookies",
    description:
      "Needed for the site to work: they keep you signed in, protect forms and remember your cookie choice. They cannot be switched off.",
  },
  analytical: {
    title: "Analytical cookies",
    description:
      "Count visits and show which pages are used, so we can improve the site. Google Analytics cookies (_ga, _gid, _gat) are of this kind.",
  },
  functional: {
    title: "Functional cookies",
    description: "Remember the choices you make, such as preferences and form details, to give you a smoother visit.",
  },
  marketing: {
    title: "Marketing cookies",
    description:
      "Set by our email-marketing and advertising partners to measure campaigns and show you relevant offers on other sites.",
  },
};

/** The buttons, in the order the banner shows them, with what each choice means. */
export const CONSENT_BUTTONS: Array<{ choice: ConsentChoice; label: string; summary: string }> = [
  { choice: "none", label: "Decline", summary: "No optional cookies; analytics cookies are deleted." },
  { choice: "essential", label: "Essential Only", summary: "Only the cookies the site needs to work." },
  { choice: "all", label: "Accept All", summary: "Essential, analytical, functional and marketing cookies." },
];

export function describeChoice(choice: ConsentChoice): string {
  return { all: "Accept All", essential: "Essential Only", none: "Decline" }[choice];
}
