import { describe, expect, it } from "vitest";
import { destinationAfterLogin, hasSpecialAccessFlag } from "~/features/accounts/login-flow";

describe("destinationAfterLogin (docs/product.md §4)", () => {
  const base = { isAdmin: false, opensTraining: false, specialAccess: false, redirectTo: null };

  it("sends special access to /dashboard whatever else holds", () => {
    expect(destinationAfterLogin({ ...base, specialAccess: true, redirectTo: "/bonuses" })).toBe("/dashboard");
  });
  it("sends paid members, starter owners and admins to the redirect or /dashboard", () => {
    expect(destinationAfterLogin({ ...base, opensTraining: true })).toBe("/dashboard");
    expect(destinationAfterLogin({ ...base, isAdmin: true })).toBe("/dashboard");
    expect(destinationAfterLogin({ ...base, opensTraining: true, redirectTo: "/bonuses" })).toBe("/bonuses");
  });
  it("sends those with nothing to open to the redirect or /payment-options", () => {
    expect(destinationAfterLogin(base)).toBe("/payment-options");
    expect(destinationAfterLogin({ ...base, redirectTo: "/upgrades" })).toBe("/upgrades");
  });
  it("ignores an unsafe redirect", () => {
    expect(destinationAfterLogin({ ...base, redirectTo: "//evil.example" })).toBe("/payment-options");
  });
});

describe("hasSpecialAccessFlag", () => {
  const url = (query = "") => new URL(`http://site.test/login${query}`);
  it("reads the query", () => {
    expect(hasSpecialAccessFlag(url("?special_access=true"), null)).toBe(true);
    expect(hasSpecialAccessFlag(url("?special_access=1"), null)).toBe(false);
  });
  it("reads the stored browser-session flag", () => {
    expect(hasSpecialAccessFlag(url(), "a=b; special_access=true")).toBe(true);
    expect(hasSpecialAccessFlag(url(), "not_special_access=true")).toBe(false);
    expect(hasSpecialAccessFlag(url(), null)).toBe(false);
  });
});
