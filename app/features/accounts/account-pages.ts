/**
 * The account's pages (docs/product.md, "Account"): one per concern, under one heading and
 * sub-navigation. Before they were split, everything was one page at /account with a section per
 * concern; the maps below send what still points at that page to where each section went.
 */
export const ACCOUNT_PAGES = [
  { to: "/account", label: "Profile" },
  { to: "/account/security", label: "Password and two-factor" },
  { to: "/account/sessions", label: "Sessions" },
  { to: "/account/email-preferences", label: "Email preferences" },
  { to: "/account/privacy", label: "Privacy and data" },
] as const;

export const SECURITY_PAGE = "/account/security";
export const SESSIONS_PAGE = "/account/sessions";
export const EMAIL_PREFERENCES_PAGE = "/account/email-preferences";
export const PRIVACY_PAGE = "/account/privacy";
/** 'Download my data': a POST answered with the file (a page's action cannot answer with one). */
export const PERSONAL_DATA_FILE = "/account/personal-data.json";

/**
 * The sections of the old single page (their headings' ids, the `#fragment` of old links) that
 * now have a page of their own. `#profile` and `#email` stay on /account.
 */
export const MOVED_SECTIONS: Record<string, string> = {
  password: SECURITY_PAGE,
  "two-factor": SECURITY_PAGE,
  sessions: SESSIONS_PAGE,
  "email-preferences": EMAIL_PREFERENCES_PAGE,
  privacy: PRIVACY_PAGE,
  purchases: "/account/purchases",
};

/** The forms the old page posted to /account that another page answers now (a 307 keeps the post). */
export const MOVED_INTENTS = {
  password: SECURITY_PAGE,
  "disable-2fa": SECURITY_PAGE,
  "sign-out-session": SESSIONS_PAGE,
  "sign-out-others": SESSIONS_PAGE,
  "email-preferences": EMAIL_PREFERENCES_PAGE,
} as const;

/** What every account page says to a form it does not know (an old page's, a forged one). */
export const UNKNOWN_INTENT_MESSAGE = "That action is not known. Please try again.";

/** Whether `to` is the page being shown (exactly: /account is the profile, not every account page). */
export function isAccountPage(pathname: string, to: string): boolean {
  const current = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return current.toLowerCase() === to;
}

/**
 * A fragment cannot reach the server: on /account this inline script sends an old link such as
 * /account#privacy to the page that section became, before the page is shown.
 */
export function movedSectionScript(): string {
  const targets = JSON.stringify(
    Object.fromEntries(Object.entries(MOVED_SECTIONS).map(([id, page]) => [`#${id}`, page])),
  ).replace(/</g, "\\u003c");
  return `(function(){var m=${targets},h=location.hash;if(Object.prototype.hasOwnProperty.call(m,h))location.replace(m[h])})();`;
}
