import { useId, useState, type FocusEvent, type FormEvent } from "react";
import type { FieldErrors } from "./field-errors";

/**
 * What an action answers a refused form with: Conform's `submission.reply()` as the server makes
 * it (`app/features/accounts/auth.server.ts`, the password routes). Only the parts the browser reads.
 */
export type FormReply = {
  /** null: the form starts over (`reply({ resetForm: true })`, e.g. after a reset link was sent). */
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

/** Which fields are wrong, checked in the browser: `form` is the form element, `formData` its data. */
export type ValidateForm = (form: HTMLFormElement, formData: FormData) => FieldErrors;

/** What a field component needs: its name, id, the id of its message, its errors and first value. */
export type FieldState = { name: string; id: string; errorId: string; errors?: string[]; defaultValue?: string };

/** Spread onto the form element (SchemaForm does): its id, no browser bubbles, the checks. */
export type FormState = {
  id: string;
  errorId: string;
  errors?: string[];
  noValidate: true;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
};

/** The form-level errors travel under the empty name, as in Conform's replies. */
const FORM_ERRORS = "";

function errorsOf(reply: FormReply | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

function nameOf(target: EventTarget): string | null {
  const name = (target as { name?: unknown }).name;
  return typeof name === "string" && name !== "" ? name : null;
}

/**
 * A form that shows the action's verdict (with or without JavaScript: `lastResult` renders on the
 * server too) and, in the browser, checks itself with `validate` before it goes: a field first on
 * leaving it, then on every keystroke once it was checked; every field on submit, which an error
 * stops. Conform's behaviour, in the few hundred bytes these forms need (issue 12: Conform was
 * 10 KiB of /login's JavaScript).
 */
export function useValidatedForm<Name extends string>({
  lastResult,
  defaultValue = {},
  validate,
}: {
  lastResult: FormReply | null | undefined;
  defaultValue?: Partial<Record<Name, string>>;
  validate: ValidateForm;
}) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>(() => errorsOf(lastResult));
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(Object.keys(errorsOf(lastResult))));
  // A reply that resets the form (a sent reset link) gives the inputs new keys, so they empty.
  const [generation, setGeneration] = useState(0);
  const [shownReply, setShownReply] = useState(lastResult);
  if (lastResult !== shownReply) {
    setShownReply(lastResult);
    setErrors(errorsOf(lastResult));
    setChecked(new Set(Object.keys(errorsOf(lastResult))));
    if (lastResult?.initialValue === null) setGeneration((n) => n + 1);
  }

  /** Checks the form and shows the errors of the fields in `names` (the form's own stay as they were). */
  const check = (form: HTMLFormElement, names: ReadonlySet<string>) => {
    const found = validate(form, new FormData(form));
    const shown: FieldErrors = errors[FORM_ERRORS] ? { [FORM_ERRORS]: errors[FORM_ERRORS] } : {};
    for (const name of names) if (found[name]) shown[name] = found[name];
    setChecked(names);
    setErrors(shown);
    return found;
  };

  const form: FormState = {
    id,
    errorId: `${id}-form-error`,
    errors: errors[FORM_ERRORS],
    noValidate: true,
    onSubmit(event) {
      const element = event.currentTarget;
      const names = new Set([...new FormData(element).keys()]);
      const found = check(element, names);
      const firstInvalid = [...names].find((name) => found[name]);
      if (firstInvalid === undefined) return;
      event.preventDefault();
      (element.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus?.();
    },
    onBlur(event) {
      const name = nameOf(event.target);
      if (name && !checked.has(name)) check(event.currentTarget, new Set([...checked, name]));
    },
    onInput(event) {
      const name = nameOf(event.target);
      if (name && checked.has(name)) check(event.currentTarget, checked);
    },
  };

  const initialValue: Record<string, unknown> = lastResult?.initialValue ?? defaultValue;
  const field = (name: Name): FieldState & { key: string } => {
    const value = initialValue[name];
    return {
      key: `${name}-${generation}`,
      name,
      id: `${id}-${name}`,
      errorId: `${id}-${name}-error`,
      errors: errors[name],
      defaultValue: typeof value === "string" ? value : undefined,
    };
  };

  return { form, field };
}
