import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { CodeField } from "~/platform/ui/code-field";
import { EmailPreferences } from "~/features/list/email-preferences";
import { FlashMessage } from "~/platform/ui/flash-message";
import { PrivacyAndData } from "~/features/privacy/privacy-and-data";
import { env } from "~/platform/env.server";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { siteOrigin } from "~/platform/site-origin";
import { formatDayTime } from "~/platform/dates";
import { readTypedCode } from "~/features/accounts/two-factor-rules";
import { describeDevice } from "~/platform/user-agent";
import { emailChangeSchema, firstError, nameSchema, passwordChangeSchema } from "~/features/accounts/account-forms";
import { PASSWORD_MIN } from "~/features/accounts/auth-forms";
import { deleteOtherSessionsOfUser, deleteSessionOfUser, listSessionsOfUser } from "~/features/accounts/session-store.server";
import { countUnusedRecoveryCodes } from "~/features/accounts/two-factor-store.server";
import { findUserById, setName } from "~/features/accounts/users.server";
import { changePassword, requestEmailChange, resendVerification } from "~/features/accounts/account-settings.server";
import { requireUser } from "~/features/accounts/guards.server";
import { askerFor, passwordRecentlyVerified, reauthenticate } from "~/features/accounts/reauthentication.server";
import { currentSessionIdHash } from "~/features/accounts/session.server";
import { disableTwoFactor } from "~/features/accounts/two-factor.server";
import { newsPreference } from "~/features/list/subscriptions.server";
import { saveNewsPreference } from "~/features/list/mailing-list.server";

export const meta: MetaFunction = () => [{ title: "Account | AI Profit Labs" }, { name: "robots", content: "noindex" }];

/** Every signed-in user's own account, paid or not. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [{ flash, headers }, sessions, current, recoveryCodesLeft, news, record] = await Promise.all([
    takeFlash(request),
    listSessionsOfUser(user.id),
    currentSessionIdHash(request),
    user.hasTwoFactor ? countUnusedRecoveryCodes(user.id) : 0,
    newsPreference(user.id),
    findUserById(user.id),
  ]);
  // Two-factor changes ask for the password unless this session proved it lately (decision 047).
  const passwordNeeded = !(await passwordRecentlyVerified(current));
  return data(
    {
      flash,
      account: {
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        hasTwoFactor: user.hasTwoFactor,
        // A marketplace buyer may have none: 'Delete my account' then mails a link instead.
        hasPassword: Boolean(record?.passwordHash),
      },
      recoveryCodesLeft,
      passwordNeeded,
      news,
      sessions: sessions.map((session) => ({
        id: session.idHash,
        device: describeDevice(session.userAgent),
        started: formatDayTime(session.createdAt),
        lastSeen: formatDayTime(session.lastSeenAt),
        current: session.idHash === current,
      })),
    },
    { headers },
  );
}

const back = (ok: boolean, message: string) =>
  redirectWithFlash("/account", { kind: ok ? "success" : "error", message });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const asker = await askerFor(request, context, user);
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const origin = siteOrigin(env().PUBLIC_URL, request.url);

  switch (fields.intent) {
    case "name": {
      const parsed = nameSchema.safeParse(fields);
      if (!parsed.success) return back(false, firstError(parsed.error));
      await setName(user.id, parsed.data.name);
      return back(true, "Your name was saved.");
    }
    case "email": {
      const parsed = emailChangeSchema.safeParse(fields);
      if (!parsed.success) return back(false, firstError(parsed.error));
      const result = await requestEmailChange(
        user,
        { email: parsed.data.email, currentPassword: parsed.data.current_password },
        origin,
        asker,
      );
      return back(result.ok, result.message);
    }
    case "resend-verification": {
      const result = await resendVerification(user, origin);
      return back(result.ok, result.message);
    }
    case "password": {
      const parsed = passwordChangeSchema.safeParse(fields);
      if (!parsed.success) return back(false, firstError(parsed.error));
      const result = await changePassword(
        user,
        { currentPassword: parsed.data.current_password, newPassword: parsed.data.new_password },
        asker,
      );
      return back(result.ok, result.message);
    }
    case "sign-out-session": {
      const current = await currentSessionIdHash(request);
      if (!fields.session || fields.session === current) return back(false, "To sign out of this device, use Logout.");
      const ended = await deleteSessionOfUser(user.id, fields.session);
      return back(ended, ended ? "That session was signed out." : "That session had already ended.");
    }
    case "sign-out-others": {
      const ended = await deleteOtherSessionsOfUser(user.id, (await currentSessionIdHash(request)) ?? "");
      return back(true, ended === 1 ? "1 other session was signed out." : `${ended} other sessions were signed out.`);
    }
    case "disable-2fa": {
      if (!user.hasTwoFactor) return back(false, "Two-factor authentication is not on.");
      const proved = await reauthenticate(asker, fields.current_password);
      if (!proved.ok) return back(false, proved.message);
      const result = await disableTwoFactor(user, readTypedCode(fields.code), await currentSessionIdHash(request));
      return back(result.ok, result.ok ? "Two-factor authentication is off." : result.message);
    }
    case "email-preferences": {
      await saveNewsPreference(user.email, fields.news === "on");
      return back(true, "Your email preferences were saved.");
    }
    default:
      return back(false, "That action is not known. Please try again.");
  }
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";
const primary =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-70";
const secondary =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-70";
const danger =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70";

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Field({
  id,
  label,
  name,
  ...props
}: { id: string; label: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} name={name} className={input} {...props} />
    </div>
  );
}

/**
 * Two-factor changes need the password again when this session has not proved it within 10
 * minutes (decision 047): then each of their forms asks for it.
 */
function CurrentPasswordField({ id }: { id: string }) {
  return (
    <Field
      id={id}
      name="current_password"
      label="Current password"
      type="password"
      autoComplete="current-password"
      required
    />
  );
}

/** A form of this page; each posts its intent and answers with a flash message. */
function IntentForm({
  intent,
  children,
  className,
  action,
}: {
  intent: string;
  children: ReactNode;
  className?: string;
  action?: string;
}) {
  return (
    <Form method="post" action={action} className={className} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export default function AccountPage() {
  const { flash, account, sessions, recoveryCodesLeft, passwordNeeded, news } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const others = sessions.filter((session) => !session.current);

  return (
    <>
      <main className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-2 text-slate-600">Your profile, sign-in and security settings.</p>
        {flash ? (
          <div className="mt-6">
            <FlashMessage flash={flash} />
          </div>
        ) : null}

        <div className="mt-6 space-y-6">
          <Section id="profile" title="Profile">
            <IntentForm intent="name" className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex-1">
                <Field
                  id="account-name"
                  name="name"
                  label="Name"
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={100}
                  defaultValue={account.name}
                />
              </div>
              <button type="submit" className={primary} disabled={busy}>
                Save name
              </button>
            </IntentForm>
          </Section>

          <EmailPreferences news={news} busy={busy} />

          <Section id="purchases" title="Purchases" description="Your orders, each with a printable receipt.">
            <Link to="/account/purchases" className={secondary}>
              View your purchases
            </Link>
          </Section>

          <Section
            id="email"
            title="Email"
            description={
              <p>
                <span className="break-all font-medium text-slate-800">{account.email}</span>{" "}
                {account.emailVerified ? (
                  <span className="ml-1 whitespace-nowrap rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
                    Verified
                  </span>
                ) : (
                  <span className="ml-1 whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                    Not verified
                  </span>
                )}
              </p>
            }
          >
            {account.emailVerified ? null : (
              <IntentForm intent="resend-verification" className="mb-5">
                <button type="submit" className={secondary} disabled={busy}>
                  Resend verification email
                </button>
              </IntentForm>
            )}
            <IntentForm intent="email" className="space-y-3">
              <p className="text-sm text-slate-600">
                We send a link to the new address; the change takes effect when you open it.
              </p>
              <Field
                id="account-email"
                name="email"
                label="New email address"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
              />
              <Field
                id="account-current-password"
                name="current_password"
                label="Current password"
                type="password"
                autoComplete="current-password"
                required
              />
              <button type="submit" className={primary} disabled={busy}>
                Change email
              </button>
            </IntentForm>
          </Section>

          <Section id="password" title="Password" description="Changing your password signs out every other session.">
            <IntentForm intent="password" className="space-y-3">
              <Field
                id="password-current"
                name="current_password"
                label="Current password"
                type="password"
                autoComplete="current-password"
                required
              />
              <Field
                id="password-new"
                name="new_password"
                label="New password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN}
                required
              />
              <p className="-mt-1 text-xs text-slate-500">At least {PASSWORD_MIN} characters.</p>
              <button type="submit" className={primary} disabled={busy}>
                Change password
              </button>
            </IntentForm>
          </Section>

          <Section
            id="two-factor"
            title="Two-factor authentication"
            description={
              account.hasTwoFactor ? (
                <p>
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
                    On
                  </span>{" "}
                  Signing in asks for a code from your authentication app.{" "}
                  {recoveryCodesLeft === 1 ? "1 recovery code remains." : `${recoveryCodesLeft} recovery codes remain.`}
                </p>
              ) : (
                <p>
                  Protect your account with a code from an authentication app (1Password, Google Authenticator,
                  Authy...) at every sign-in.
                </p>
              )
            }
          >
            {account.hasTwoFactor ? (
              <div className="grid gap-6 sm:grid-cols-2">
                <IntentForm intent="regenerate" action="/account/two-factor" className="space-y-3">
                  {passwordNeeded ? <CurrentPasswordField id="regenerate-password" /> : null}
                  <CodeField id="regenerate-code" label="Current authentication code" />
                  <button type="submit" className={secondary} disabled={busy}>
                    Regenerate recovery codes
                  </button>
                </IntentForm>
                <IntentForm intent="disable-2fa" className="space-y-3">
                  {passwordNeeded ? <CurrentPasswordField id="disable-password" /> : null}
                  <CodeField id="disable-code" label="Authentication or recovery code" />
                  <button type="submit" className={danger} disabled={busy}>
                    Disable two-factor authentication
                  </button>
                </IntentForm>
              </div>
            ) : (
              <IntentForm intent="start" action="/account/two-factor" className="space-y-3">
                {passwordNeeded ? <CurrentPasswordField id="setup-password" /> : null}
                <button type="submit" className={primary} disabled={busy}>
                  Set up two-factor authentication
                </button>
              </IntentForm>
            )}
          </Section>

          <Section id="sessions" title="Sessions" description="Where your account is signed in now.">
            <ul className="divide-y divide-slate-200">
              {sessions.map((session) => (
                <li
                  key={session.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <p className="font-medium text-slate-900">
                      {session.device}
                      {session.current ? (
                        <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-600">
                      Signed in {session.started} · Last seen {session.lastSeen}
                    </p>
                  </div>
                  {session.current ? null : (
                    <IntentForm intent="sign-out-session">
                      <input type="hidden" name="session" value={session.id} />
                      <button type="submit" className={secondary} disabled={busy}>
                        Sign out
                      </button>
                    </IntentForm>
                  )}
                </li>
              ))}
            </ul>
            {others.length > 0 ? (
              <IntentForm intent="sign-out-others" className="mt-4">
                <button type="submit" className={danger} disabled={busy}>
                  Sign out other sessions
                </button>
              </IntentForm>
            ) : null}
          </Section>

          <PrivacyAndData email={account.email} hasTwoFactor={account.hasTwoFactor} hasPassword={account.hasPassword} />
        </div>
      </main>
    </>
  );
}
