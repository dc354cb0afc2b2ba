import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection, OUTBOX_STATUS_LABELS, StatusBadge } from "~/platform/ui/admin/admin-page";
import { panelClass, secondaryButton } from "~/platform/ui/admin/form-controls";
import { formatDayTime } from "~/platform/dates";
import { requireAdmin } from "~/features/accounts/index.server";
import { isUuid } from "~/platform/uuid";
import { getOutboxMessage } from "~/platform/mail/outbox.server";
import { WITHHELD } from "~/platform/mail/withheld-links";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Email | Admin", matches)];

/**
 * One message with its text as stored: the token of every link withheld (decision 046), so
 * nobody can use a member's link from here; only the delivered mail carries it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const message = isUuid(params.id) ? await getOutboxMessage(params.id) : null;
  if (!message) throw data("Message not found", { status: 404 });
  return { message };
}

export default function AdminEmail() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title={message.subject}
      actions={
        <Link to="/admin/emails" className={secondaryButton}>
          All emails
        </Link>
      }
    >
      <dl className={`${panelClass} grid gap-3 text-sm sm:grid-cols-2`}>
        <div>
          <dt className="font-semibold text-slate-600">To</dt>
          <dd className="break-all">{message.to}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Status</dt>
          <dd>
            <StatusBadge label={OUTBOX_STATUS_LABELS[message.status]} /> after {message.attempts} attempt(s)
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Queued</dt>
          <dd>{formatDayTime(message.createdAt)}</dd>
        </div>
        {message.sentAt || message.nextAttemptAt ? (
          <div>
            <dt className="font-semibold text-slate-600">{message.sentAt ? "Sent" : "Next attempt"}</dt>
            <dd>{formatDayTime(message.sentAt ?? message.nextAttemptAt!)}</dd>
          </div>
        ) : null}
        {message.lastError ? (
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-600">Last error</dt>
            <dd className="text-red-700">{message.lastError}</dd>
          </div>
        ) : null}
      </dl>
      <AdminSection title="Plain text part">
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-white p-4 font-mono text-sm">
          {message.text}
        </pre>
      </AdminSection>
      <p className="text-sm text-slate-600">
        {message.html ? "The message also has an HTML part with the same content." : "The message has no HTML part."}{" "}
        Links are shown with their token {WITHHELD}: only the mail delivered to the recipient carries it.
      </p>
    </AdminPage>
  );
}
