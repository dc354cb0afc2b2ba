import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import type { output } from "zod/v4/core";
import { env } from "~/platform/env.server";
import { formatDayTime } from "~/platform/dates";
import { redirectWithFlash } from "~/platform/flash.server";
import { siteOrigin } from "~/platform/site-origin";
import { describeDevice } from "~/platform/user-agent";
import { changePassword, requestEmailChange, resendVerification, type SettingResult } from "./account-settings.server";
import {
  type emailChangeForm,
  firstError,
  type nameForm,
  profileForms,
  type resendVerificationForm,
  securityForms,
  sessionForms,
} from "./account-forms";
import { MOVED_INTENTS, UNKNOWN_INTENT_MESSAGE } from "./account-pages";
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

export const UNKNOWN_INTENT: SettingResult = { ok: false, message: UNKNOWN_INTENT_MESSAGE };

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
  const submission = parseWithZod(await request.formData(), { schema: profileForms });
  if (submission.status !== "success") return answer("/account", { ok: false, message: firstError(submission.error) });
  const form = submission.value;
  switch (form.intent) {
    case "name":
    case "email":
    case "resend-verification":
      return answer("/account", await changeProfile(request, context, user, form));
    default:
      return redirect(MOVED_INTENTS[form.intent], 307);
  }
}

async function changeProfile(
  request: Request,
  context: Context,
  user: SessionUser,
  form: output<typeof nameForm | typeof emailChangeForm | typeof resendVerificationForm>,
): Promise<SettingResult> {
  const origin = siteOrigin(env().PUBLIC_URL, request.url);
  switch (form.intent) {
    case "name":
      await setName(user.id, form.name);
      return { ok: true, message: "Your name was saved." };
    case "email":
      return requestEmailChange(
        user,
        { email: form.email, currentPassword: form.current_password },
        origin,
        await askerFor(request, context, user),
      );
    case "resend-verification":
      return resendVerification(user, origin);
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
export async function changeSecurity(request: Request, context: Context, user: SessionUser): Promise<SettingResult> {
  const submission = parseWithZod(await request.formData(), { schema: securityForms });
  if (submission.status !== "success") return { ok: false, message: firstError(submission.error) };
  const form = submission.value;
  const asker = await askerFor(request, context, user);
  switch (form.intent) {
    case "password":
      return changePassword(user, { currentPassword: form.current_password, newPassword: form.new_password }, asker);
    case "disable-2fa": {
      if (!user.hasTwoFactor) return { ok: false, message: "Two-factor authentication is not on." };
      const proved = await reauthenticate(asker, form.current_password);
      if (!proved.ok) return proved;
      const result = await disableTwoFactor(user, readTypedCode(form.code), await currentSessionIdHash(request));
      return { ok: result.ok, message: result.ok ? "Two-factor authentication is off." : result.message };
    }
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
export async function changeSessions(request: Request, user: SessionUser): Promise<SettingResult> {
  const submission = parseWithZod(await request.formData(), { schema: sessionForms });
  if (submission.status !== "success") return { ok: false, message: firstError(submission.error) };
  const form = submission.value;
  const current = await currentSessionIdHash(request);
  switch (form.intent) {
    case "sign-out-session": {
      if (!form.session || form.session === current)
        return { ok: false, message: "To sign out of this device, use Logout." };
      const ended = await deleteSessionOfUser(user.id, form.session);
      return { ok: ended, message: ended ? "That session was signed out." : "That session had already ended." };
    }
    case "sign-out-others": {
      const ended = await deleteOtherSessionsOfUser(user.id, current ?? "");
      return {
        ok: true,
        message: ended === 1 ? "1 other session was signed out." : `${ended} other sessions were signed out.`,
      };
    }
  }
}
