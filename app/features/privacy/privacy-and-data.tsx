import { Form } from "@remix-run/react";
import { CodeField } from "~/platform/ui/code-field";
import { PERSONAL_DATA_FILE, PRIVACY_PAGE } from "~/features/accounts";

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";
const secondary =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";
const danger =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50";

/**
 * 'Privacy and data' on /account/privacy (issue 29, decision 056). Both forms are whole-page
 * submissions (`reloadDocument`): the download (posted to /account/personal-data.json) is a file
 * the browser saves, and the deletion (posted to the page) ends the session, so neither belongs in
 * a client-side navigation.
 */
export function PrivacyAndData({
  email,
  hasTwoFactor,
  hasPassword,
}: {
  email: string;
  hasTwoFactor: boolean;
  hasPassword: boolean;
}) {
  return (
    <section aria-labelledby="privacy" className={card}>
      <h2 id="privacy" className="text-lg font-bold text-slate-900">
        Privacy and data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A copy of everything we hold about you, or your account deleted (see the{" "}
        <a href="/privacy-policy#retention" className="font-medium text-brand-700 underline">
          privacy policy
        </a>
        ).
      </p>
      <Form method="post" action={PERSONAL_DATA_FILE} reloadDocument className="mt-4">
        <input type="hidden" name="intent" value="export" />
        <button type="submit" className={secondary}>
          Download my data
        </button>
        <p className="mt-1 text-xs text-slate-500">
          One JSON file: your profile, orders, progress, sessions and emails.
        </p>
      </Form>
      <Form method="post" action={PRIVACY_PAGE} reloadDocument className="mt-6 space-y-3 border-t pt-5">
        <input type="hidden" name="intent" value="delete" />
        <h3 className="font-semibold text-red-800">Delete my account</h3>
        <p className="text-sm text-slate-600">
          Deletes your profile, progress, certificates, sessions and every record naming you, and signs you out. Your
          orders stay for tax and accounting law, without your name or email address. This cannot be undone.
        </p>
        <div>
          <label htmlFor="delete-email" className="block text-sm font-medium text-slate-700">
            Type your email address ({email}) to confirm
          </label>
          <input
            id="delete-email"
            name="confirm_email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            className={input}
          />
        </div>
        {hasPassword ? (
          <div>
            <label htmlFor="delete-password" className="block text-sm font-medium text-slate-700">
              Current password
            </label>
            <input
              id="delete-password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              className={input}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Your account has no password: we email you a link, and the account is deleted when you open it.
          </p>
        )}
        {hasTwoFactor ? <CodeField id="delete-code" label="Authentication or recovery code" /> : null}
        <button type="submit" className={danger}>
          Delete my account
        </button>
      </Form>
    </section>
  );
}
