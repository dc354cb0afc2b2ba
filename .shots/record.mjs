// Records the landing page's build demo to /tmp/i16/rec/*.webm and prints the figure's box.
import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, recordVideo: { dir: "/tmp/i16/rec", size: { width: 1280, height: 800 } } });
await context.addCookies([{ name: "cookie-consent", value: "essential", url: "http://127.0.0.1:3810" }]);
const page = await context.newPage();
const t0 = Date.now();
await page.goto("http://127.0.0.1:3810/");
await page.addStyleTag({ content: "header{display:none!important}" });
const figure = page.locator("figure").first();
await figure.evaluate((el) => el.scrollIntoView({ block: "center" }));
await page.waitForTimeout(200);
const box = await figure.boundingBox();
console.log(JSON.stringify({ box, startedMs: Date.now() - t0 }));
await page.waitForTimeout(26000);
await context.close();
await browser.close();
