import { Form } from "@remix-run/react";

/**
 * 'Email preferences' on /account/email-preferences (issue 27): marketing email is opt-out for members, and an
 * unsubscribe link turns it off here too. A plain form: it works without JavaScript (an
 * unchecked box is simply not sent).
 */
export function EmailPreferences({ news, busy }: { news: boolean; busy: boolean }) {
  return (
    <section
      aria-labelledby="email-preferences"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="email-preferences" className="text-lg font-bold text-slate-900">
        Email preferences
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Emails about your account, purchases and security, and notices of changes to our terms, always arrive.
      </p>
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="email-preferences" />
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input type="checkbox" name="news" value="on" defaultChecked={news} className="mt-1 h-4 w-4" />
          <span>Product news and announcements</span>
        </label>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-70"
        >
          Save preferences
        </button>
      </Form>
    </section>
  );
}
