import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { primaryButton, secondaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { isUuid } from "~/platform/uuid";
import { EMPTY_AUDIENCE, recipientsLabel } from "~/features/list/marketing-email";
import { requireAdmin } from "~/features/accounts/index.server";
import { announcementPreview, confirmAnnouncement } from "~/features/list/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Announcement | Admin", matches)];

/** The preview: the email as rendered (HTML and text), and "Send to {N} recipients". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const preview = isUuid(params.id) ? await announcementPreview(params.id) : null;
  if (!preview) throw new Response("Not found", { status: 404 });
  const { flash, headers } = await takeFlash(request);
  return data({ flash, ...preview }, { headers });
}

/** The confirmation: queues the messages once; a second click sends nothing twice. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  if (!isUuid(params.id)) throw new Response("Not found", { status: 404 });
  const outcome = await confirmAnnouncement(admin, params.id);
  if (!outcome.ok)
    return redirectWithFlash(`/admin/emails/announcements/${params.id}`, { kind: "error", message: outcome.error });
  return redirectWithFlash("/admin/emails", {
    kind: "success",
    message: `Queued ${outcome.recipients === 1 ? "1 message" : `${outcome.recipients} messages`}. They are sent at the configured rate.`,
  });
}

export default function AnnouncementPreview() {
  const { flash, announcement, email, recipients } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Preview announcement" flash={flash}>
      <p className="text-sm text-slate-700">
        Audience: <strong>{announcement.audienceLabel}</strong>
      </p>
      <section aria-labelledby="html-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {/* The subject as it is written: only the label is in capitals. */}
        <h2 id="html-heading" className="text-base font-semibold text-slate-900">
          <span className="mr-2 text-sm uppercase tracking-wide text-slate-500">Subject:</span>
          {email.subject}
        </h2>
        {/* Admin-written Markdown, passed through the mail's HTML allowlist (lib/markdown-email). */}
        <iframe title="The email as HTML" srcDoc={email.html} sandbox="" className="mt-3 h-96 w-full rounded border" />
      </section>
      <details className="rounded-xl border border-slate-200 bg-white p-5">
        <summary className="cursor-pointer text-sm font-semibold">Plain text part</summary>
        <pre className="mt-3 whitespace-pre-wrap text-sm">{email.text}</pre>
      </details>
      {announcement.sentAt ? (
        <p className="font-semibold text-slate-800">{`Sent to ${recipientsLabel(recipients)}.`}</p>
      ) : recipients === 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-slate-800">{EMPTY_AUDIENCE}</p>
          <Link to="/admin/emails/announcements/new" className={secondaryButton}>
            Start again
          </Link>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <button type="submit" className={primaryButton}>
              {`Send to ${recipientsLabel(recipients)}`}
            </button>
          </Form>
          <Link to="/admin/emails/announcements/new" className={secondaryButton}>
            Start again
          </Link>
        </div>
      )}
    </AdminPage>
  );
}
