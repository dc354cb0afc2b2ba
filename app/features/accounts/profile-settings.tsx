import { Link } from "@remix-run/react";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import { EMAIL_MAX } from "~/platform/forms/auth-rules";
import { emailChangeForm, nameForm } from "./account-forms";
import { Field, IntentForm, primary, secondary, Section } from "./account-ui";

type Profile = { name: string; email: string; emailVerified: boolean };

/** /account: the name, the purchases' link, and the email address (a change, a verification resend). */
export function ProfileSettings({ profile, busy }: { profile: Profile; busy: boolean }) {
  // The browser checks with the actions' own schemas; the server's verdict is the page's flash.
  const nameChecks = useSchemaForm(nameForm, null);
  const emailChecks = useSchemaForm(emailChangeForm, null);
  return (
    <>
      <Section id="profile" title="Profile">
        <IntentForm intent="name" checks={nameChecks.form} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field
              id="account-name"
              name="name"
              label="Name"
              type="text"
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={profile.name}
              errors={nameChecks.field("name").errors}
            />
          </div>
          <button type="submit" className={primary} disabled={busy}>
            Save name
          </button>
        </IntentForm>
      </Section>

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
            <span className="break-all font-medium text-slate-800">{profile.email}</span>{" "}
            {profile.emailVerified ? (
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
        {profile.emailVerified ? null : (
          <IntentForm intent="resend-verification" className="mb-5">
            <button type="submit" className={secondary} disabled={busy}>
              Resend verification email
            </button>
          </IntentForm>
        )}
        <IntentForm intent="email" checks={emailChecks.form} className="space-y-3">
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
            maxLength={EMAIL_MAX}
            errors={emailChecks.field("email").errors}
          />
          <Field
            id="account-current-password"
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            errors={emailChecks.field("current_password").errors}
          />
          <button type="submit" className={primary} disabled={busy}>
            Change email
          </button>
        </IntentForm>
      </Section>
    </>
  );
}
