/**
 * The admin member page's concern pages (docs/product.md "Admin: members"): one layout at
 * /admin/members/{id} with the member's header and a sub-navigation, and a page per concern.
 */
export const MEMBER_PAGES = [
  { page: "", label: "Profile and access" },
  { page: "orders", label: "Orders and refunds" },
  { page: "sign-in", label: "Sign-in help" },
  { page: "privacy", label: "Privacy" },
] as const;

export type MemberPage = (typeof MEMBER_PAGES)[number]["page"];

/** The URL of one of a member's pages ('' is the profile and access page). */
export const memberPagePath = (memberId: string, page: MemberPage = "") =>
  page ? `/admin/members/${memberId}/${page}` : `/admin/members/${memberId}`;

/**
 * The intents a form posted to /admin/members/{id} before the page was split, and the page that
 * takes each now: the profile page answers them with a 307, so a page left open still works.
 */
const MOVED_INTENTS: Record<string, MemberPage> = {
  refund: "orders",
  "send-link": "sign-in",
  "sign-out": "sign-in",
  "remove-2fa": "sign-in",
};

/** Where a POST to the profile page with this intent belongs now, or null when it belongs there. */
export function movedIntentPath(memberId: string, intent: unknown): string | null {
  const page = typeof intent === "string" && Object.hasOwn(MOVED_INTENTS, intent) ? MOVED_INTENTS[intent] : null;
  return page ? memberPagePath(memberId, page) : null;
}
