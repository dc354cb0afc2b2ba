import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminPage, Cell, EmptyNote, TableFrame } from "~/platform/ui/admin/admin-page";
import { inputClass, secondaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { APPLICATION_STATUSES } from "~/features/launch/custom-saas";
import { applicationStatusFormSchema, UNKNOWN_APPLICATION } from "~/features/launch/launch-form";
import { firstError } from "~/platform/forms/submission-errors";
import { formatDay } from "~/platform/dates";
import { listApplications, changeApplicationStatus } from "~/features/launch/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Custom SaaS applications | Admin", matches)];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [{ flash, headers }, applications] = await Promise.all([takeFlash(request), listApplications()]);
  return data({ flash, applications }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: applicationStatusFormSchema });
  const here = "/admin/custom-saas";
  if (submission.status !== "success")
    return redirectWithFlash(here, { kind: "error", message: firstError(submission.error) });
  const { id, status } = submission.value;
  const changed = await changeApplicationStatus(admin, id, status);
  const label = APPLICATION_STATUSES.find((s) => s.value === status)!.label;
  return redirectWithFlash(
    here,
    changed
      ? { kind: "success", message: `Application marked ${label}.` }
      : { kind: "error", message: UNKNOWN_APPLICATION },
  );
}

/** /admin/custom-saas: every application, with its status (docs/product.md §2 "Admin: custom SaaS"). */
export default function AdminCustomSaas() {
  const { flash, applications } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Custom SaaS applications" flash={flash}>
      {applications.length === 0 ? (
        <EmptyNote>No applications yet.</EmptyNote>
      ) : (
        <TableFrame label="Applications">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Member</th>
              <th scope="col">Project</th>
              <th scope="col">Availability and hosting</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.id}>
                <Cell label="Date" className="whitespace-nowrap">
                  {formatDay(application.createdAt)}
                </Cell>
                <Cell label="Member" className="break-all">
                  {application.email}
                </Cell>
                <Cell label="Project">
                  <strong>{application.projectName}</strong>
                  <span className="block whitespace-pre-line text-sm text-slate-600">{application.description}</span>
                </Cell>
                <Cell label="Availability and hosting">
                  {application.availability}
                  <span className="block text-xs text-slate-500">{application.hosting}</span>
                </Cell>
                <Cell label="Status">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={application.id} />
                    <label className="text-sm">
                      <span className="sr-only">Status of {application.projectName}</span>
                      <select name="status" defaultValue={application.status} className={inputClass}>
                        {APPLICATION_STATUSES.map((status) => (
                          <option key={status.value} value={status.value}>
                            {status.label}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" className={secondaryButton}>
                      Save
                    </button>
                  </Form>
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminPage>
  );
}
