// The fake Stripe as a process, for the end-to-end tests (a Playwright webServer): the browser
// opens its payment page and the app's SDK calls its API. Run with tsx.
import { FakeStripe } from "./fake-stripe";

const fake = await FakeStripe.start({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 0),
  secretKey: process.env.FAKE_STRIPE_SECRET_KEY ?? "sk_test_fake",
  prices: { [process.env.FAKE_STRIPE_PRICE ?? "price_lifetime"]: { unitAmount: 2500, currency: "usd" } },
});
console.log(`[fake-stripe] listening on ${fake.baseUrl}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
