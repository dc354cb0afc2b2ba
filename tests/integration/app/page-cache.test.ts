import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * The in-process page cache in front of the real app (issues 10 and 12): what it may serve to
 * whom. Each test uses its own pages, because the cache lives as long as the app. A response from
 * the cache carries `Age`; one the app rendered for this request alone does not.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "60" });
});
afterAll(async () => {
  await app?.close();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** A GET with exactly these headers (fetch would merge cookies and decompress). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, app.baseUrl), { headers: { Accept: "text/html", ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const plain =
            encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
          resolve({ status: res.statusCode!, headers: res.headers, body, text: plain.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

const fromCache = (response: Raw) => response.headers.age !== undefined;
const hasBanner = (response: Raw) => response.text.includes('id="cookie-consent-title"');

describe("consent cookies as the cache and the app read them", () => {
  it("a duplicate consent cookie cannot hide the banner from visitors who chose nothing", async () => {
    // The reported attack: the app reads the first value ("all"), an old cache keyed on the last ("").
    const attacker = await get("/jv-doc", { Cookie: "cookie-consent=all; cookie-consent=" });
    expect(attacker.status).toBe(200);
    expect(hasBanner(attacker)).toBe(false);
    for (let i = 0; i < 3; i++) {
      const visitor = await get("/jv-doc");
      expect(visitor.status).toBe(200);
      expect(hasBanner(visitor)).toBe(true);
    }
  });

  it("the reverse order is no choice for the app and for the key alike", async () => {
    const first = await get("/jv-affiliate", { Cookie: "cookie-consent=; cookie-consent=all" });
    expect(hasBanner(first)).toBe(true);
    const chosen = await get("/jv-affiliate", { Cookie: "cookie-consent=all" });
    expect(hasBanner(chosen)).toBe(false);
    expect(hasBanner(await get("/jv-affiliate"))).toBe(true);
  });

  it("oddly cased, quoted and spaced cookies get the page the app renders for them, and poison nothing", async () => {
    const cases: Array<[string, boolean]> = [
      ["Cookie-Consent=all", true],
      ["COOKIE-CONSENT=none; theme=dark", true],
      ['cookie-consent="all"', false],
      [" cookie-consent = essential ", false],
      ["cookie-consent=everything", true],
      ["_ga=GA1.2; cookie-consent=none; cookie-consent=all", false],
    ];
    for (const [cookie, banner] of cases) {
      expect(hasBanner(await get("/ailabs-offer2", { Cookie: cookie })), cookie).toBe(banner);
      expect(hasBanner(await get("/ailabs-offer2")), `a visitor after ${cookie}`).toBe(true);
      expect(hasBanner(await get("/ailabs-offer2", { Cookie: "cookie-consent=all" })), `a choice after ${cookie}`).toBe(
        false,
      );
    }
  });
});

describe("personal requests", () => {
  it("a signed-in member is never answered from the cache, and their page is never stored", async () => {
    const user = await createUser(app.db, { paid: "warriorplus", name: "Cached Never" });
    const member = await signIn(app.baseUrl, user.email);
    const cookie = member.cookieHeader();
    for (let i = 0; i < 2; i++) {
      const page = await get("/upgrades", { Cookie: cookie });
      expect(fromCache(page)).toBe(false);
      expect(page.text).toContain("Logout");
      expect(page.headers["cache-control"]).toBe("private, no-store");
    }
    const visitor = await get("/upgrades");
    expect(visitor.text).not.toContain("Logout");
    expect((await get("/upgrades")).headers.age).toBeDefined();
    // A member arriving after the page is cached still gets their own page.
    const again = await get("/upgrades", { Cookie: `cookie-consent=all; ${cookie}` });
    expect(fromCache(again)).toBe(false);
    expect(again.text).toContain("Logout");
  });

  it("any session or flash cookie, valid or not, bypasses the cache", async () => {
    await get("/custom-saas-upsell");
    expect(fromCache(await get("/custom-saas-upsell"))).toBe(true);
    for (const cookie of [
      "__session=forged",
      "__flash=anything",
      "cookie-consent=all; __session=",
      "__session=a; __session=b",
    ]) {
      expect(fromCache(await get("/custom-saas-upsell", { Cookie: cookie })), cookie).toBe(false);
    }
  });
});

describe("query strings", () => {
  it("tracking parameters share the page's entry, and the page renders without them", async () => {
    const first = await get("/white-label-upsell?utm_source=news&fbclid=abc123");
    const second = await get("/white-label-upsell?gclid=zzz&ref=affiliate7");
    const plain = await get("/white-label-upsell");
    for (const response of [first, second, plain]) expect(response.status).toBe(200);
    expect(fromCache(second)).toBe(true);
    expect(fromCache(plain)).toBe(true);
    expect(second.text).toBe(first.text);
    for (const marker of ["utm_source", "fbclid", "abc123", "gclid", "affiliate7"])
      expect(first.text).not.toContain(marker);
  });

  it("a parameter the page declared keeps its own entry", async () => {
    const emails = await get("/demo-swipes?tab=emails&utm_campaign=x");
    const banners = await get("/demo-swipes?tab=banners");
    expect(emails.text).not.toBe(banners.text);
    expect(emails.text).toContain('aria-current="page"');
    expect((await get("/demo-swipes?tab=emails")).text).toBe(emails.text);
  });
});

describe("what a cached page is sent with", () => {
  it("the right Content-Encoding for each client, and Vary on Cookie and Accept-Encoding", async () => {
    const plain = await get("/ailabs-offer3", { "Accept-Encoding": "identity" });
    const br = await get("/ailabs-offer3", { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await get("/ailabs-offer3", { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    for (const response of [plain, br, gz]) {
      expect(response.text).toBe(plain.text);
      expect(String(response.headers.vary)).toMatch(/Cookie/);
      expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
    }
  });

  it("a CSP as strict as an uncached page's: the hashes of exactly its inline scripts, never a replayed nonce", async () => {
    const first = await get("/special-access");
    const hit = await get("/special-access");
    expect(fromCache(hit)).toBe(true);
    for (const response of [first, hit]) {
      const csp = String(response.headers["content-security-policy"]);
      const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src "))!;
      expect(scriptSrc).not.toContain("nonce");
      expect(scriptSrc).toContain("'strict-dynamic'");
      expect(response.text).not.toMatch(/\snonce="[^"]/);
      const inline = [...response.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes = ""]) => !/\ssrc=/.test(attributes),
      );
      expect(inline.length).toBeGreaterThan(0);
      const listed = new Set(scriptSrc.match(/'sha256-[^']+'/g));
      const needed = new Set(
        inline.map(
          ([, , body = ""]) => `'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`,
        ),
      );
      expect(listed).toEqual(needed);
    }
    // A page the cache never keeps still gets a fresh nonce on every request.
    const nonces = await Promise.all([get("/login"), get("/login")]).then((pages) =>
      pages.map((page) => /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1]),
    );
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
