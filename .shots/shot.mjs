// usage: node .shots/shot.mjs <path> <name> [js=1] [cookie-consent] [login email:password] [full=0]
import { chromium } from "@playwright/test";
const [, , path, name, js = "1", consent = "", login = "", full = "0"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, javaScriptEnabled: js === "1" });
  if (consent) await context.addCookies([{ name: "cookie-consent", value: consent, url: "http://127.0.0.1:3810" }]);
  const page = await context.newPage();
  if (login) {
    const [email, password] = login.split(":");
    await page.goto("http://127.0.0.1:3810/login");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForLoadState("networkidle");
  }
  await page.goto("http://127.0.0.1:3810" + path);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/i16/${name}-${width}.png`, fullPage: full === "1" });
  await context.close();
}
await browser.close();
