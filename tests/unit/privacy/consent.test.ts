import { describe, expect, it } from "vitest";
import {
  allowedCategories,
  ANALYTICS_COOKIES,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_STORAGE_KEY,
  consentCookie,
  consentSyncScript,
  cookieDeletionDomains,
  cookiesToDelete,
  expiredCookies,
  isCategoryAllowed,
  isConsentChoice,
  parseConsentChoice,
} from "~/features/privacy/consent-rules";

describe("parseConsentChoice", () => {
  it("reads each valid choice from a Cookie header", () => {
    expect(parseConsentChoice("cookie-consent=all")).toBe("all");
    expect(parseConsentChoice("a=1; cookie-consent=essential; b=2")).toBe("essential");
    expect(parseConsentChoice("__session=xyz;cookie-consent=none")).toBe("none");
  });

  it("is null without a choice or with an unknown value", () => {
    expect(parseConsentChoice(null)).toBeNull();
    expect(parseConsentChoice("")).toBeNull();
    expect(parseConsentChoice("other=all")).toBeNull();
    expect(parseConsentChoice("cookie-consent=maybe")).toBeNull();
    expect(parseConsentChoice("my-cookie-consent=all")).toBeNull();
  });

  it("accepts only the three choices", () => {
    expect(["all", "essential", "none"].every(isConsentChoice)).toBe(true);
    expect(isConsentChoice("ALL")).toBe(false);
    expect(isConsentChoice(null)).toBe(false);
  });
});

describe("which categories a choice allows (docs/product.md §9)", () => {
  it("all allows the four categories", () => {
    expect([...allowedCategories("all")].sort()).toEqual(["analytical", "essential", "functional", "marketing"]);
  });

  it("essential blocks every non-essential category", () => {
    expect([...allowedCategories("essential")]).toEqual(["essential"]);
    expect(isCategoryAllowed("essential", "analytical")).toBe(false);
    expect(isCategoryAllowed("essential", "marketing")).toBe(false);
  });

  it("none, and no choice yet, allow nothing", () => {
    expect(allowedCategories("none").size).toBe(0);
    expect(allowedCategories(null).size).toBe(0);
    expect(isCategoryAllowed(null, "marketing")).toBe(false);
  });
});

describe("cookies removed by a choice", () => {
  it("Decline removes _ga, _gid and _gat; the other choices remove nothing", () => {
    expect(cookiesToDelete("none")).toEqual(["_ga", "_gid", "_gat"]);
    expect(cookiesToDelete("essential")).toEqual([]);
    expect(cookiesToDelete("all")).toEqual([]);
  });

  it("names every domain an analytics library may have used", () => {
    expect(cookieDeletionDomains("www.example.com")).toEqual(["www.example.com", "example.com"]);
    expect(cookieDeletionDomains("example.com")).toEqual(["example.com"]);
    expect(cookieDeletionDomains("localhost")).toEqual([]);
    expect(cookieDeletionDomains("127.0.0.1")).toEqual([]);
  });

  it("expires each cookie host-only and on each domain", () => {
    const cookies = expiredCookies(["_ga"], "www.example.com");
    expect(cookies).toHaveLength(3);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^_ga=; Path=\/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    }
    expect(cookies[0]).not.toContain("Domain=");
    expect(cookies.slice(1).map((cookie) => cookie.split("Domain=")[1])).toEqual(["www.example.com", "example.com"]);
  });
});

describe("the consent cookie", () => {
  it("lives two years, site-wide, Lax, Secure when asked", () => {
    const cookie = consentCookie("essential", { secure: true });
    expect(cookie).toContain("cookie-consent=essential");
    expect(cookie).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
    expect(consentCookie("all", { secure: false })).not.toContain("Secure");
  });
});

describe("consentSyncScript (pages without React, issue 29)", () => {
  /** Runs the script as a browser would on `hostname`, recording what it writes. */
  function run(choice: "all" | "essential" | "none", hostname: string) {
    const cookies: string[] = [];
    const storage = new Map<string, string>();
    const document = {
      set cookie(value: string) {
        cookies.push(value);
      },
    };
    const localStorage = { setItem: (key: string, value: string) => storage.set(key, value) };
    new Function("document", "location", "localStorage", consentSyncScript(choice))(
      document,
      { hostname },
      localStorage,
    );
    return { cookies, storage };
  }

  it("mirrors every choice into local storage, and expires the analytics cookies as the server does on Decline", () => {
    for (const hostname of ["www.shop.example.com", "example.com.", "127.0.0.1", "localhost"]) {
      const declined = run("none", hostname);
      expect(declined.storage.get(CONSENT_STORAGE_KEY)).toBe("none");
      expect(declined.cookies).toEqual(expiredCookies(ANALYTICS_COOKIES, hostname));
      for (const choice of ["all", "essential"] as const) {
        const kept = run(choice, hostname);
        expect(kept.storage.get(CONSENT_STORAGE_KEY)).toBe(choice);
        expect(kept.cookies).toEqual([]);
      }
    }
  });
});
