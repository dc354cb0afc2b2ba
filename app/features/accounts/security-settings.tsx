import { CodeField } from "~/platform/ui/code-field";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import { passwordChangeForm } from "./account-forms";
import { CurrentPasswordField, danger, Field, IntentForm, primary, secondary, Section } from "./account-ui";
import { PASSWORD_MIN } from "./auth-forms";

/** /account/security's 'Password': changing it signs out every other session. */
export function PasswordSettings({ busy }: { busy: boolean }) {
  // The browser checks with the action's own schema; the server's verdict is the page's flash.
  const { form, field } = useSchemaForm(passwordChangeForm, null);
  return (
    <Section id="password" title="Password" description="Changing your password signs out every other session.">
      <IntentForm intent="password" checks={form} className="space-y-3">
        <Field
          id="password-current"
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          errors={field("current_password").errors}
        />
        <Field
          id="password-new"
          name="new_password"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          required
          errors={field("new_password").errors}
        />
        <p className="-mt-1 text-xs text-slate-500">At least {PASSWORD_MIN} characters.</p>
        <button type="submit" className={primary} disabled={busy}>
          Change password
        </button>
      </IntentForm>
    </Section>
  );
}

/**
 * /account/security's 'Two-factor authentication': its status, and the forms that start the
 * set-up and regenerate recovery codes (both answered by /account/two-factor) or turn it off.
 */
export function TwoFactorSettings({
  hasTwoFactor,
  recoveryCodesLeft,
  passwordNeeded,
  busy,
}: {
  hasTwoFactor: boolean;
  recoveryCodesLeft: number;
  passwordNeeded: boolean;
  busy: boolean;
}) {
  return (
    <Section
      id="two-factor"
      title="Two-factor authentication"
      description={
        hasTwoFactor ? (
          <p>
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
              On
            </span>{" "}
            Signing in asks for a code from your authentication app.{" "}
            {recoveryCodesLeft === 1 ? "1 recovery code remains." : `${recoveryCodesLeft} recovery codes remain.`}
          </p>
        ) : (
          <p>
            Protect your account with a code from an authentication app (1Password, Google Authenticator, Authy...) at
            every sign-in.
          </p>
        )
      }
    >
      {hasTwoFactor ? (
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
  );
}
