import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { EMAIL_MAX, HONEYPOT_FIELD, PASSWORD_MAX, PASSWORD_MIN } from "~/platform/forms/auth-rules";
import type { FieldState, FormState } from "~/platform/forms/use-validated-form";
import { Button } from "./button";

type FieldProps = {
  label: string;
  /** The field of `useValidatedForm`: the input's name, id, first value and errors. */
  field: FieldState & { key: string };
  type: "text" | "email" | "password";
  /** Shown under the field's error: what the visitor can do about it (links, say). */
  errorHelp?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">;

/** A labelled input with its error message tied to it for screen readers. */
export function TextField({ label, field, type, className, errorHelp, ...input }: FieldProps) {
  // `key` empties the input when the form starts over; React wants it given directly.
  const { key, id, name, errorId, errors, defaultValue } = field;
  const hasError = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        key={key}
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        {...input}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId : undefined}
        className={`mt-1 block w-full rounded-lg border px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 ${
          hasError ? "border-red-500" : "border-slate-300"
        }`}
      />
      {hasError ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {errors![0]}
        </p>
      ) : null}
      {hasError && errorHelp ? errorHelp : null}
    </div>
  );
}

/** The email address every account and lead form asks for. */
export function EmailField({ field, errorHelp }: Pick<FieldProps, "field" | "errorHelp">) {
  return (
    <TextField
      label="Email address"
      field={field}
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      errorHelp={errorHelp}
    />
  );
}

/** A password being chosen (signup, reset), with its rule shown under it. */
export function NewPasswordField(props: Omit<FieldProps, "type">) {
  return (
    <>
      <TextField
        {...props}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        required
      />
      <p className="-mt-2 text-xs text-slate-500">At least {PASSWORD_MIN} characters.</p>
    </>
  );
}

/** The account forms' full-width submit button; disabled and relabelled while submitting. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending} block>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A field people never see and bots fill in; a filled one refuses the form. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      {errors[0]}
    </div>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <svg aria-hidden="true" className="h-4 w-4 animate-spin" viewBox="0 0 24 24" fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
        <path d="M4 12a8 8 0 018-8" stroke="currentColor" strokeWidth="4" className="opacity-75" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A form of `useValidatedForm` (app/platform/forms/use-validated-form.ts): posts to this route's action,
 * shows the form-level error first and, unless `honeypot` is false, carries the honeypot field.
 */
export function SchemaForm({
  form,
  honeypot = true,
  className = "",
  children,
}: {
  form: FormState;
  honeypot?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      id={form.id}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      onBlur={form.onBlur}
      onInput={form.onInput}
      aria-describedby={form.errors?.length ? form.errorId : undefined}
      className={`relative space-y-4 ${className}`.trim()}
    >
      <FormError id={form.errorId} errors={form.errors} />
      {honeypot ? <Honeypot /> : null}
      {children}
    </Form>
  );
}
