import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { MARKETPLACE_LINKS } from "../../support/marketplace-sale";
import { startTestApp, type TestApp } from "../../support/test-app";

// The site as deployed: served over HTTPS (PUBLIC_URL), behind a proxy that terminates TLS.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "https://members.test.example", ...MARKETPLACE_LINKS });
});
afterAll(async () => {
  await app?.close();
});

const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

describe("over HTTPS every cookie of the site is Secure", () => {
  it("the session cookie", async () => {
    const user = await createUser(app.db);
    const response = await new Browser(app.baseUrl).post("/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(303);
    expect(setCookie(response, "__session")).toMatch(/;\s*Secure/i);
  });

  it("the special_access flag, set and cleared", async () => {
    const browser = new Browser(app.baseUrl);
    expect(setCookie(await browser.get("/login?special_access=true"), "special_access")).toMatch(/;\s*Secure/i);
    const user = await createUser(app.db);
    const signedIn = new Browser(app.baseUrl);
    await signedIn.post("/login", { email: user.email, password: PASSWORD });
    expect(setCookie(await signedIn.post("/logout", {}), "special_access")).toMatch(/;\s*Secure/i);
  });

  it("the cookie-consent choice", async () => {
    const response = await new Browser(app.baseUrl).post("/consent", { choice: "essential", returnTo: "/" });
    expect(setCookie(response, "cookie-consent")).toMatch(/;\s*Secure/i);
  });
});
