import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { inputClass, panelClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { FlashMessage } from "~/platform/ui/flash-message";
import {
  APPLICATION_RECEIVED,
  HOSTING_OPTIONS,
  parseApplication,
  type ApplicationForm,
} from "~/features/launch/custom-saas";
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

type Failure = { errors: Partial<Record<keyof ApplicationForm, string>>; values: ApplicationForm };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCustomSaasOwner(request);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: ApplicationForm = {
    projectName: field("projectName"),
    description: field("description"),
    availability: field("availability"),
    hosting: field("hosting"),
  };
  const parsed = parseApplication(values);
  if (!parsed.ok) return data<Failure>({ errors: parsed.errors, values }, { status: 400 });
  await submitApplication(user, parsed.value);
  return redirectWithFlash("/custom-saas/apply", { kind: "success", message: APPLICATION_RECEIVED });
}

const FIELDS: Array<{ name: keyof ApplicationForm; label: string; multiline?: boolean }> = [
  { name: "projectName", label: "Project name" },
  { name: "description", label: "Describe your app", multiline: true },
  { name: "availability", label: "Your availability", multiline: true },
];

/** /custom-saas/apply (docs/product.md §2 "Custom SaaS application"). */
export default function CustomSaasApply() {
  const { flash } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | undefined;
  const sending = useIsPending({ state: "submitting" });
  const values = failure?.values;
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">Apply for your custom SaaS build</h1>
      <p className="mt-2 text-slate-600">Tell us about your app; we reply within 24 hours.</p>
      <div className="mt-6 empty:hidden">
        <FlashMessage flash={flash} />
      </div>
      <Form method="post" className={`mt-6 ${panelClass}`} noValidate>
        {FIELDS.map(({ name, label, multiline }) => {
          const error = failure?.errors[name];
          const props = {
            id: name,
            name,
            defaultValue: values?.[name] ?? "",
            className: inputClass,
            required: true,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${name}-error` : undefined,
          };
          return (
            <div key={name}>
              <label htmlFor={name} className="block text-sm font-medium text-slate-700">
                {label}
              </label>
              {multiline ? <textarea rows={4} {...props} /> : <input {...props} />}
              {error ? (
                <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <fieldset aria-describedby={failure?.errors.hosting ? "hosting-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Hosting preference</legend>
          {HOSTING_OPTIONS.map((option) => (
            <label key={option.value} className="mt-2 flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="radio"
                name="hosting"
                value={option.value}
                defaultChecked={values?.hosting === option.value}
              />
              {option.label}
            </label>
          ))}
          {failure?.errors.hosting ? (
            <p id="hosting-error" className="mt-1 text-sm text-red-700">
              {failure.errors.hosting}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? "Sending..." : "Send application"}
        </button>
      </Form>
    </main>
  );
}
