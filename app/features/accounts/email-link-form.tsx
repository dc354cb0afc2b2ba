import { Form } from "@remix-run/react";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import type { FormReply } from "~/platform/forms/use-validated-form";
import { EmailField, FormError, Honeypot } from "~/platform/ui/form-fields";
import { emailLinkSchema } from "./auth-forms";

/**
 * 'Email me a sign-in link' (decision 055): posted to /login/email-link, which answers the same
 * whether or not an account exists. /login links to that page rather than holding a second
 * 'Email address' field beside its own. Checked in the browser with the action's schema;
 * `lastResult` is the action's reply, which keeps what was typed (the same for every address).
 */
export function EmailLinkForm({ redirectTo, lastResult }: { redirectTo?: string; lastResult?: FormReply | null }) {
  const { form, field } = useSchemaForm(emailLinkSchema, lastResult);
  return (
    <Form
      method="post"
      action="/login/email-link"
      id={form.id}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      onBlur={form.onBlur}
      onInput={form.onInput}
      aria-describedby={form.errors?.length ? form.errorId : undefined}
      className="relative space-y-3"
      aria-label="Email me a sign-in link"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <Honeypot />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <EmailField field={field("email")} />
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        Email me a sign-in link
      </button>
    </Form>
  );
}
