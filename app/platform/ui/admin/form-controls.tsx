import { Form, Link, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FieldState } from "~/platform/forms/use-validated-form";
import { buttonClass } from "~/platform/ui/button";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";
export const primaryButton = buttonClass({ size: "sm", className: "disabled:cursor-not-allowed" });
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50";

export const panelClass = "space-y-4 rounded-xl border border-brand-100 bg-white p-5 shadow-sm";

/**
 * Save (with its pending label) and Cancel, at the foot of the course form and the chapter
 * editor. A new course or chapter also gets 'Save as draft': the same form, with `status=draft`.
 */
export function SaveOrCancel({
  saving,
  disabled = false,
  saveLabel,
  offerDraft = false,
  cancelHref,
}: {
  saving: boolean;
  disabled?: boolean;
  saveLabel: string;
  offerDraft?: boolean;
  cancelHref: string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={saving || disabled} className={primaryButton}>
        {saving ? "Saving..." : saveLabel}
      </button>
      {offerDraft ? (
        <button type="submit" name="status" value="draft" disabled={saving || disabled} className={secondaryButton}>
          Save as draft
        </button>
      ) : null}
      <Link to={cancelHref} preventScrollReset className={secondaryButton}>
        Cancel
      </Link>
    </div>
  );
}

/**
 * A delete control that confirms first (docs/architecture.md#progressive-enhancement): with
 * JavaScript, confirm() with the spec's words and then the post; without it, a link to a
 * confirmation step that holds the real delete form.
 */
export function DeleteLink({
  confirmationHref,
  message,
  fields,
  label,
  className = dangerButton,
  children,
}: {
  confirmationHref: string;
  message: string;
  fields: Record<string, string>;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Link
      to={confirmationHref}
      preventScrollReset
      aria-label={label}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        if (window.confirm(message)) submit(fields, { method: "post", preventScrollReset: true });
      }}
    >
      {children}
    </Link>
  );
}

/** The no-JavaScript confirmation step for a delete. */
export function DeleteConfirmation({
  message,
  fields,
  cancelHref,
  submitLabel,
}: {
  message: string;
  fields: Record<string, string>;
  cancelHref: string;
  submitLabel: string;
}) {
  return (
    <section aria-label="Confirm delete" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="text-sm font-medium text-red-800">{message}</p>
      <Form method="post" preventScrollReset className="mt-3 flex gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
        >
          {submitLabel}
        </button>
        <Link to={cancelHref} preventScrollReset className={secondaryButton}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/**
 * An admin input's side of a field of `useSchemaForm` (app/platform/forms/use-schema-form.ts): its
 * name and id, and its error (and hint, when it has one) tied to it for screen readers. The first
 * value is the page's own (`defaultValue`) unless a refused form came back with what was typed.
 */
export function adminInput(field: FieldState, defaultValue?: string, hintId?: string) {
  const invalid = Boolean(field.errors?.length);
  return {
    id: field.id,
    name: field.name,
    defaultValue: field.defaultValue ?? defaultValue,
    "aria-invalid": invalid || undefined,
    "aria-describedby": [invalid ? field.errorId : undefined, hintId].filter(Boolean).join(" ") || undefined,
  };
}

/** A field's first error, under it, where `adminInput` points screen readers. */
export function AdminFieldError({ field }: { field: FieldState }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {field.errors[0]}
    </p>
  ) : null;
}
