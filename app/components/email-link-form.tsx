import { Form } from "@remix-run/react";
import { EMAIL_MAX } from "~/lib/validation/auth-rules";
import { Honeypot } from "./form-fields";

/**
 * 'Email me a sign-in link' (decision 055): a form of its own, posted to /login/email-link, which
 * answers the same whether or not an account exists. Shown on /login and on /login/email-link.
 */
export function EmailLinkForm({ redirectTo, defaultEmail = "" }: { redirectTo?: string; defaultEmail?: string }) {
  return (
    <Form method="post" action="/login/email-link" className="relative space-y-3" aria-labelledby="email-link-title">
      <h2 id="email-link-title" className="text-base font-semibold text-slate-900">
        Email me a sign-in link
      </h2>
      <p className="text-sm text-slate-600">No password needed: we email you a link that signs you in.</p>
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
