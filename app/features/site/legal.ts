/**
 * The legal pages' copy (docs/product.md §2 "Legal pages"), as data: a wording change never touches layout.
 * Brand name and support email come from configuration, so they are parameters here.
 */

import { retentionSentences, type RetentionDays } from "~/platform/retention-periods";
import type { Brand, PageCopy } from "~/platform/copy-types";

export type LegalBlock = { paragraphs?: string[]; list?: string[]; after?: string[] };
export type LegalSection = { id: string; title: string } & LegalBlock;
export type LegalDocument = {
  page: PageCopy;
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
};

/**
 * The white-label licence: section 5 of the terms, and the licence the White-label course shows
 * and ships in each app's zip (app/features/site/white-label-course.ts). One text, so they never differ.
 */
export const WHITE_LABEL_LICENCE =
  "If you buy a white-label upgrade, you may rebrand and sell or offer the included applications to your own clients under your own brand. You may not resell the white-label licence itself, offer the source materials as a competing training product, or use them in unlawful ways.";

/**
 * When the legal pages' wording last changed in the code: bump it with the wording. The page says
 * the later of this and the last start that printed a new text (a setting it prints changed;
 * legal-document.server.ts).
 */
export const LEGAL_WORDING_UPDATED = new Date("2025-05-21T00:00:00Z");

const LEGAL_DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** 'May 21, 2025': the legal pages' "Last updated". */
export const formatLegalDay = (at: Date) => LEGAL_DAY.format(at);

/** Ten sections: docs/product.md §2 lists collected data, use, sharing, retention, security, GDPR rights, cookies, changes, contact. */
/** `retention`: the periods in force (app/platform/retention-periods.ts), the same numbers housekeeping applies. */
export function privacyPolicy({ name, supportEmail }: Brand, retention: RetentionDays): LegalDocument {
  return {
    page: {
      title: `Privacy Policy | ${name}`,
      description: "How we collect, use, share and protect your personal data, your GDPR rights and our cookie policy.",
    },
    title: "Privacy Policy",
    lastUpdated: formatLegalDay(LEGAL_WORDING_UPDATED),
    intro: `This policy explains what personal data ${name} collects when you visit our website, buy our training or join our email list, how we use it, and the rights you have over it.`,
    sections: [
      {
        id: "introduction",
        title: "1. Who We Are",
        paragraphs: [
          `${name} ("we", "us", "our") provides online training on building and launching AI-powered software-as-a-service applications without coding. We are the controller of the personal data described in this policy.`,
          "By using our website you acknowledge the practices described here. If you do not agree with them, please do not use the website.",
        ],
      },
      {
        id: "information-we-collect",
        title: "2. Information We Collect",
        paragraphs: ["We collect the following kinds of information:"],
        list: [
          "Account details you give us: your name, email address and a password (stored only as a secure hash).",
          "Purchase details: what you bought, when, and the order references sent to us by our payment provider or the affiliate marketplace. We never see or store your full card number.",
          "Email list details: the email address (and optional first name) you enter to get special access.",
          "Technical details: your browser type, pages visited, and an address derived from your IP address, used for security, rate limiting and, with your consent, analytics.",
          "Your cookie choice and a record of when you made it.",
        ],
      },
      {
        id: "how-we-use",
        title: "3. How We Use Your Information",
        list: [
          "To create and secure your account and give you access to the courses, tools and bonuses you bought.",
          "To process payments, refunds and our 30-day money-back guarantee.",
          "To send the emails you asked for: access details, training emails and service messages. You can unsubscribe from marketing emails at any time.",
          "To protect the website against abuse, fraud and unauthorised access.",
          "With your consent, to understand how the website is used and to improve it and our marketing.",
          "To meet our legal, tax and accounting obligations.",
        ],
      },
      {
        id: "sharing",
        title: "4. Sharing Your Information",
        paragraphs: ["We do not sell your personal data. We share it only with:"],
        list: [
          "Payment providers and the affiliate marketplace that process your purchase.",
          "Hosting, database and email delivery providers that run the service for us under contract.",
          "Analytics and marketing partners, only when you have accepted those cookies.",
          "Authorities, when the law requires it, or to protect our rights and the safety of others.",
        ],
      },
      {
        id: "retention",
        title: "5. Data Retention",
        paragraphs: ["We keep your data only as long as we need it:"],
        list: retentionSentences(retention),
      },
      {
        id: "security",
        title: "6. Data Security",
        paragraphs: [
          "We protect your data with encrypted connections, hashed passwords, access controls and regular updates. No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but we work to protect your information and will notify you and the authorities of a breach where the law requires it.",
        ],
      },
      {
        id: "gdpr-rights",
        title: "7. Your Rights Under the GDPR",
        paragraphs: ["If you are in the European Economic Area or the United Kingdom, you have the right to:"],
        list: [
          "Access the personal data we hold about you and receive a copy.",
          "Have inaccurate data corrected.",
          "Have your data erased where there is no reason for us to keep it.",
          "Restrict or object to our processing, including direct marketing.",
          "Receive your data in a portable format.",
          "Withdraw consent at any time, without affecting processing done before.",
        ],
        after: [
          "Signed in, you can download a copy of your data, or delete your account, yourself under 'Privacy and data' on your account page.",
          `To exercise any other right, email us at ${supportEmail}. We will respond within one month. You can also reach our data protection officer at the same address.`,
          "If you are not satisfied with our answer, you have the right to lodge a complaint with your local data protection supervisory authority.",
        ],
      },
      {
        id: "cookie-policy",
        title: "8. Cookie Policy",
        paragraphs: ["We use these types of cookies:"],
        list: [
          "Strictly necessary cookies: keep you signed in, protect our forms and remember your cookie choice. The site does not work without them.",
          "Analytical cookies: count visits and show how visitors use the site (for example Google Analytics: _ga, _gid, _gat).",
          "Functionality cookies: remember your preferences to give you a smoother experience.",
          "Targeting cookies: set by our marketing partners to measure campaigns and show you relevant offers.",
        ],
        after: [
          "When you first visit, our cookie banner asks for your choice: Accept All allows every type; Essential Only allows strictly necessary cookies only; Decline (none) blocks every optional cookie and deletes the analytics cookies already set. Your choice is kept in a cookie for two years and in your browser's local storage, and you can change it at any time with the 'Cookie settings' link at the foot of every page.",
        ],
      },
      {
        id: "changes",
        title: "9. Changes to This Policy",
        paragraphs: [
          'We may update this policy from time to time. The "Last updated" date at the top shows when it last changed; for significant changes we will also tell you by email or on the website.',
        ],
      },
      {
        id: "contact",
        title: "10. Contact Us",
        paragraphs: [`Questions about this policy or your data? Email us at ${supportEmail}.`],
      },
    ],
  };
}

/** Twelve sections (docs/product.md §2), including the money-back guarantee and the income disclaimer. */
export function termsOfService({ name, supportEmail }: Brand): LegalDocument {
  return {
    page: {
      title: `Terms of Service | ${name}`,
      description:
        "The terms for our website, training and tools: purchases, the 30-day money-back guarantee, licences and disclaimers.",
    },
    title: "Terms of Service",
    lastUpdated: formatLegalDay(LEGAL_WORDING_UPDATED),
    intro: `These terms govern your use of the ${name} website, training, tools and bonuses. Please read them carefully.`,
    sections: [
      {
        id: "acceptance",
        title: "1. Acceptance of Terms",
        paragraphs: [
          `By creating an account, buying, or using the ${name} website you agree to these terms. If you do not agree, do not use the website or our products.`,
        ],
      },
      {
        id: "purchase-terms",
        title: "2. Purchase Terms",
        paragraphs: [
          "Prices are shown in US dollars at checkout. Lifetime access is a one-time payment with no recurring fees, unless an offer clearly says otherwise. Payments are processed by our card payment provider or by the affiliate marketplace; their terms also apply to the payment itself. Launch prices may rise without notice.",
        ],
      },
      {
        id: "money-back-guarantee",
        title: "3. 30-Day Money-Back Guarantee",
        paragraphs: [
          `If you are not satisfied, email ${supportEmail} within 30 days of your purchase and we will refund you in full. Access to the product ends when the refund is issued.`,
        ],
      },
      {
        id: "license",
        title: "4. License to Use the Training",
        paragraphs: [
          "We grant you a personal, non-exclusive, non-transferable licence to use the courses, templates, prompts and bonuses for building your own projects. You may not resell, share, republish or redistribute the training materials themselves, or share your account.",
        ],
      },
      {
        id: "white-label-license",
        title: "5. White-Label License",
        paragraphs: [WHITE_LABEL_LICENCE],
      },
      {
        id: "user-content",
        title: "6. User Content",
        paragraphs: [
          "You keep ownership of the ideas, prompts and applications you create. You are responsible for what you build and publish, and you grant us permission to process content you submit only as needed to provide the service.",
        ],
      },
      {
        id: "prohibited-uses",
        title: "7. Prohibited Uses",
        list: [
          "Breaking any law, or infringing anyone's intellectual property or privacy.",
          "Sharing your login or redistributing paid materials.",
          "Attacking, overloading, scraping or reverse-engineering the website.",
          "Sending spam or building applications that deceive or harm people.",
        ],
      },
      {
        id: "disclaimers",
        title: "8. Disclaimers",
        paragraphs: [
          'The website and products are provided "as is" and "as available", without warranties of any kind. We do not guarantee that the website will be uninterrupted or error-free, or that third-party tools mentioned in the training will stay available or unchanged. Nothing we provide is legal, financial, tax or other professional advice.',
        ],
      },
      {
        id: "income-disclaimer",
        title: "9. Income Disclaimer",
        paragraphs: [
          "Any earnings or income figures on our pages and in our emails are examples, not promises. Results shown are not typical; your results depend on your effort, skills, market and many factors outside our control. We make no guarantee that you will earn any money using our training, tools or ideas.",
        ],
      },
      {
        id: "limitation-of-liability",
        title: "10. Limitation of Liability",
        paragraphs: [
          `To the fullest extent the law allows, ${name} is not liable for indirect, incidental or consequential damages, or for lost profits or data. Our total liability for any claim is limited to the amount you paid us in the twelve months before the claim.`,
        ],
      },
      {
        id: "changes",
        title: "11. Changes to These Terms",
        paragraphs: [
          "We may change these terms. For material changes we will give at least 30 days' notice by email or on the website before they take effect. Continuing to use the website after that means you accept the new terms.",
        ],
      },
      {
        id: "contact",
        title: "12. Contact Us",
        paragraphs: [`Questions about these terms? Email us at ${supportEmail}.`],
      },
    ],
  };
}
