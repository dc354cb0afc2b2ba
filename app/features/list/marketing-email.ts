/**
 * Marketing email (decision 054): the list's names and the parts every marketing message carries.
 * Pure, so the wording and the headers are tested alone.
 */

/** The lists one can unsubscribe from; a token names one. */
export const MAILING_LISTS = ["training", "news"] as const;
export type MailingList = (typeof MAILING_LISTS)[number];

export const isMailingList = (value: string): value is MailingList =>
  (MAILING_LISTS as readonly string[]).includes(value);

/** What the 'Send after' field of a step shows: days when whole days, else hours. */
export function describeDelay(hours: number): string {
  if (hours > 0 && hours % 24 === 0) return hours === 24 ? "1 day" : `${hours / 24} days`;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/**
 * The RFC 8058 headers: the one-click address (a POST of `List-Unsubscribe=One-Click` to it
 * unsubscribes) and the flag that says the POST needs nothing else.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * Why a training email or an announcement waits instead of going out (issue 40): shown with the
 * held message on /admin/emails and above the training on /admin/emails/sequences.
 */
export const MARKETING_MAIL_HELD =
  "Held: MAIL_POSTAL_ADDRESS (the sender's postal address) is not set, and every marketing email must carry it. Set it and restart: held emails go out within the hour, or at once with 'Retry now'.";

/** The footer lines of a marketing message: why it came, how to stop it, who sent it. */
export function marketingFooter(input: {
  brand: string;
  unsubscribeUrl: string | null;
  postalAddress: string | undefined;
}): string[] {
  return [
    `You receive this email from ${input.brand}.`,
    ...(input.unsubscribeUrl ? [`Unsubscribe: ${input.unsubscribeUrl}`] : []),
    ...(input.postalAddress ? [input.postalAddress.replace(/\s*\n\s*/g, ", ")] : []),
  ];
}

/** `{{name}}` and `{{site}}` in a step's Markdown. */
export function fillPlaceholders(markdown: string, values: { name: string; site: string }): string {
  return markdown.replace(/\{\{\s*(name|site)\s*\}\}/g, (_, key: "name" | "site") => values[key]);
}

/** "1 recipient", "3 recipients": the preview's button and the confirmation's message. */
/** Said on the preview and by a refused send when no subscribed recipient is in the audience. */
export const EMPTY_AUDIENCE = "Nobody is in this audience yet: nothing was sent.";

export const recipientsLabel = (count: number) => `${count} ${count === 1 ? "recipient" : "recipients"}`;

/**
 * The announcement audiences, as the form names them (decision 067): 'All members' are the
 * members with paid access; 'Everyone with an account' adds starter, unpaid and refunded accounts.
 */
export const AUDIENCE_LABELS = {
  members: "All members",
  accounts: "Everyone with an account",
  leads: "Leads who have not bought",
  service: "Service notice to every member",
} as const;
export type Audience = keyof typeof AUDIENCE_LABELS;

/** /admin/leads's search and page from its query string. */
export function parseLeadQuery(params: URLSearchParams): { q: string; page: number } {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function leadQueryString(query: { q?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
