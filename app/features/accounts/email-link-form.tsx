import { Form } from "@remix-run/react";
import { EMAIL_MAX } from "~/platform/forms/auth-rules";
import { Honeypot } from "~/platform/ui/form-fields";

/**
 * 'Email me a sign-in link' (decision 055): posted to /login/email-link, which answers the same
 * whether or not an account exists. /login links to that page rather than holding a second
 * 'Email address' field beside its own.
 */
export function EmailLinkForm({ redirectTo, defaultEmail = "" }: { redirectTo?: string; defaultEmail?: string }) {
  return (
    <Form method="post" action="/login/email-link" className="relative space-y-3" aria-label="Email me a sign-in link">
      <Honeypot />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <label className="block text-sm font-medium text-slate-700">
        Email address
        <input
          type="email"
          name="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          defaultValue={defaultEmail}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
        />
      </label>
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        Email me a sign-in link
      </button>
    </Form>
  );
}
