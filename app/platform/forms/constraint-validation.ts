import type { FieldErrors } from "./field-errors";

/** Which constraint of an input failed, in the order the browser reports them. */
export type ConstraintMessages = Partial<Record<"valueMissing" | "typeMismatch" | "tooShort" | "tooLong", string>>;

type ConstrainedField = { validity: ValidityState };

/**
 * The browser's own constraint validation (`required`, `type="email"`, `minlength`, `maxlength` on
 * the inputs) with our messages instead of the browser's. The server validates the same submission
 * with the zod schema built from the same messages, so a rule the browser does not check (zod's
 * stricter e-mail syntax, say) still gets the same words after the round trip. This is how /login
 * and /signup validate in the browser without shipping zod.
 */
export function constraintErrors(
  form: { elements: { namedItem: (name: string) => unknown } },
  messages: Record<string, ConstraintMessages>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, byConstraint] of Object.entries(messages)) {
    const field = form.elements.namedItem(name) as ConstrainedField | null;
    if (!field?.validity) continue;
    const failed = (["valueMissing", "typeMismatch", "tooShort", "tooLong"] as const).find(
      (constraint) => field.validity[constraint] && byConstraint[constraint],
    );
    if (failed) errors[name] = [byConstraint[failed]!];
  }
  return errors;
}
