import { parse } from "csv-parse/sync";
import { PRODUCT_KEYS, type Catalogue, type CatalogueKey } from "~/features/catalogue";
import { IMPORT_MAX_BYTES } from "./member-admin";
import { parseGrantForm } from "~/features/catalogue";
import { EMAIL_MAX, isPlainName, NAME_MAX } from "~/platform/forms/auth-rules";

/**
 * Adding members by hand ('Add member') and from a file ('Import members'), issue 28 and
 * decision 055: the rows are checked here, purely; features/members/member-import.server.ts applies them.
 */

/** The columns of an import file, in any order, each exactly once (docs/product.md §2). */
export const IMPORT_COLUMNS = ["email", "name", "products", "reason", "expires"] as const;
export const IMPORT_MAX_ROWS = 20_000;

/** One member to add: a checked row of the file or the 'Add member' form. */
export type MemberInput = {
  email: string;
  name: string;
  products: CatalogueKey[];
  reason: string;
  expiresAt: Date | null;
};

export type RowCheck = { line: number; email: string } & (
  { ok: true; input: MemberInput } | { ok: false; error: string }
);

// The address rule of the account forms (a mailbox, no spaces), without zod in this pure module.
const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** A product named by its key or its catalogue name, case and spacing aside. */
export function productFrom(value: string, catalogue: Catalogue): CatalogueKey | null {
  const wanted = value.trim().toLowerCase();
  for (const key of PRODUCT_KEYS) {
    if (key === wanted || catalogue[key].name.trim().toLowerCase() === wanted) return key;
  }
  return null;
}

/** Checks one member (a form or a file row); `products` are keys or names. */
export function checkMember(
  raw: { email: string; name: string; products: string[]; reason: string; expires: string },
  catalogue: Catalogue,
  now: Date,
): { ok: true; input: MemberInput } | { ok: false; error: string } {
  const email = raw.email.trim().toLowerCase();
  if (!isValidEmail(email)) return { ok: false, error: "invalid email" };
  const name = raw.name.trim();
  if (name.length > NAME_MAX || (name !== "" && !isPlainName(name))) return { ok: false, error: "invalid name" };
  const names = raw.products.map((product) => product.trim()).filter(Boolean);
  if (names.length === 0) return { ok: false, error: "no products" };
  const products: CatalogueKey[] = [];
  for (const product of names) {
    const key = productFrom(product, catalogue);
    if (!key) return { ok: false, error: `unknown product '${product}'` };
    if (!products.includes(key)) products.push(key);
  }
  const grant = parseGrantForm({ reason: raw.reason, expiresOn: raw.expires }, now);
  if (!grant.ok) {
    if (!raw.reason.trim()) return { ok: false, error: "no reason" };
    return { ok: false, error: grant.error.includes("today") ? "expires in the past" : "invalid expiry date" };
  }
  return { ok: true, input: { email, name, products, reason: grant.value.reason, expiresAt: grant.value.expiresAt } };
}

/** Characters a spreadsheet runs as a formula at the start of a cell (as the exports guard: csv-safety). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type ParsedFile = { ok: true; rows: RowCheck[] } | { ok: false; error: string };

/**
 * An import file: UTF-8 CSV with a header row naming IMPORT_COLUMNS. Refused whole, with one
 * clear error, when it is binary, too large, has other columns, or has a formula cell anywhere:
 * nothing of such a file is imported. Otherwise every row gets its own outcome; a row whose
 * address appeared earlier in the file is an error.
 */
export function parseImportFile(text: string, catalogue: Catalogue, now: Date): ParsedFile {
  if (new TextEncoder().encode(text).length > IMPORT_MAX_BYTES)
    return { ok: false, error: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB: nothing was imported.` };
  // A NUL byte or the replacement character of undecodable bytes: a spreadsheet or a zip, not CSV text.
  if (text.includes("\u0000") || text.includes("\uFFFD"))
    return { ok: false, error: "The file is not a CSV text file: nothing was imported." };
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    return { ok: false, error: `The file is not valid CSV (${(error as Error).message}): nothing was imported.` };
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, error: "The file is empty: nothing was imported." };
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((column) => !columns.includes(column));
  const unknown = columns.filter((column) => !(IMPORT_COLUMNS as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0 || columns.length !== IMPORT_COLUMNS.length) {
    return {
      ok: false,
      error: `The columns must be exactly ${IMPORT_COLUMNS.join(", ")}${
        missing.length ? `; missing: ${missing.join(", ")}` : ""
      }${unknown.length ? `; not known: ${unknown.join(", ")}` : ""}. Nothing was imported.`,
    };
  }
  if (body.length === 0) return { ok: false, error: "The file has no rows: nothing was imported." };
  if (body.length > IMPORT_MAX_ROWS)
    return { ok: false, error: `The file has more than ${IMPORT_MAX_ROWS} rows: nothing was imported.` };
  for (const [index, record] of body.entries()) {
    const formula = record.findIndex((cell) => FORMULA_START.test(cell));
    const cell = record[formula];
    if (cell !== undefined)
      return {
        ok: false,
        error: `Row ${index + 2} has a formula cell (${columns[formula] ?? `column ${formula + 1}`} starts with '${cell.charAt(0).replace(/[\t\r]/, " ")}'): nothing was imported.`,
      };
  }
  const at = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, columns.indexOf(column)])) as Record<
    (typeof IMPORT_COLUMNS)[number],
    number
  >;
  const seen = new Set<string>();
  const rows = body.map((record, index): RowCheck => {
    const line = index + 2; // the header is row 1
    const cell = (column: (typeof IMPORT_COLUMNS)[number]) => record[at[column]] ?? "";
    const email = cell("email").trim().toLowerCase();
    if (record.length !== IMPORT_COLUMNS.length) return { line, email, ok: false, error: "wrong number of cells" };
    const checked = checkMember(
      {
        email,
        name: cell("name"),
        products: cell("products").split(/[;|]/),
        reason: cell("reason"),
        expires: cell("expires"),
      },
      catalogue,
      now,
    );
    if (!checked.ok) return { line, email, ok: false, error: checked.error };
    if (seen.has(email)) return { line, email, ok: false, error: "address repeated in the file" };
    seen.add(email);
    return { line, email, ok: true, input: checked.input };
  });
  return { ok: true, rows };
}
