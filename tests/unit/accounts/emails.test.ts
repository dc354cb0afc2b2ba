import { describe, expect, it } from "vitest";
import { nameForMail, type Email, type Receipt } from "~/platform/mail/compose";
import { leadConfirmationEmail } from "~/features/list/emails";
import { purchaseAddedEmail, refundNoticeEmail, setPasswordEmail, welcomeEmail } from "~/features/billing/emails";
import {
  claimPurchaseEmail,
  confirmEmailChangeEmail,
  newSignInEmail,
  passwordChangedEmail,
  resetPasswordEmail,
  signInLinkEmail,
  twoFactorRemovedEmail,
  verifyEmailEmail,
  wrongTwoFactorCodesEmail,
} from "~/features/accounts/emails";
import { isPlainName } from "~/platform/forms/auth-rules";
import { present } from "../../support/present";

/**
 * Every template, both parts, by snapshot: a wording change shows up in review as a diff of the
 * very text buyers read. The real SMTP delivery is in tests/integration/admin-business.test.ts.
 */
const receipt: Receipt = {
  product: "AI Profit Labs Lifetime Access",
  amount: "$25.00 USD",
  date: "23 Nov 2026",
  reference: "6f1c0c7e-2c9a-4a43-9d5c-5d7f6c1a2b3c",
  dashboardUrl: "https://site.example/dashboard",
  supportEmail: "support@site.example",
};

const templates: Record<string, Email> = {
  welcome: welcomeEmail({ brand: "AI Profit Labs", name: "Wendy", receipt }),
  refund: refundNoticeEmail({
    brand: "AI Profit Labs",
    name: "Wendy",
    product: receipt.product,
    amount: receipt.amount,
    reference: receipt.reference,
    supportEmail: receipt.supportEmail,
    ends: { kind: "membership" },
  }),
  refundUpgrade: refundNoticeEmail({
    brand: "AI Profit Labs",
    name: "Wendy",
    product: "VIP Upgrade",
    amount: "$4.95 USD",
    reference: receipt.reference,
    supportEmail: receipt.supportEmail,
    ends: { kind: "product", keepsMembership: true },
  }),
  setPasswordWithReceipt: setPasswordEmail({
    brand: "AI Profit Labs",
    name: "Bea",
    link: "https://site.example/reset-password?token=abc",
    loginUrl: "https://site.example/login",
    receipt: { ...receipt, product: "AI Profit Labs Front End", amount: "$17.00 USD" },
  }),
  purchaseAddedWithReceipt: purchaseAddedEmail({
    brand: "AI Profit Labs",
    name: "Al",
    loginUrl: "https://site.example/login",
    receipt,
  }),
  reset: resetPasswordEmail({ brand: "AI Profit Labs", link: "https://site.example/reset-password?token=xyz" }),
  signInLink: signInLinkEmail({
    brand: "AI Profit Labs",
    name: "",
    link: "https://site.example/reset-password?token=s1",
    loginUrl: "https://site.example/login",
  }),
  // Decision 048: the two address-confirming mails and the claim link name the account they are for.
  verifyEmail: verifyEmailEmail({
    brand: "AI Profit Labs",
    name: "Jane",
    link: "https://site.example/verify-email?token=v1",
    account: { name: "Jane", created: "3 Nov 2026" },
  }),
  confirmEmailChange: confirmEmailChangeEmail({
    brand: "AI Profit Labs",
    name: "Jane",
    link: "https://site.example/account/confirm-email?token=c1",
    account: { name: "Jane", created: "3 Nov 2026" },
  }),
  claimPurchase: claimPurchaseEmail({
    brand: "AI Profit Labs",
    link: "https://site.example/claim?token=k1",
    forgotUrl: "https://site.example/forgot-password",
    account: { name: "Mallory", created: "3 Nov 2026" },
    receipt: { ...receipt, product: "AI Profit Labs Front End", amount: "$17.00 USD" },
  }),
  wrongTwoFactorCodes: wrongTwoFactorCodesEmail({
    brand: "AI Profit Labs",
    name: "Ola",
    support: "support@site.example",
  }),
  twoFactorRemoved: twoFactorRemovedEmail({ brand: "AI Profit Labs", name: "Ola", support: "support@site.example" }),
  leadConfirmation: leadConfirmationEmail({
    brand: "AI Profit Labs",
    name: "Lee",
    next: ["A confirmation email with your access details.", "Your login details."],
    signupUrl: "https://site.example/signup?email=lee%40site.example",
    supportEmail: "support@site.example",
  }),
};

describe("email templates", () => {
  for (const [name, email] of Object.entries(templates)) {
    it(`${name}: plain text and HTML parts`, () => {
      expect(email.subject).toMatchSnapshot("subject");
      expect(email.text).toMatchSnapshot("text");
      expect(email.html).toMatchSnapshot("html");
    });
  }

  it("the receipt block says the same in both parts", () => {
    const { text, html } = present(templates.welcome, "the welcome email");
    for (const value of [
      receipt.product,
      receipt.amount,
      receipt.date,
      receipt.reference,
      receipt.dashboardUrl,
      receipt.supportEmail,
    ]) {
      expect(text).toContain(value);
      expect(html).toContain(value);
    }
    expect(html).toContain(`<a href="${receipt.dashboardUrl}">`);
  });

  it("escapes what it puts in HTML, and leaves the text part as written", () => {
    const email = welcomeEmail({
      brand: "AI Profit Labs",
      name: `<script>alert("x")</script> & Co`,
      receipt: { ...receipt, product: `Lab "Pro" <b>` },
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co,");
    expect(email.html).toContain("Lab &quot;Pro&quot; &lt;b&gt;");
    expect(email.text).toContain(`Hi <script>alert("x")</script> & Co,`);
  });

  it("keeps the marketplace emails' existing wording without a receipt", () => {
    const email = setPasswordEmail({ brand: "B", name: " ", link: "https://l.example/x", loginUrl: "u" });
    expect(email.text).toContain("Hi there,");
    expect(email.text).toContain("\nhttps://l.example/x\n");
    expect(email.text).not.toContain("Receipt");
  });
});

/** Decision 050: names are printed in mail to addresses nobody proved; one plain line, or no name. */
describe("names in mail", () => {
  const refused = [
    "Click http://evil.example\n\nYour account is locked",
    "Jane\nDoe",
    "Jane\rDoe",
    "Jane\u2028Doe",
    "Jane\u2029Doe",
    "Jane\tDoe",
    "Jane\u0000Doe",
    "Ann \u202EeoD",
    "Ann \u2066Doe",
    "Visit evil.example",
    "www.evil.co",
    "evil\u3002com",
    "Ann hxxp://x",
    "Ann https:\\\\evil",
    "help@evil.example",
    "Ann 203.0.113.9",
  ];
  const allowed = [
    "Wendy",
    "Anne-Marie O'Neil",
    "J. R. R. Tolkien",
    "Mr. T",
    "José María Aznar-López",
    "李小龍",
    "محمد",
  ];

  it("a plain name is one line without a web or email address", () => {
    for (const name of refused) expect(isPlainName(name), JSON.stringify(name)).toBe(false);
    for (const name of allowed) expect(isPlainName(name), name).toBe(true);
  });

  it("greets a name that is not plain neutrally in every template that greets", () => {
    const name = "Click http://evil.example\n\nYour account is locked";
    expect(nameForMail(name)).toBe("");
    expect(nameForMail("  Wendy ")).toBe("Wendy");
    const link = "https://site.example/x";
    const notice = { brand: "B", name, support: "s@site.example" };
    for (const email of [
      welcomeEmail({ brand: "B", name, receipt }),
      setPasswordEmail({ brand: "B", name, link, loginUrl: link }),
      purchaseAddedEmail({ brand: "B", name, loginUrl: link }),
      verifyEmailEmail({ brand: "B", name, link, account: { name, created: "3 Nov 2026" } }),
      signInLinkEmail({ brand: "B", name, link, loginUrl: link }),
      confirmEmailChangeEmail({ brand: "B", name, link, account: { name, created: "3 Nov 2026" } }),
      leadConfirmationEmail({ brand: "B", name, next: [], signupUrl: link, supportEmail: "s@site.example" }),
      passwordChangedEmail(notice),
      newSignInEmail({ ...notice, device: "Chrome on macOS", when: new Date(0) }),
    ]) {
      expect(email.text.startsWith("Hi there,\n")).toBe(true);
      for (const part of [email.text, email.html]) {
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("locked");
      }
    }
    // The claim mail names the account rather than greeting: a name that is not plain is left out.
    const claim = claimPurchaseEmail({ brand: "B", link, forgotUrl: link, account: { name, created: "3 Nov 2026" } });
    for (const part of [claim.text, claim.html]) {
      expect(part).toContain("the B account created 3 Nov 2026");
      expect(part).not.toContain("evil.example");
    }
  });
});
