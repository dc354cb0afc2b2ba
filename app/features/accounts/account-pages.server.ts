import { redirect } from "@remix-run/node";
import { formFields, type Fields } from "~/platform/forms/form-text";
import { env } from "~/platform/env.server";
import { formatDayTime } from "~/platform/dates";
import { redirectWithFlash } from "~/platform/flash.server";
import { siteOrigin } from "~/platform/site-origin";
import { describeDevice } from "~/platform/user-agent";
import { changePassword, requestEmailChange, resendVerification, type SettingResult } from "./account-settings.server";
import { emailChangeSchema, firstError, nameSchema, passwordChangeSchema } from "./account-forms";
import { MOVED_INTENTS } from "./account-pages";
import { requireUser } from "./guards.server";
import { askerFor, passwordRecentlyVerified, reauthenticate } from "./reauthentication.server";
import { currentSessionIdHash } from "./session.server";
import {
  deleteOtherSessionsOfUser,
  deleteSessionOfUser,
  listSessionsOfUser,
  type SessionUser,
} from "./session-store.server";
import { readTypedCode } from "./two-factor-rules";
import { disableTwoFactor } from "./two-factor.server";
import { countUnusedRecoveryCodes } from "./two-factor-store.server";
import { setName } from "./users.server";

/**
 * The account pages' server side (docs/product.md, "Account"): what each page shows, and its
 * forms. Every form posts an `intent` and is answered with a flash message on its own page.
 */
type Context = { clientAddress?: string };

export const UNKNOWN_INTENT: SettingResult = { ok: false, message: "That action is not known. Please try again." };

/** The 303 back to `page` with the outcome as its flash message. */
export const answer = (page: string, result: SettingResult) =>
  redirectWithFlash(page, { kind: result.ok ? "success" : "error", message: result.message });

export function profileView(user: SessionUser) {
  return { name: user.name, email: user.email, emailVerified: user.emailVerified };
}

/**
 * /account's forms: the name, an email change, a verification resend. It is where every form of
 * the page before the split posted, so a form that moved is sent on to its page with a 307 (the
 * browser posts the same body there).
 */
export async function answerProfileForm(request: Request, context: Context): Promise<Response> {
  const user = await requireUser(request);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "";
  const movedTo = Object.hasOwn(MOVED_INTENTS, intent) ? MOVED_INTENTS[intent] : undefined;
  if (movedTo) return redirect(movedTo, 307);
  return answer("/account", await changeProfile(request, context, user, fields));
}

async function changeProfile(request: Request, context: Context, user: SessionUser, fields: Fields) {
  const origin = siteOrigin(env().PUBLIC_URL, request.url);
  switch (fields.intent) {
    case "name": {
      const parsed = nameSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: firstError(parsed.error) };
      await setName(user.id, parsed.data.name);
      return { ok: true, message: "Your name was saved." };
    }
    case "email": {
      const parsed = emailChangeSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: firstError(parsed.error) };
      return requestEmailChange(
        user,
        { email: parsed.data.email, currentPassword: parsed.data.current_password },
        origin,
        await askerFor(request, context, user),
      );
    }
    case "resend-verification":
      return resendVerification(user, origin);
    default:
      return UNKNOWN_INTENT;
  }
}

/** /account/security: the two-factor status, and whether its forms must ask for the password. */
export async function securityView(request: Request, user: SessionUser) {
  const [recoveryCodesLeft, recent] = await Promise.all([
    user.hasTwoFactor ? countUnusedRecoveryCodes(user.id) : 0,
    currentSessionIdHash(request).then(passwordRecentlyVerified),
  ]);
  // Two-factor changes ask for the password unless this session proved it lately (decision 047).
  return { hasTwoFactor: user.hasTwoFactor, recoveryCodesLeft, passwordNeeded: !recent };
}

/** /account/security's forms: a password change, turning two-factor authentication off. */
export async function changeSecurity(
  request: Request,
  context: Context,
  user: SessionUser,
  fields: Fields,
): Promise<SettingResult> {
  const asker = await askerFor(request, context, user);
  switch (fields.intent) {
    case "password": {
      const parsed = passwordChangeSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: firstError(parsed.error) };
      return changePassword(
        user,
        { currentPassword: parsed.data.current_password, newPassword: parsed.data.new_password },
        asker,
      );
    }
    case "disable-2fa": {
      if (!user.hasTwoFactor) return { ok: false, message: "Two-factor authentication is not on." };
      const proved = await reauthenticate(asker, fields.current_password);
      if (!proved.ok) return proved;
      const result = await disableTwoFactor(user, readTypedCode(fields.code), await currentSessionIdHash(request));
      return { ok: result.ok, message: result.ok ? "Two-factor authentication is off." : result.message };
    }
    default:
      return UNKNOWN_INTENT;
  }
}

/** /account/sessions: where the account is signed in now, this device marked. */
export async function sessionsView(request: Request, user: SessionUser) {
  const [sessions, current] = await Promise.all([listSessionsOfUser(user.id), currentSessionIdHash(request)]);
  return sessions.map((session) => ({
    id: session.idHash,
    device: describeDevice(session.userAgent),
    started: formatDayTime(session.createdAt),
    lastSeen: formatDayTime(session.lastSeenAt),
    current: session.idHash === current,
  }));
}

/** /account/sessions' forms: sign out one other session, or every other one. */
export async function changeSessions(request: Request, user: SessionUser, fields: Fields): Promise<SettingResult> {
  const current = await currentSessionIdHash(request);
  switch (fields.intent) {
    case "sign-out-session": {
      if (!fields.session || fields.session === current)
        return { ok: false, message: "To sign out of this device, use Logout." };
      const ended = await deleteSessionOfUser(user.id, fields.session);
      return { ok: ended, message: ended ? "That session was signed out." : "That session had already ended." };
    }
    case "sign-out-others": {
      const ended = await deleteOtherSessionsOfUser(user.id, current ?? "");
      return {
        ok: true,
        message: ended === 1 ? "1 other session was signed out." : `${ended} other sessions were signed out.`,
      };
    }
    default:
      return UNKNOWN_INTENT;
  }
}
