import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { AdminFieldError, adminInput, inputClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { SchemaForm } from "~/platform/ui/form-fields";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import { AUDIENCE_LABELS } from "~/features/list/marketing-email";
import { announcementFormSchema, BODY_MAX, SUBJECT_MAX } from "~/features/list/list-admin-forms";
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
  const submission = parseWithZod(await request.formData(), { schema: announcementFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const draft = await draftAnnouncement(admin, submission.value);
  if (!draft.ok) return data({ reply: submission.reply({ formErrors: [draft.error] }) }, { status: 409 });
  return redirect(`/admin/emails/announcements/${draft.id}`);
}

export default function NewAnnouncement() {
  const result = useActionData<typeof action>();
  const { form, field } = useSchemaForm(announcementFormSchema, result?.reply);
  const subject = field("subject");
  const body = field("body");
  const audience = field("audience");
  return (
    <AdminPage title="New announcement">
      <SchemaForm form={form} honeypot={false} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div>
          <label htmlFor={subject.id} className="block text-sm font-medium text-slate-700">
            Subject
          </label>
          <input
            key={subject.key}
            type="text"
            required
            maxLength={SUBJECT_MAX}
            className={inputClass}
            {...adminInput(subject)}
          />
          <AdminFieldError field={subject} />
        </div>
        <div>
          <label htmlFor={body.id} className="block text-sm font-medium text-slate-700">
            Body
          </label>
          <textarea
            key={body.key}
            required
            rows={14}
            maxLength={BODY_MAX}
            className={`${inputClass} font-mono`}
            {...adminInput(body, undefined, `${body.id}-hint`)}
          />
          <p id={`${body.id}-hint`} className="text-xs text-slate-500">
            Markdown: sent as text and HTML.
          </p>
          <AdminFieldError field={body} />
        </div>
        <fieldset aria-describedby={audience.errors ? audience.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-700">Audience</legend>
          {Object.entries(AUDIENCE_LABELS).map(([value, label]) => (
            <label key={value} className="mt-2 flex items-start gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name={audience.name}
                value={value}
                required
                defaultChecked={value === (audience.defaultValue ?? "members")}
              />
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
          <AdminFieldError field={audience} />
        </fieldset>
        <button type="submit" className={primaryButton}>
          Preview
        </button>
      </SchemaForm>
    </AdminPage>
  );
}
