import * as z from "zod/mini";

/**
 * The forms that turn marketing email on or off for one address (issue 27): the member's
 * /account/email-preferences and the emailed /unsubscribe link's page.
 */

/** /account/email-preferences: the 'Product news' box, which a browser leaves out when it is unchecked. */
export const emailPreferencesForm = z.object({
  intent: z.literal("email-preferences"),
  news: z.optional(z.string()),
});

/**
 * /unsubscribe's buttons, and RFC 8058's one-click POST from a mail provider, whose body is
 * `List-Unsubscribe=One-Click` (no intent): anything but 'resubscribe' unsubscribes.
 */
export const subscriptionForm = z.object({ intent: z.optional(z.string()) });
