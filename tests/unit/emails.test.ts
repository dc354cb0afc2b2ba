import { describe, expect, it } from "vitest";
import {
  claimPurchaseEmail,
  confirmEmailChangeEmail,
  leadConfirmationEmail,
  purchaseAddedEmail,
  refundNoticeEmail,
  resetPasswordEmail,
  setPasswordEmail,
  signInLinkEmail,
  twoFactorRemovedEmail,
  verifyEmailEmail,
  welcomeEmail,
  wrongTwoFactorCodesEmail,
  type Email,
  type Receipt,
} from "~/lib/emails";

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
    const { text, html } = templates.welcome;
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
