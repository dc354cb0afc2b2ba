/** A posted form's text fields by name. */
export type Fields = Record<string, string>;

/** A text field of a posted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A form's text fields by name (a file field is left out). */
export function formFields(form: FormData): Fields {
  return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
