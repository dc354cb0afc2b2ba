import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { neutralizeFormula } from "~/platform/csv-safety";

/**
 * CSV downloads, streamed: rows are read in batches from the database and written through
 * csv-stringify (RFC 4180 quoting of commas, quotes and newlines) as they come, so memory stays
 * flat whatever the size. Every text cell is guarded against spreadsheet formulas.
 */
export type Cell = string | number | null;

export function csvResponse(filename: string, columns: string[], rows: AsyncIterable<Cell[]>): Response {
  const stringifier = stringify({
    header: true,
    columns,
    cast: { string: (value) => neutralizeFormula(value) },
  });
  const source = Readable.from(rows);
  source.on("error", (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const today = () => new Date().toISOString().slice(0, 10);

export const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
