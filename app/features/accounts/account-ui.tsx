import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { FormState } from "~/platform/forms/use-validated-form";

/** The look shared by the account pages' cards, fields and buttons. */
export const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
export const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";
export const primary =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-70";
export const secondary =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-70";
export const danger =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70";

/** A titled card of an account page; its id is the heading's, so old `#id` links still name it. */
export function Section({
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

/** A labelled input; `errors` are its form's check in the browser (the server answers with a flash). */
export function Field({
  id,
  label,
  name,
  errors,
  ...props
}: { id: string; label: string; name: string; errors?: string[] } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  const error = errors?.[0];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={error ? `${input} border-red-500` : input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Two-factor changes need the password again when this session has not proved it within 10
 * minutes (decision 047): then each of their forms asks for it.
 */
export function CurrentPasswordField({ id }: { id: string }) {
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

/**
 * A form of an account page; each posts its intent and answers with a flash message. With
 * `checks` (`useSchemaForm` with the form's schema of ./account-forms), the browser checks it first.
 */
export function IntentForm({
  intent,
  children,
  className,
  action,
  checks,
}: {
  intent: string;
  children: ReactNode;
  className?: string;
  action?: string;
  checks?: FormState;
}) {
  return (
    <Form
      method="post"
      action={action}
      className={className}
      preventScrollReset
      id={checks?.id}
      noValidate={checks?.noValidate}
      onSubmit={checks?.onSubmit}
      onBlur={checks?.onBlur}
      onInput={checks?.onInput}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
