import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import {
  AdminPage,
  EmptyNote,
  OUTBOX_STATUS_LABELS,
  StatusBadge,
  TableFrame,
  Cell,
} from "~/platform/ui/admin/admin-page";
import { secondaryButton } from "~/platform/ui/admin/form-controls";
import { formatDayTime } from "~/platform/dates";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { retryEmailFormSchema } from "~/features/members/member-forms";
import { firstError } from "~/platform/forms/submission-errors";
import { listOutbox, type OutboxStatus } from "~/platform/mail/outbox.server";
import { listAnnouncementProgress } from "~/features/list/index.server";
import { AUDIENCE_LABELS } from "~/features/list/marketing-email";
import { retryFailedEmail } from "~/features/members/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Emails | Admin", matches)];

const FILTERS = [
  { value: "", label: "All" },
  { value: "scheduled", label: "Scheduled" },
  { value: "queued", label: "Queued" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
  { value: "canceled", label: "Canceled" },
] as const;

const parseStatus = (value: string | null): OutboxStatus | null =>
  FILTERS.find(
    (filter): filter is Extract<(typeof FILTERS)[number], { value: OutboxStatus }> =>
      filter.value !== "" && filter.value === value,
  )?.value ?? null;

/** The outbox, newest first: who, what, how it went. Bodies only on a message's own page (they hold sign-in links). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = parseStatus(new URL(request.url).searchParams.get("status"));
  const [{ flash, headers }, messages, announcements] = await Promise.all([
    takeFlash(request),
    listOutbox({ status, limit: 200 }),
    listAnnouncementProgress(),
  ]);
  return data({ flash, status, messages, announcements }, { headers });
}

/** 'Retry now' on a failed message: it becomes due at once and the sender is woken. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: retryEmailFormSchema });
  // Back to the list as it was filtered, whatever else the form held.
  const { status } = submission.payload;
  const back = `/admin/emails${typeof status === "string" && status ? `?status=${encodeURIComponent(status)}` : ""}`;
  if (submission.status !== "success")
    return redirectWithFlash(back, { kind: "error", message: firstError(submission.error) });
  const retried = await retryFailedEmail(admin, submission.value.id);
  return redirectWithFlash(
    back,
    retried
      ? { kind: "success", message: "The message will be sent again now." }
      : { kind: "error", message: "Only a failed message that has not been sent can be retried." },
  );
}

export default function AdminEmails() {
  const { flash, status, messages, announcements } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Emails"
      flash={flash}
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/emails/sequences" className={secondaryButton}>
            Sequences
          </Link>
          <Link to="/admin/emails/announcements/new" className={secondaryButton}>
            New announcement
          </Link>
        </div>
      }
    >
      {announcements.length > 0 ? (
        <section aria-labelledby="announcements-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="announcements-heading" className="text-lg font-semibold text-slate-900">
            Announcements
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {announcements.map((announcement) => (
              <li key={announcement.id}>
                <span className="font-medium">{announcement.subject}</span>{" "}
                {`(${AUDIENCE_LABELS[announcement.audience]}): ${announcement.sent} of ${announcement.recipients ?? 0} sent`}
                {announcement.canceled > 0 ? `, ${announcement.canceled} canceled` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label="Message status" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => {
          const current = (status ?? "") === filter.value;
          return (
            <Link
              key={filter.value}
              to={filter.value ? `/admin/emails?status=${filter.value}` : "/admin/emails"}
              aria-current={current ? "page" : undefined}
              className={`${secondaryButton} ${current ? "border-brand-600 bg-brand-50 text-brand-700" : ""}`}
            >
              {filter.label}
            </Link>
          );
        })}
      </nav>
      {messages.length === 0 ? (
        <EmptyNote>No messages.</EmptyNote>
      ) : (
        <TableFrame label="Messages">
          <thead>
            <tr>
              <th scope="col">Recipient</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">Next attempt</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <Cell label="Recipient" className="sm:max-w-[14rem] break-all">
                  {message.to}
                </Cell>
                <Cell label="Subject">
                  <Link
                    to={`/admin/emails/${message.id}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {message.subject}
                  </Link>
                </Cell>
                <Cell label="Status">
                  <StatusBadge label={OUTBOX_STATUS_LABELS[message.status]} />
                </Cell>
                <Cell label="Attempts" className="tabular-nums">
                  {message.attempts}
                </Cell>
                {/* Only a real error is red; "no error" reads as plain text. */}
                <Cell
                  label="Last error"
                  className={`sm:max-w-[16rem] break-words text-xs ${message.lastError ? "text-red-700" : "text-slate-500"}`}
                >
                  {message.lastError ?? "—"}
                </Cell>
                <Cell label="Next attempt" className="whitespace-nowrap">
                  {message.nextAttemptAt ? formatDayTime(message.nextAttemptAt) : "—"}
                </Cell>
                <Cell label="Actions">
                  {message.status === "failed" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="id" value={message.id} />
                      {status ? <input type="hidden" name="status" value={status} /> : null}
                      <button
                        type="submit"
                        className={`${secondaryButton} whitespace-nowrap`}
                        aria-label={`Retry now: ${message.subject} to ${message.to}`}
                      >
                        Retry now
                      </button>
                    </Form>
                  ) : null}
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminPage>
  );
}
