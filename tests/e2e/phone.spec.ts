import type { Page } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_URL, E2E_MAIL, E2E_WARRIORPLUS } from "../../playwright.config";
import { marketplaceSale, postMarketplaceIpn } from "../support/marketplace-sale";
import { expect, test } from "./fixtures";
import { hydrated, logIn, logOut, signUp, uniqueEmail, withConsentChosen } from "./helpers";

/**
 * Issue 16, "Polish on a phone": everything here runs at 390x844, with JavaScript on and off.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PHONE = { width: 390, height: 844 };
const MIN_TARGET = 44;

type ReceivedMail = { to: string[]; subject: string; text: string };

/** The messages the SMTP sink (tests/support/smtp-sink-server.ts) received for `address`. */
async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${E2E_MAIL.apiUrl}/messages?${new URLSearchParams({ to: address })}`);
  return (await response.json()) as ReceivedMail[];
}

async function waitForMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  await expect
    .poll(async () => (await mailTo(address)).some((mail) => subject.test(mail.subject)), { timeout: 15_000 })
    .toBe(true);
  return (await mailTo(address)).find((mail) => subject.test(mail.subject))!;
}

const firstLink = (mail: ReceivedMail, pathname: string) => {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === pathname);
  if (!href) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  return new URL(href);
};

const sheet = (page: Page) => page.getByRole("region", { name: "Cookie Consent" });

test.describe("the consent sheet", () => {
  test("sits at the foot of the screen, takes at most 30% of it and hides nothing", async ({ page }) => {
    await page.goto("/ailabs-offer");
    const box = (await sheet(page).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.3);
    expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
    expect(box.width).toBeCloseTo(PHONE.width, 0);
    // The page's first screen is visible above it: the headline is not covered.
    const headline = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(headline.y + headline.height).toBeLessThan(box.y);

    // It stays on the foot of the screen while the page scrolls...
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => Math.round((await sheet(page).boundingBox())!.y + box.height)).toBe(PHONE.height);
    // ...and at the end it rests below the footer, which it never covers.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.getByRole("contentinfo").boundingBox())!;
    const rested = (await sheet(page).boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(rested.y + 1);
  });

  test("keeps every part the spec names, and the close X means Essential Only", async ({ page, context }) => {
    await page.goto("/");
    const region = sheet(page);
    await expect(region.getByRole("heading", { name: "Cookie Consent" })).toBeVisible();
    await expect(region.getByRole("link", { name: "How we use cookies" })).toHaveAttribute(
      "href",
      "/privacy-policy#cookie-policy",
    );
    await expect(region.getByText("Show Cookie Details")).toBeVisible();
    for (const name of ["Decline", "Essential Only", "Accept All"])
      await expect(region.getByRole("button", { name, exact: true })).toBeVisible();
    await region.getByRole("button", { name: "Close (Essential Only)" }).click();
    await expect(region).toHaveCount(0);
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "cookie-consent")?.value)
      .toBe("essential");
  });

  test("takes focus on load without trapping it", async ({ page }) => {
    await page.goto("/");
    await expect(sheet(page)).toBeFocused();
    // Tab goes through the sheet's controls and then on into the page.
    const visited: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      visited.push(await page.evaluate(() => (document.activeElement?.closest("#cookie-consent") ? "sheet" : "page")));
    }
    expect(visited[0]).toBe("sheet");
    expect(visited).toContain("page");
  });

  test("opening the details lets it grow and scroll, buttons still in reach", async ({ page }) => {
    await page.goto("/");
    await sheet(page).getByText("Show Cookie Details").click();
    await expect(sheet(page).getByText("Marketing cookies")).toBeVisible();
    const box = (await sheet(page).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.75 + 1);
    await expect(sheet(page).getByRole("button", { name: "Accept All" })).toBeInViewport();
  });
});

test.describe("tap targets", () => {
  /** Every visible link, button and toggle narrower or shorter than 44 CSS px, described. */
  async function smallTargets(page: Page): Promise<string[]> {
    return page.evaluate((min) => {
      const found: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(
        "a[href], button, summary, input[type=submit], input[type=button], [role=button]",
      )) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        // Not shown: display none, inside a closed <details>, or visually hidden (sr-only, the honeypot).
        if (style.visibility === "hidden" || element.getClientRects().length === 0) continue;
        if (box.width <= 1 || box.height <= 1 || box.right <= 0 || box.left >= window.innerWidth) continue;
        if (element.closest("[aria-hidden=true]")) continue;
        // Quill's own toolbar is the editor's, not ours; its prompts are checked on their own below.
        if (element.closest(".ql-toolbar")) continue;
        if (box.width < min - 0.5 || box.height < min - 0.5) {
          const label = (element.getAttribute("aria-label") ?? element.textContent ?? "")
            .trim()
            .replace(/\s+/g, " ")
            .slice(0, 40);
          found.push(`${element.tagName.toLowerCase()} "${label}" ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
      }
      return found;
    }, MIN_TARGET);
  }

  async function audit(page: Page, paths: string[]) {
    const failures: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      for (const target of await smallTargets(page)) failures.push(`${path}: ${target}`);
    }
    expect(failures).toEqual([]);
  }

  const PUBLIC_PAGES = [
    "/",
    "/ailabs-offer",
    "/ailabs-offer2",
    "/ailabs-offer3",
    "/white-label-upsell",
    "/custom-saas-upsell",
    "/custom-saas-thank-you",
    "/upgrades",
    "/privacy-policy",
    "/terms-of-service",
    "/jv-affiliate",
    "/jv-doc",
    "/demo-swipes",
    "/demo-swipes?tab=emails",
    "/demo-swipes?tab=banners",
    "/special-access",
    "/thank-you-access",
    "/consent",
    "/login",
    "/signup",
    "/forgot-password",
    "/reset-password?token=unknown",
    "/claim?token=unknown",
  ];

  test("every link and button on the public pages is at least 44x44, the consent sheet's too", async ({ page }) => {
    await page.goto("/");
    expect(await smallTargets(page)).toEqual([]); // with the sheet
    await withConsentChosen(page.context());
    await audit(page, PUBLIC_PAGES);
  });

  test("every link and button on the member pages is at least 44x44", async ({ page, paidMember: _paidMember }) => {
    await withConsentChosen(page.context());
    await page.goto("/dashboard");
    const courseHref = await page
      .getByRole("link", { name: /Start learning|AI SaaS Launch Blueprint/ })
      .first()
      .getAttribute("href");
    await audit(page, [
      "/dashboard",
      courseHref!,
      "/app-builder",
      "/app-idea-generator",
      "/app-idea-generator?industry=Healthcare&seed=5",
      "/app-idea-generator?industry=Healthcare&seed=5&idea=support-copilot",
      "/bonuses",
      "/upgrades",
      "/white-label-upsell",
    ]);
    // The mobile menu, open.
    await page.goto("/dashboard");
    await page.locator("header summary").click();
    expect(await smallTargets(page)).toEqual([]);
  });

  test("the admin panel on a phone", async ({ page }) => {
    await withConsentChosen(page.context());
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL("**/dashboard");
    await page.goto("/admin");
    const courseLink = page.getByRole("link", { name: /AI SaaS Launch Blueprint/ }).first();
    await page.goto((await courseLink.getAttribute("href"))!);
    expect(await smallTargets(page)).toEqual([]);
  });
});

test.describe("the demo video", () => {
  test("answers with the right types, long caching and range requests", async ({ request }) => {
    for (const [path, type] of [
      ["/media/demo.mp4", "video/mp4"],
      ["/media/demo.webm", "video/webm"],
      ["/media/demo-poster.jpg", "image/jpeg"],
    ] as const) {
      const whole = await request.get(path, { maxRedirects: 0 });
      expect(whole.status(), path).toBe(200);
      expect(whole.headers()["content-type"], path).toBe(type);
      expect(whole.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
      expect(whole.headers()["accept-ranges"], path).toBe("bytes");
      const size = (await whole.body()).length;
      const part = await request.get(path, { headers: { Range: "bytes=100-199" }, maxRedirects: 0 });
      expect(part.status(), path).toBe(206);
      expect(part.headers()["content-range"], path).toBe(`bytes 100-199/${size}`);
      expect((await part.body()).length, path).toBe(100);
    }
    // A missing file is a 404, not the catch-all's redirect to the landing page.
    expect((await request.get("/media/missing.mp4", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("plays in the Demo Video tab and the sales pages' video spot, with its poster", async ({
    page,
    javaScriptEnabled,
  }) => {
    await withConsentChosen(page.context());
    for (const path of ["/demo-swipes", "/ailabs-offer"]) {
      await page.goto(path);
      const video = page.locator("video").first();
      await expect(video).toBeVisible();
      await expect(video).toHaveAttribute("controls", "");
      await expect(video).toHaveAttribute("poster", /^\/media\/demo-poster\.jpg\?v=/);
      await expect(video.locator("source").first()).toHaveAttribute("src", /^\/media\/demo\.mp4\?v=/);
      await expect(video.locator("source").first()).toHaveAttribute("type", "video/mp4");
      await expect(page.getByText("coming soon")).toHaveCount(0);
      if (javaScriptEnabled) {
        // The browser really loads it: one of the sources decodes, about 18 seconds long.
        const duration = await video.evaluate(
          (element: HTMLVideoElement) =>
            new Promise<number>((resolve, reject) => {
              element.addEventListener("loadedmetadata", () => resolve(element.duration), { once: true });
              element.addEventListener("error", () => reject(new Error("the video did not load")), { once: true });
              element.preload = "metadata";
              element.load();
            }),
        );
        expect(duration).toBeGreaterThan(15);
        expect(duration).toBeLessThan(25);
      }
    }
  });
});

test("a lead gets the confirmation email the thank-you page promises, with a signup link", async ({ page, db }) => {
  await withConsentChosen(page.context());
  const email = uniqueEmail("lead");
  await page.goto("/special-access");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel(/First name/).fill("Robin");
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  await page.waitForURL("**/thank-you-access");

  const mail = await waitForMail(email, /access is confirmed/);
  expect(mail.text).toContain("Hi Robin,");
  expect(mail.text).toContain("What to expect next:");
  expect(mail.text).toContain("- Training emails over the next few days to help you build and launch.");
  const signup = firstLink(mail, "/signup");
  expect(signup.searchParams.get("email")).toBe(email);

  await page.goto(signup.pathname + signup.search);
  await expect(page.getByLabel("Email address")).toHaveValue(email);

  // A repeat signup sends nothing more: it queues nothing in the outbox, the only thing the sender
  // sends from (the outbox is written in the request's transaction, before the page answers).
  const outbox = () =>
    db.selectFrom("email_outbox").select("id").where("to_address", "=", email).orderBy("id").execute();
  const queued = await outbox();
  await page.goto("/special-access");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  await page.waitForURL("**/thank-you-access");
  expect(await outbox()).toEqual(queued);
  expect(await mailTo(email)).toHaveLength(1);
});

test.describe("members on the upsell pages", () => {
  test("a signed-in member gets a member's line, and 'No Thanks' returns to /upgrades", async ({
    page,
    paidMember: _paidMember,
  }) => {
    await withConsentChosen(page.context());
    await page.goto("/upgrades");
    await page.getByRole("link", { name: "See the White-Label Offer" }).click();
    await page.waitForURL("**/white-label-upsell?from=upgrades");
    await expect(page.getByRole("note")).toContainText("You already have lifetime access.");
    await expect(page.getByText("Wait! Your order is not complete yet.")).toHaveCount(0);
    await expect(page.getByText(/login details will arrive by email/)).toHaveCount(0);
    const decline = page.getByRole("link", { name: "No Thanks, I Don't Want To Upgrade" });
    await expect(decline).toHaveCount(4);
    for (const link of await decline.all()) await expect(link).toHaveAttribute("href", "/upgrades");
    await decline.first().click();
    await page.waitForURL((url) => url.pathname === "/upgrades");

    await page.goto("/custom-saas-upsell");
    await expect(page.getByRole("note")).toContainText("You already have lifetime access.");
    for (const link of await page.getByRole("link", { name: "No Thanks, I'll Build It Myself" }).all()) {
      await expect(link).toHaveAttribute("href", "/upgrades");
    }
  });

  test("a marketplace buyer who is not signed in sees the spec's page unchanged", async ({ page }) => {
    await withConsentChosen(page.context());
    await page.goto("/white-label-upsell");
    await expect(page.getByRole("note")).toContainText("Wait! Your order is not complete yet.");
    await expect(page.getByRole("note")).toContainText("login details will arrive by email");
    for (const link of await page.getByRole("link", { name: "No Thanks, I Don't Want To Upgrade" }).all()) {
      await expect(link).not.toHaveAttribute("href", "/upgrades");
    }
  });
});

test.describe("feedback where the user is", () => {
  test("after a password reset: 'Your password has been updated.'", async ({ page }) => {
    await withConsentChosen(page.context());
    const account = await signUp(page);
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // The login form has an "Email address" too: fill the reset form's, not the one leaving.
    await page.waitForURL("**/forgot-password");
    await page.getByLabel("Email address").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const link = firstLink(await waitForMail(account.email, /Reset your/), "/reset-password");
    await page.goto(link.pathname + link.search);
    await page.getByLabel("New password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Set password" }).click();
    // Not paid: the plan page, with the message in view.
    await page.waitForURL((url) => url.pathname === "/payment-options");
    const flash = page.getByRole("status").filter({ hasText: "Your password has been updated." });
    await expect(flash).toBeVisible();
    await expect(flash).toBeInViewport();
    // Shown once.
    await page.reload();
    await expect(page.getByText("Your password has been updated.")).toHaveCount(0);
  });

  test("after a claim: 'Your purchase is on your account.' (decision 048)", async ({ page }) => {
    await withConsentChosen(page.context());
    // A signup nobody proved, then a marketplace purchase with its address: held, and a claim link.
    const account = await signUp(page);
    await logOut(page);
    const sale = marketplaceSale(
      { securityKey: E2E_WARRIORPLUS.securityKey, item: E2E_WARRIORPLUS.membershipItem, email: account.email },
      { WP_BUYER_NAME: "Cleo Claim" },
    );
    expect((await postMarketplaceIpn(E2E_BASE_URL, sale)).status).toBe(200);
    const link = firstLink(await waitForMail(account.email, /Claim your/), "/claim");
    await page.goto(link.pathname + link.search);
    await page.getByLabel("New password").fill("a-claimed-password");
    await page.getByRole("button", { name: "Set password and claim" }).click();
    // Paid now: the dashboard, with the message in view.
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const flash = page.getByRole("status").filter({ hasText: "Your purchase is on your account." });
    await expect(flash).toBeVisible();
  });

  test("a taken address at signup links to sign in and to the password reset", async ({ page }) => {
    await withConsentChosen(page.context());
    const account = await signUp(page);
    await logOut(page);
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email address").fill(account.email);
    await page.getByLabel("Password").fill("another-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this email already exists. Sign in instead.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" }).first()).toHaveAttribute(
      "href",
      "/login",
    );
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/forgot-password");
  });

  test("an admin's save lands on the flash, scrolled into view, and an empty course offers Add Chapter", async ({
    page,
  }) => {
    await withConsentChosen(page.context());
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL("**/dashboard");
    await page.goto("/admin?new=course");
    const title = `Phone course ${Date.now()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL(/#flash$/);
    const flash = page.locator("#flash");
    await expect(flash).toHaveAttribute("role", "status");
    await expect(flash).toBeInViewport();
    // The new course is open and empty: 'Add Chapter' right in the workspace, naming the course.
    await expect(page.getByText(`${title} has no chapters yet.`)).toBeVisible();
    await page.getByRole("link", { name: `Add Chapter to ${title}` }).click();
    await expect(page).toHaveURL(/new=chapter/);
  });
});

test("'Send to App Builder' opens /app-builder with the idea's prompt, and the export offers Markdown", async ({
  page,
  javaScriptEnabled,
  paidMember: _paidMember,
}) => {
  await withConsentChosen(page.context());
  const query = "industry=Healthcare&targetAudience=Dentists&problemToSolve=Too+many+no-shows&seed=5";
  await page.goto(`/app-idea-generator?${query}`);
  if (javaScriptEnabled) await hydrated(page);
  const card = page.getByTestId("idea-card").first();
  const title = (await card.locator("h3").textContent())!;
  await expect(card).toContainText("“Too many no-shows”");
  await card.getByRole("link", { name: new RegExp(`^Send to App Builder\\W+${title}$`) }).click();
  await page.waitForURL("**/app-builder?prompt=*");
  const prompt = page.getByLabel("Your app prompt");
  await expect(prompt).toHaveValue(new RegExp(`^Build a web app called "${title}"\\.`));
  await expect(prompt).toHaveValue(/Too many no-shows/);

  // From the details too.
  await page.goto(`/app-idea-generator?${query}&idea=support-copilot`);
  await expect(page.locator("#idea-details").getByRole("link", { name: /^Send to App Builder/ })).toHaveAttribute(
    "href",
    /^\/app-builder\?prompt=/,
  );

  const markdown = await page.request.get(`/app-idea-generator/export?${query}&format=markdown`);
  expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(markdown.headers()["content-disposition"]).toBe('attachment; filename="saas-ideas-5.md"');
  expect(await markdown.text()).toMatch(/^# SaaS ideas\n\n- \*\*Industry:\*\* Healthcare\n/);
  await page.goto(`/app-idea-generator?${query}`);
  await expect(page.getByRole("link", { name: "Export Markdown" })).toHaveAttribute(
    "href",
    `/app-idea-generator/export?${query}&format=markdown`,
  );
});
