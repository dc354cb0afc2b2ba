/**
 * The retention periods (issue 29, decision 056): ONE definition, read by housekeeping
 * (features/privacy/retention.server.ts) and printed by the privacy policy's §5, so the page and what
 * the site does cannot differ. Each period is configurable through its environment variable;
 * these are the defaults.
 */
export const RETENTION_DEFAULT_DAYS = {
  /** Message bodies of sent emails; the row's metadata (address, subject, dates) stays. */
  emailBodies: 30,
  /** The admin audit log. */
  auditLog: 730,
  /** Known devices, after their last use. */
  knownDevices: 365,
  /** Leads who unsubscribed and never bought, after unsubscribing. */
  unsubscribedLeads: 365,
  /**
   * Proofs of cookie choices: 3 years, the general limitation period for claims under German
   * civil law (§195 BGB), the longest a regulator's or a visitor's question about a choice is
   * usually answerable for; the GDPR sets no fixed period (Art. 7(1) asks that consent can be shown).
   */
  consentProofs: 1095,
} as const;

export type RetentionRule = keyof typeof RETENTION_DEFAULT_DAYS;
export type RetentionDays = Record<RetentionRule, number>;

/** The environment variable that sets each period. */
export const RETENTION_VARIABLES: Record<RetentionRule, string> = {
  emailBodies: "RETENTION_EMAIL_BODY_DAYS",
  auditLog: "RETENTION_AUDIT_LOG_DAYS",
  knownDevices: "RETENTION_KNOWN_DEVICE_DAYS",
  unsubscribedLeads: "RETENTION_UNSUBSCRIBED_LEAD_DAYS",
  consentProofs: "RETENTION_CONSENT_PROOF_DAYS",
};

/**
 * Each rule as the admin's 'Data retention' page shows it: what it touches, from when its period
 * runs, and what a run does to a row (decision 056).
 */
export const RETENTION_RULE_TEXT: Record<RetentionRule, { data: string; from: string; effect: string }> = {
  emailBodies: {
    data: "Text of sent emails",
    from: "after sending",
    effect: "the text and HTML are emptied; the address, subject and dates stay",
  },
  auditLog: { data: "Admin activity log", from: "after the action", effect: "the row is deleted" },
  knownDevices: { data: "Known devices", from: "after their last use", effect: "the row is deleted" },
  unsubscribedLeads: {
    data: "Unsubscribed leads who never bought",
    from: "after unsubscribing",
    effect: "the lead is deleted",
  },
  consentProofs: { data: "Cookie-choice proofs", from: "after the choice", effect: "the row is deleted" },
};

/** What each rule removes, as the dry-run report names it. */
export const RETENTION_LABELS: Record<RetentionRule, string> = {
  emailBodies: "bodies of sent emails",
  auditLog: "admin audit log rows",
  knownDevices: "known devices unused",
  unsubscribedLeads: "unsubscribed leads who never bought, unsubscribed",
  consentProofs: "cookie-consent proofs",
};

/** A period as people say it: whole years as years, anything else in days. */
export function formatPeriod(days: number): string {
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

/** What the privacy policy's §5 says, one sentence per rule, from the periods in force. */
export function retentionSentences(days: RetentionDays): string[] {
  return [
    `Account and purchase data: as long as your account is active. When you delete your account (or ask us to), your profile, progress, certificates, sessions, devices and lead records are deleted at once; orders are kept for tax and accounting law with your name and email address replaced by a random pseudonym.`,
    `Emails we send you: the message text is deleted ${formatPeriod(days.emailBodies)} after sending; the address, subject and date stay while your account exists.`,
    `Email list data: until you unsubscribe or ask us to delete it; if you unsubscribe and never bought, the record is deleted ${formatPeriod(days.unsubscribedLeads)} after you unsubscribe.`,
    `Security logs: the devices you signed in from are deleted ${formatPeriod(days.knownDevices)} after their last use; the record of staff actions on accounts is deleted after ${formatPeriod(days.auditLog)}.`,
    `Records of your cookie choice: ${formatPeriod(days.consentProofs)}, as proof of consent for as long as a claim about it can be brought.`,
  ];
}
