import { safeRedirect } from "~/platform/safe-redirect";

export const SPECIAL_ACCESS_COOKIE = "special_access";

/**
 * The Set-Cookie that stores the flag for this browser session (no expiry, like sessionStorage),
 * or with `null` removes it. Secure wherever the site's other cookies are.
 */
export function specialAccessCookie(value: "true" | null, { secure }: { secure: boolean }): string {
  return [
    `${SPECIAL_ACCESS_COOKIE}=${value ?? ""}`,
    "Path=/",
    ...(value === null ? ["Max-Age=0"] : []),
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * Where login sends a signed-in user (docs/product.md §4 "Login flow"):
 * special access goes to /dashboard (the member guard still decides what it shows);
 * admins and those who may open the training (paid members, and starter owners: a lead's account
 * has its starter course there) go to the redirect parameter or /dashboard;
 * everyone else goes to the redirect parameter or /payment-options.
 */
export function destinationAfterLogin(input: {
  isAdmin: boolean;
  /** Paid, or owns the free starter product (features/catalogue/access.server.ts `opensTraining`). */
  opensTraining: boolean;
  specialAccess: boolean;
  redirectTo: string | null | undefined;
}): string {
  if (input.specialAccess) return "/dashboard";
  const fallback = input.isAdmin || input.opensTraining ? "/dashboard" : "/payment-options";
  return safeRedirect(input.redirectTo, fallback);
}

/** The special_access flag from the query (?special_access=true) or the browser-session cookie. */
export function hasSpecialAccessFlag(url: URL, cookieHeader: string | null): boolean {
  if (url.searchParams.get("special_access") === "true") return true;
  return (cookieHeader ?? "").split(/;\s*/).includes(`${SPECIAL_ACCESS_COOKIE}=true`);
}
