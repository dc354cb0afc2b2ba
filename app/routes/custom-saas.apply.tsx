import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { inputClass, panelClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { FlashMessage } from "~/platform/ui/flash-message";
import { APPLICATION_RECEIVED, HOSTING_OPTIONS } from "~/features/launch/custom-saas";
import { applicationSchema } from "~/features/launch/custom-saas-form";
import { SchemaForm } from "~/platform/ui/form-fields";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { requireUser } from "~/features/accounts/index.server";
import { submitApplication } from "~/features/launch/index.server";
import type { SessionUser } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Apply for your custom SaaS build", matches),
  { name: "robots", content: "noindex" },
];

/** Owners of the custom SaaS package only (decision 051); anyone else is shown the offer. */
async function requireCustomSaasOwner(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.products.includes("custom_saas")) throw redirect("/custom-saas-upsell", 303);
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCustomSaasOwner(request);
  const { flash, headers } = await takeFlash(request);
  headers.set("Cache-Control", "private, no-store");
  return data({ flash }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCustomSaasOwner(request);
  const submission = parseWithZod(await request.formData(), { schema: applicationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await submitApplication(user, submission.value);
  return redirectWithFlash("/custom-saas/apply", { kind: "success", message: APPLICATION_RECEIVED });
}

const FIELDS = [
  { name: "projectName", label: "Project name", multiline: false },
  { name: "description", label: "Describe your app", multiline: true },
  { name: "availability", label: "Your availability", multiline: true },
] as const;

/** /custom-saas/apply (docs/product.md §2 "Custom SaaS application"). */
export default function CustomSaasApply() {
  const { flash } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const sending = useIsPending({ state: "submitting" });
  const { form, field } = useSchemaForm(applicationSchema, lastResult);
  const hosting = field("hosting");
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">Apply for your custom SaaS build</h1>
      <p className="mt-2 text-slate-600">Tell us about your app; we reply within 24 hours.</p>
      <div className="mt-6 empty:hidden">
        <FlashMessage flash={flash} />
      </div>
      <SchemaForm form={form} honeypot={false} className={`mt-6 ${panelClass}`}>
        {FIELDS.map(({ name, label, multiline }) => {
          const { key, id, errorId, errors, defaultValue } = field(name);
          const error = errors?.[0];
          const props = {
            id,
            name,
            defaultValue,
            className: inputClass,
            required: true,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId : undefined,
          };
          return (
            <div key={name}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                {label}
              </label>
              {multiline ? <textarea key={key} rows={4} {...props} /> : <input key={key} {...props} />}
              {error ? (
                <p id={errorId} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <fieldset aria-describedby={hosting.errors?.length ? hosting.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-700">Hosting preference</legend>
          {HOSTING_OPTIONS.map((option) => (
            <label key={option.value} className="mt-2 flex min-h-11 items-center gap-2 text-slate-800">
              <input
                key={hosting.key}
                type="radio"
                name="hosting"
                value={option.value}
                defaultChecked={hosting.defaultValue === option.value}
              />
              {option.label}
            </label>
          ))}
          {hosting.errors?.length ? (
            <p id={hosting.errorId} className="mt-1 text-sm text-red-700">
              {hosting.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? "Sending..." : "Send application"}
        </button>
      </SchemaForm>
    </main>
  );
}
