import * as z from "zod/mini";

/** The longest invite link the admin may set. */
export const COMMUNITY_URL_MAX = 500;

export const COMMUNITY_FORM_MESSAGES = {
  notAnAddress: "Enter the invite link as a full address (https://...).",
  notHttps: "The invite link must start with https://.",
  tooLong: `The invite link must be at most ${COMMUNITY_URL_MAX} characters.`,
} as const;

/** An https address, as the browser normalises it; null when it is not one (the issue says why). */
function httpsUrl(value: string, ctx: z.core.ParsePayload<unknown>): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.issues.push({
      code: "custom",
      message: COMMUNITY_FORM_MESSAGES.notAnAddress,
      input: value,
      path: ["inviteUrl"],
    });
    return null;
  }
  if (url.protocol !== "https:")
    ctx.issues.push({ code: "custom", message: COMMUNITY_FORM_MESSAGES.notHttps, input: value, path: ["inviteUrl"] });
  else if (value.length > COMMUNITY_URL_MAX)
    ctx.issues.push({ code: "custom", message: COMMUNITY_FORM_MESSAGES.tooLong, input: value, path: ["inviteUrl"] });
  else return url.toString();
  return null;
}

/**
 * /admin/community's form (decision 055): the invite link override. Empty clears it (`inviteUrl`
 * null); otherwise an https link of at most COMMUNITY_URL_MAX characters.
 */
export const inviteUrlFormSchema = z.pipe(
  z.object({ inviteUrl: z._default(z.string().check(z.trim()), "") }),
  z.transform(({ inviteUrl }, ctx) => {
    if (!inviteUrl) return { inviteUrl: null };
    const url = httpsUrl(inviteUrl, ctx);
    return url === null ? z.NEVER : { inviteUrl: url };
  }),
);
