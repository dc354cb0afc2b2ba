import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MARKETING_MAIL_HELD } from "~/features/list/marketing-email";
import { advanceServerClock, resetServerClock } from "../../support/clock";
import { signIn, uniqueEmail } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 40: every marketing email must carry the sender's postal address. Without
 * MAIL_POSTAL_ADDRESS a training email is held, not sent (announcements are refused before they
 * are queued): it waits in the outbox with the reason, the admin's pages say why, and once the
 * address is set (a restart) it goes out, carrying it.
 */
const ADDRESS = "Held Test Ltd, 2 Post Road, Springfield";
const HOUR = 3_600_000;

let smtp: SmtpSink;
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  // The sender looks for due mail often, so a moved clock is seen within a moment.
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_SECONDS: "0.2" });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => resetServerClock());
afterAll(async () => {
  resetServerClock();
  await app?.close();
  await smtp?.close();
});

const trainingOf = (email: string) =>
  app.db
    .selectFrom("email_outbox")
    .select(["subject", "attempts", "last_error", "sent_at", "canceled_at"])
    .where("to_address", "=", email)
    .where("category", "=", "sequence")
    .orderBy("send_after")
    .execute();

describe("training mail without a postal address", () => {
  it("is held with its reason, the admin sees why, and it goes out once the address is set", async () => {
    const email = uniqueEmail("held");
    expect((await new Browser(app.baseUrl).post("/special-access", { email, name: "Hal" })).status).toBe(303);

    advanceServerClock(24 * HOUR + 60_000);
    await vi.waitFor(
      async () => {
        const [day1] = await trainingOf(email);
        expect(day1).toMatchObject({ last_error: MARKETING_MAIL_HELD, sent_at: null, canceled_at: null });
        // A hold is not a failed attempt: the message keeps its tries for when it can go.
        expect(day1!.attempts).toBe(0);
      },
      { timeout: 15_000 },
    );
    expect(smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.startsWith("Day"))).toEqual([]);

    // The training page says the emails are not going out, and why; the outbox names the reason.
    const sequences = await (await admin.get("/admin/emails/sequences")).text();
    expect(sequences).toContain("Training emails are not being sent.");
    expect(sequences).toContain("MAIL_POSTAL_ADDRESS (the sender&#x27;s postal address) is not set");
    const outbox = await (await admin.get("/admin/emails")).text();
    expect(outbox).toContain(email);
    expect(outbox).toContain("Held: MAIL_POSTAL_ADDRESS");

    // The operator sets the address and restarts: the held email goes out at its next try, with it.
    await app.restart({ MAIL_POSTAL_ADDRESS: ADDRESS });
    const since = smtp.messages.length;
    advanceServerClock(HOUR + 60_000);
    const day1 = await smtp.waitFor(email, 15_000, "Day 1", since);
    expect(day1.text).toContain(ADDRESS);
    await vi.waitFor(async () => expect((await trainingOf(email))[0]!.sent_at).toBeInstanceOf(Date), {
      timeout: 15_000,
    });
    expect(await (await admin.get("/admin/emails/sequences")).text()).not.toContain(
      "Training emails are not being sent.",
    );
  });
});
