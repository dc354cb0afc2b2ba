import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { inputClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { AUDIENCE_LABELS } from "~/features/list/marketing-email";
import { BODY_MAX, parseAnnouncementForm, SUBJECT_MAX } from "~/features/list/list-admin-forms";
import { requireAdmin } from "~/features/accounts/index.server";
import { draftAnnouncement } from "~/features/list/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("New announcement | Admin", matches)];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** 'Preview': saves the draft and shows it with its recipient count; nothing is sent yet. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const values = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
  const parsed = parseAnnouncementForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 });
  const draft = await draftAnnouncement(admin, parsed.value);
  if (!draft.ok) return data({ errors: { form: draft.error } as Record<string, string>, values }, { status: 409 });
  return redirect(`/admin/emails/announcements/${draft.id}`);
}

export default function NewAnnouncement() {
  const result = useActionData<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  return (
    <AdminPage title="New announcement">
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <label className="block text-sm font-medium text-slate-700">
          Subject
          <input
            type="text"
            name="subject"
            required
            maxLength={SUBJECT_MAX}
            defaultValue={result?.values.subject}
            className={inputClass}
          />
        </label>
        {errors.subject ? <p className="text-sm text-red-700">{errors.subject}</p> : null}
        <label className="block text-sm font-medium text-slate-700">
          Body
          <textarea
            name="body"
            required
            rows={14}
            maxLength={BODY_MAX}
            defaultValue={result?.values.body}
            className={`${inputClass} font-mono`}
          />
        </label>
        <p className="text-xs text-slate-500">Markdown: sent as text and HTML.</p>
        {errors.body ? <p className="text-sm text-red-700">{errors.body}</p> : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Audience</legend>
          {Object.entries(AUDIENCE_LABELS).map(([value, label]) => (
            <label key={value} className="mt-2 flex items-start gap-2 text-sm text-slate-700">
              <input type="radio" name="audience" value={value} required defaultChecked={value === "members"} />
              <span>
                {label}
                {value === "service" ? (
                  <span className="block text-xs text-slate-500">
                    Cannot be unsubscribed from: only for terms, privacy and security notices.
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
        {errors.audience ? <p className="text-sm text-red-700">{errors.audience}</p> : null}
        <button type="submit" className={primaryButton}>
          Preview
        </button>
      </Form>
    </AdminPage>
  );
}
