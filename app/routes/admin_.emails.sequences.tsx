import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/platform/ui/admin/admin-page";
import { inputClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { describeDelay } from "~/features/list/marketing-email";
import { BODY_MAX, parseStepForm, SUBJECT_MAX } from "~/features/list/list-admin-forms";
import { listSequenceSteps, saveSequenceStep } from "~/features/list/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Sequences | Admin", matches)];

/** The "Lead training" sequence: each step's 'Send after', 'Subject' and 'Body' (Markdown). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [{ flash, headers }, steps] = await Promise.all([takeFlash(request), listSequenceSteps()]);
  return data(
    {
      flash,
      steps: steps.map((step) => ({
        id: step.id,
        position: step.position,
        subject: step.subject,
        body: step.body,
        delayHours: step.delayHours,
        // Days when the delay is whole days, so the form shows what the admin typed.
        delay: step.delayHours % 24 === 0 && step.delayHours > 0 ? step.delayHours / 24 : step.delayHours,
        unit: step.delayHours % 24 === 0 && step.delayHours > 0 ? "days" : "hours",
      })),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const parsed = parseStepForm(await request.formData());
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const saved = await saveSequenceStep(admin, parsed.value);
  if (!saved) return data({ errors: { form: "Unknown step." } }, { status: 404 });
  return redirectWithFlash("/admin/emails/sequences", {
    kind: "success",
    message: `Saved step ${saved.position}: sent ${describeDelay(saved.delayHours)} after subscribing.`,
  });
}

export default function AdminSequences() {
  const { flash, steps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  return (
    <AdminPage title="Lead training sequence" flash={flash}>
      <p className="text-sm text-slate-600">
        Each step is sent its time after a lead subscribes on /special-access. The body is Markdown, sent as text and
        HTML; {"{{name}}"} is the lead&apos;s first name and {"{{site}}"} the site&apos;s address. An edit changes every
        message sent from then on. Buying anything stops the rest.
      </p>
      {errors.form ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errors.form}
        </p>
      ) : null}
      {steps.map((step) => (
        <AdminSection
          key={step.id}
          title={`Step ${step.position}: ${describeDelay(step.delayHours)} after subscribing`}
        >
          <Form method="post" className="space-y-3">
            <input type="hidden" name="id" value={step.id} />
            <div className="flex flex-wrap items-end gap-2">
              <label className="block text-sm font-medium text-slate-700">
                Send after
                <input
                  type="number"
                  name="delay"
                  min={0}
                  step={1}
                  required
                  defaultValue={step.delay}
                  className={`${inputClass} w-28`}
                />
              </label>
              <label className="block text-sm font-medium text-slate-700">
                <span className="sr-only">Unit of step {step.position}&apos;s delay</span>
                <select name="unit" defaultValue={step.unit} className={inputClass}>
                  <option value="hours">hours</option>
                  <option value="days">days</option>
                </select>
              </label>
            </div>
            {errors.delay ? <p className="text-sm text-red-700">{errors.delay}</p> : null}
            <label className="block text-sm font-medium text-slate-700">
              Subject
              <input
                type="text"
                name="subject"
                required
                maxLength={SUBJECT_MAX}
                defaultValue={step.subject}
                className={inputClass}
              />
            </label>
            {errors.subject ? <p className="text-sm text-red-700">{errors.subject}</p> : null}
            <label className="block text-sm font-medium text-slate-700">
              Body
              <textarea
                name="body"
                required
                rows={12}
                maxLength={BODY_MAX}
                defaultValue={step.body}
                className={`${inputClass} font-mono`}
              />
            </label>
            {errors.body ? <p className="text-sm text-red-700">{errors.body}</p> : null}
            <button type="submit" className={primaryButton}>
              Save step {step.position}
            </button>
          </Form>
        </AdminSection>
      ))}
    </AdminPage>
  );
}
