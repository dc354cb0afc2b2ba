import { useState, type ChangeEvent } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { AdminPage, Badge, Cell, TableFrame } from "~/platform/ui/admin/admin-page";
import { inputClass, panelClass, primaryButton, secondaryButton } from "~/platform/ui/admin/form-controls";
import { env } from "~/platform/env.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { IMPORT_MAX_BYTES } from "~/features/members/member-admin";
import { siteOrigin } from "~/platform/site-origin";
import { requireAdmin } from "~/features/accounts/index.server";
import { confirmImport, previewImport, type RowOutcome } from "~/features/members/index.server";
import { brandedTitle } from "~/platform/page-meta";
import { memberImportFormSchema } from "~/features/members/member-forms";
import { firstError } from "~/platform/forms/submission-errors";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Import members | Admin", matches)];

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** How many rows' outcomes the preview lists (errors first); the summary counts them all. */
const ROWS_SHOWN = 1000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

type Reply =
  | { step: "error"; error: string }
  | {
      step: "preview";
      summary: string;
      toAdd: number;
      total: number;
      rows: RowOutcome[];
      csv: string;
      fileName: string;
      invite: boolean;
    };

/**
 * 'Import members' (docs/product.md §2 "Admin: members", decision 055). 'Preview' reads the
 * uploaded file and writes nothing; 'Confirm import' posts the same text back and applies it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: memberImportFormSchema });
  if (submission.status !== "success")
    return data<Reply>({ step: "error", error: firstError(submission.error) }, { status: 400 });
  const form = submission.value;
  const { invite } = form;
  if (form.intent === "confirm") {
    const result = await confirmImport(admin, form.csv, {
      invite,
      origin: siteOrigin(env().PUBLIC_URL, request.url),
      fileName: form.fileName,
    });
    if (!result.ok) return data<Reply>({ step: "error", error: result.error }, { status: 400 });
    return redirectWithFlash("/admin/members", {
      kind: "success",
      message: `Import done: ${count(result.created, "new account")}, ${count(result.granted, "member")} given access, ${count(
        result.invited,
        "invitation",
      )} queued${result.errors ? `, ${count(result.errors, "row")} with errors skipped` : ""}.`,
    });
  }
  const { file } = form;
  const csv = await file.text();
  const preview = await previewImport(csv);
  if (!preview.ok) return data<Reply>({ step: "error", error: preview.error }, { status: 400 });
  const rows = [
    ...preview.rows.filter((row) => row.outcome === "error"),
    ...preview.rows.filter((row) => row.outcome !== "error"),
  ].slice(0, ROWS_SHOWN);
  return data<Reply>({
    step: "preview",
    summary: preview.summary,
    toAdd: preview.toAdd,
    total: preview.rows.length,
    rows,
    csv,
    fileName: file.name,
    invite,
  });
}

const OUTCOME_BADGES = {
  add: { tone: "green", label: "To add" },
  member: { tone: "slate", label: "Already a member" },
  error: { tone: "red", label: "Error" },
} as const;

export default function ImportMembers() {
  const reply = useActionData<typeof action>() as Reply | undefined;
  return (
    <AdminPage
      title="Import members"
      actions={
        <Link to="/admin/members" className={secondaryButton}>
          All members
        </Link>
      }
    >
      {reply?.step === "error" ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          {reply.error}
        </p>
      ) : null}
      {reply?.step === "preview" ? (
        <section aria-labelledby="preview-title" className="space-y-4">
          <h2 id="preview-title" className="text-lg font-semibold">
            Preview of {reply.fileName}
          </h2>
          <p role="status" className="text-sm font-medium text-slate-900">
            {reply.summary}
          </p>
          <Form method="post" encType="multipart/form-data" className={panelClass} aria-label="Confirm import">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="fileName" value={reply.fileName} />
            <textarea name="csv" defaultValue={reply.csv} hidden readOnly aria-hidden="true" />
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="invite" value="yes" defaultChecked={reply.invite} />
              Send invitation emails
            </label>
            <button type="submit" className={primaryButton} disabled={reply.toAdd === 0}>
              Confirm import
            </button>
            {reply.toAdd === 0 ? <p className="text-sm text-slate-600">Nothing to add.</p> : null}
          </Form>
          <TableFrame label="Rows">
            {reply.rows.length < reply.total ? (
              <caption className="p-2 text-left text-sm text-slate-600">
                The first {reply.rows.length} of {reply.total} rows, errors first.
              </caption>
            ) : null}
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Email</th>
                <th scope="col">Outcome</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {reply.rows.map((row) => (
                <tr key={row.line}>
                  <Cell label="Row">{row.line}</Cell>
                  <Cell label="Email" className="break-all">
                    {row.email || "—"}
                  </Cell>
                  <Cell label="Outcome">
                    <Badge tone={OUTCOME_BADGES[row.outcome].tone}>{OUTCOME_BADGES[row.outcome].label}</Badge>
                  </Cell>
                  <Cell label="Details">{row.detail}</Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        </section>
      ) : null}
      <UploadForm />
    </AdminPage>
  );
}

const MAX_MIB = IMPORT_MAX_BYTES / 1024 / 1024;
const TOO_LARGE = `The file is larger than ${MAX_MIB} MiB: nothing was imported.`;

/** The file form: 'Preview' reads the file and writes nothing. */
function UploadForm() {
  // With JavaScript, a file over the limit is refused before it is sent: the HTTP layer's 413
  // answer to it is not something Remix's fetch can show (without JavaScript the browser shows it).
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const checkSize = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    const message =
      file && file.size > IMPORT_MAX_BYTES ? `${TOO_LARGE} Choose a file of at most ${MAX_MIB} MiB.` : null;
    event.currentTarget.setCustomValidity(message ?? "");
    setTooLarge(message);
  };
  return (
    <Form method="post" encType="multipart/form-data" className={panelClass} aria-label="Upload members">
      <input type="hidden" name="intent" value="preview" />
      {tooLarge ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          {tooLarge}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        A CSV file (UTF-8, up to {MAX_MIB} MiB) with a header row and exactly these columns: <code>email</code>,{" "}
        <code>name</code>, <code>products</code> (keys or names, separated by <code>;</code>), <code>reason</code> and{" "}
        <code>expires</code> (YYYY-MM-DD, the last day of access, or empty). Nothing is written until you confirm;
        importing the same file again adds nothing.
      </p>
      <label className="block text-sm font-medium text-slate-700">
        CSV file
        <input type="file" name="file" accept=".csv,text/csv" required onChange={checkSize} className={inputClass} />
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="invite" value="yes" />
        Send invitation emails
      </label>
      <button type="submit" className={primaryButton}>
        Preview
      </button>
    </Form>
  );
}

/**
 * Whatever the import could not get past, said on the page with the form to try again. A body
 * over the route's limit ends here too when the size check above did not run: the HTTP layer
 * answers it 413 in plain text before the action runs (server/body-limits.ts), which Remix's
 * fetch cannot read as the action's answer.
 */
export function ErrorBoundary() {
  const message = `The file could not be imported: nothing was imported. A file must be CSV text of at most ${MAX_MIB} MiB.`;
  return (
    <AdminPage title="Import members">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
        {message}
      </p>
      <UploadForm />
    </AdminPage>
  );
}
