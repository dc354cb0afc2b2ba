import type { Kysely } from "kysely";
import { expect, vi } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import type { AppProcess } from "./app-process";
import type { FakeStripe } from "./fake-stripe";
import { createUser, signIn } from "./fixtures";
import { freshConnection } from "./operations";
import { captured } from "./present";

/**
 * A graceful stop under way: a buyer's checkout is in flight (the fake Stripe holds its answer for
 * 4 s) when SIGTERM arrives. What the checkout got, what a new connection got meanwhile (asked
 * again until the server refuses it, which must happen while the checkout is still in flight),
 * and the exit code.
 */
export async function sigtermDuringSlowCheckout(app: AppProcess, db: Kysely<DB>, fake: FakeStripe) {
  const buyer = await signIn(app.baseUrl, (await createUser(db)).email);
  const page = await (await buyer.get("/payment-options")).text();
  const formKey = captured(page, /name="form_key" value="([^"]+)"/);
  // Long enough for the refusal to show on a loaded machine, well inside the 10 s drain.
  fake.delayMs = 4_000;
  try {
    const asked = fake.createRequests().length;
    let checkoutEnded = false;
    const inFlight = buyer
      .post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey })
      .finally(() => (checkoutEnded = true));
    // In flight: the app has asked Stripe, which holds its answer.
    await vi.waitFor(() => expect(fake.createRequests()).toHaveLength(asked + 1), { timeout: 10_000 });
    const exited = app.stop("SIGTERM");
    const newConnection = await vi.waitFor(
      async () => {
        // A connection the closing listener still took waits unanswered; give it up and ask again.
        const outcome = await freshConnection(`${app.baseUrl}/healthz`, {}, 500).then(
          ({ status }) => `answered ${status}`,
          (error: unknown) => String(error),
        );
        expect(outcome).toMatch(/ECONNREFUSED/);
        return outcome;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(checkoutEnded, "the checkout still in flight when new connections are refused").toBe(false);
    return { checkout: await inFlight, newConnection, exitCode: await exited };
  } finally {
    fake.reset();
  }
}
