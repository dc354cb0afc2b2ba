/** A form's errors as the browser checks them: messages by field name ("" for the form's own). */
export type FieldErrors = Record<string, string[]>;
