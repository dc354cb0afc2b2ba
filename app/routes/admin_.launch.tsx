import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { inputClass, panelClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import {
  LAUNCH_FIELDS,
  launchFormSchema,
  launchFormValues,
  type LaunchField,
  type LaunchFormValues,
} from "~/features/launch/launch-form";
import { requireAdmin } from "~/features/accounts/index.server";
import { fieldErrors } from "~/platform/forms/submission-errors";
import { launchReadiness, launchSettings, saveLaunchSettings } from "~/features/launch/index.server";
import { ReadinessChecklist } from "~/features/launch/readiness-checklist";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Launch | Admin", matches)];

/**
 * The launch settings (docs/product.md §7 "Launch settings", decision 053) and the readiness
 * check (docs/operations.md#launch-checklist).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { flash, headers } = await takeFlash(request);
  const readiness = await launchReadiness();
  return data({ flash, values: launchFormValues(launchSettings()), readiness }, { headers });
}

type ActionFailure = { values: LaunchFormValues; errors: Partial<Record<LaunchField, string>> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: launchFormSchema });
  if (submission.status !== "success") {
    const typed = submission.payload;
    const values = Object.fromEntries(
      LAUNCH_FIELDS.map((name) => [name, typeof typed[name] === "string" ? typed[name] : ""]),
    ) as LaunchFormValues;
    return data<ActionFailure>({ values, errors: fieldErrors(submission.error) }, { status: 400 });
  }
  await saveLaunchSettings(admin, submission.value);
  return redirectWithFlash("/admin/launch", { kind: "success", message: "Launch settings saved." });
}

const FIELDS: Array<{ name: LaunchField; label: string; type: "datetime-local" | "number" | "text"; help?: string }> = [
  {
    name: "cartOpensAt",
    label: "Cart opens",
    type: "datetime-local",
    help: "Before it, the pages say when the cart opens; the affiliate countdown runs to it.",
  },
  {
    name: "cartClosesAt",
    label: "Cart closes",
    type: "datetime-local",
    help: "Every sales countdown runs to it; after it, the launch price has ended.",
  },
  {
    name: "timeZone",
    label: "Launch time zone",
    type: "text",
    help: "An IANA name such as America/Chicago. The dates above are in it.",
  },
  { name: "earlyBonusBuyers", label: "Early-bonus buyers", type: "number" },
  { name: "customSaasCapacity", label: "Custom SaaS capacity", type: "number" },
  { name: "customSaasBookedElsewhere", label: "Clients already booked elsewhere", type: "number" },
  { name: "fullBlastStartsAt", label: "Full-blast window starts", type: "datetime-local" },
  { name: "winnersAnnouncedAt", label: "Contest winners announced", type: "datetime-local" },
  {
    name: "contestPrizes",
    label: "Contest prizes",
    type: "text",
    help: "In dollars, first place first, separated by commas (such as 350, 250, 150). The affiliate pages show them.",
  },
];

export default function AdminLaunch() {
  const { flash, values: saved, readiness } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as ActionFailure | undefined;
  const values = failure?.values ?? saved;
  return (
    <AdminPage title="Launch" flash={flash}>
      <ReadinessChecklist lines={readiness} />
      <Form method="post" className={`${panelClass} max-w-2xl`} noValidate>
        <p className="text-sm text-slate-600">
          Dates are entered and shown in the launch time zone. Leave a date empty to unset it: with no &lsquo;Cart
          closes&rsquo;, no page shows a countdown or a deadline.
        </p>
        {FIELDS.map((field) => {
          const error = failure?.errors[field.name];
          const helpId = field.help ? `${field.name}-help` : undefined;
          const errorId = error ? `${field.name}-error` : undefined;
          return (
            <div key={field.name}>
              <label htmlFor={field.name} className="block text-sm font-semibold text-slate-800">
                {field.label}
              </label>
              <input
                id={field.name}
                name={field.name}
                type={field.type}
                defaultValue={values[field.name]}
                min={field.type === "number" ? 0 : undefined}
                step={field.type === "number" ? 1 : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={[errorId, helpId].filter(Boolean).join(" ") || undefined}
                className={inputClass}
              />
              {error ? (
                <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
              {field.help ? (
                <p id={helpId} className="mt-1 text-xs text-slate-500">
                  {field.help}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className={primaryButton}>
          Save launch settings
        </button>
      </Form>
    </AdminPage>
  );
}
