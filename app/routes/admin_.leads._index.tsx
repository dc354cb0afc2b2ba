import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/platform/ui/admin/pager";
import { AdminPage, Cell, EmptyNote, StatusBadge, TableFrame } from "~/platform/ui/admin/admin-page";
import {
  DeleteConfirmation,
  DeleteLink,
  dangerButton,
  inputClass,
  primaryButton,
  secondaryButton,
} from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { formatDay } from "~/platform/dates";
import { leadQueryString, parseLeadQuery } from "~/features/list/marketing-email";
import { deleteLeadFormSchema } from "~/features/list/list-admin-forms";
import { firstError } from "~/platform/forms/submission-errors";
import { requireAdmin } from "~/features/accounts/index.server";
import { findLeadEmail, leadsPage } from "~/features/list/index.server";
import { eraseLead } from "~/features/privacy/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Leads | Admin", matches)];

/** The leads of /special-access, newest first, 50 a page, with their status (admin only, audited). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseLeadQuery(params);
  const [{ flash, headers }, { leads, hasMore }] = await Promise.all([takeFlash(request), leadsPage(admin, query)]);
  // The no-JavaScript confirmation step of 'Delete lead' (?delete={id}): only for a lead on this page.
  const deleting = leads.find((lead) => lead.id === params.get("delete")) ?? null;
  return data(
    {
      flash,
      query,
      hasMore,
      deleting: deleting ? { id: deleting.id, email: deleting.email } : null,
      leads: leads.map((lead) => ({ ...lead, createdAt: lead.createdAt.toISOString() })),
    },
    { headers },
  );
}

/**
 * 'Delete lead' erases the lead (decision 056): an address with no account goes as a person (its
 * lead row, its mail, anything else naming it; kept orders under a pseudonym); an address with an
 * account loses only its lead row and its queued list mail ('Erase member' is for the account).
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: deleteLeadFormSchema });
  // Back to the search as it was, whatever else the form held.
  const { q } = submission.payload;
  const back = `/admin/leads${leadQueryString({ q: typeof q === "string" ? q : "" })}`;
  if (submission.status !== "success")
    return redirectWithFlash(back, { kind: "error", message: firstError(submission.error) });
  const email = await findLeadEmail(submission.value.id);
  if (!email) return redirectWithFlash(back, { kind: "error", message: "That lead does not exist (any more)." });
  const erased = await eraseLead(admin, email);
  return redirectWithFlash(
    back,
    erased.ok
      ? { kind: "success", message: "Deleted the lead and its queued emails." }
      : { kind: "error", message: erased.message },
  );
}

export default function AdminLeads() {
  const { flash, query, leads, hasMore, deleting } = useLoaderData<typeof loader>();
  const here = `/admin/leads${leadQueryString(query)}`;
  return (
    <AdminPage
      title="Leads"
      flash={flash}
      actions={
        <a href={`/admin/leads.csv${leadQueryString({ q: query.q })}`} className={secondaryButton} download>
          Export CSV
        </a>
      }
    >
      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <label className="block text-sm font-medium text-slate-700">
          Search
          <input type="search" name="q" defaultValue={query.q} placeholder="Email or name" className={inputClass} />
        </label>
        <div className="flex gap-2">
          <button type="submit" className={primaryButton}>
            Search
          </button>
          {query.q ? (
            <Link to="/admin/leads" className={secondaryButton}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {deleting ? (
        <DeleteConfirmation
          message={confirmDeleteLead(deleting.email)}
          fields={{ intent: "delete", id: deleting.id, q: query.q }}
          cancelHref={here}
          submitLabel="Delete lead"
        />
      ) : null}
      {leads.length === 0 ? (
        <EmptyNote>{query.q ? "No leads match this search." : "No leads yet."}</EmptyNote>
      ) : (
        <TableFrame label="Leads">
          <caption className="sr-only">Leads, newest first, page {query.page}</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Source</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id}>
                <Cell label="Email" className="break-all sm:max-w-[16rem]">
                  {lead.email}
                </Cell>
                <Cell label="Name">{lead.name}</Cell>
                <Cell label="Source">{lead.source}</Cell>
                <Cell label="Date" className="whitespace-nowrap">
                  {formatDay(lead.createdAt)}
                </Cell>
                <Cell label="Status">
                  <StatusBadge label={lead.status} />
                </Cell>
                <Cell label="Actions">
                  <DeleteLink
                    confirmationHref={`/admin/leads${leadQueryString(query)}${query.q || query.page > 1 ? "&" : "?"}delete=${lead.id}`}
                    message={confirmDeleteLead(lead.email)}
                    fields={{ intent: "delete", id: lead.id, q: query.q }}
                    label={`Delete lead: ${lead.email}`}
                    className={dangerButton}
                  >
                    Delete lead
                  </DeleteLink>
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      <Pager
        page={query.page}
        hasMore={hasMore}
        hrefFor={(page) => `/admin/leads${leadQueryString({ ...query, page })}`}
      />
    </AdminPage>
  );
}

/** Erasing a lead cannot be undone, so it is asked first (with JavaScript by confirm(), else a step). */
const confirmDeleteLead = (email: string) =>
  `Delete the lead ${email}? Their lead record and emails are erased; this cannot be undone.`;
