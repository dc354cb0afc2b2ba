/**
 * One field of a form on its way, read in the browser: a pending submission's intent or choice (to
 * show the next state before the answer), or a field checked before the form goes. Actions never
 * read fields one by one: they parse the whole form with its zod schema (`parseWithZod`).
 */
export function submittedText(form: FormData | undefined, name: string): string | null {
  const value = form?.get(name);
  return typeof value === "string" ? value : null;
}

/** The file chosen in a form's file field, if any (an empty file input sends a nameless file). */
export function submittedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.name !== "" ? value : null;
}
