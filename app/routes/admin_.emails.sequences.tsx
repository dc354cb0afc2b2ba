import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/platform/ui/admin/admin-page";
import { AdminFieldError, adminInput, inputClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { SchemaForm } from "~/platform/ui/form-fields";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import type { FormReply } from "~/platform/forms/use-validated-form";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { describeDelay, MARKETING_MAIL_HELD } from "~/features/list/marketing-email";
import { env } from "~/platform/env.server";
import {
  BODY_MAX,
  LIST_FORM_MESSAGES,
  stepDelayHours,
  stepFormSchema,
  SUBJECT_MAX,
} from "~/features/list/list-admin-forms";
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
      // Without a postal address the training is held, not sent (issue 40): the page says why.
      held: env().MAIL_POSTAL_ADDRESS ? null : MARKETING_MAIL_HELD,
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
  const submission = parseWithZod(await request.formData(), { schema: stepFormSchema });
  if (submission.status !== "success")
    return data({ stepId: submission.payload.id, reply: submission.reply() }, { status: 400 });
  const step = submission.value;
  const saved = await saveSequenceStep(admin, { ...step, delayHours: stepDelayHours(step)! });
  if (!saved)
    return data(
      { stepId: step.id, reply: submission.reply({ formErrors: [LIST_FORM_MESSAGES.unknownStep] }) },
      { status: 404 },
    );
  return redirectWithFlash("/admin/emails/sequences", {
    kind: "success",
    message: `Saved step ${saved.position}: sent ${describeDelay(saved.delayHours)} after subscribing.`,
  });
}

type Step = ReturnType<typeof useLoaderData<typeof loader>>["steps"][number];

export default function AdminSequences() {
  const { flash, held, steps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A step that is no longer there (or a form that named none) is said above the steps.
  const unknownStep = result && !steps.some((step) => step.id === result.stepId);
  return (
    <AdminPage title="Lead training sequence" flash={flash}>
      <p className="text-sm text-slate-600">
        Each step is sent its time after a lead subscribes on /special-access. The body is Markdown, sent as text and
        HTML; {"{{name}}"} is the lead&apos;s first name and {"{{site}}"} the site&apos;s address. An edit changes every
        message sent from then on. Buying anything stops the rest.
      </p>
      {held ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          Training emails are not being sent. {held}
        </p>
      ) : null}
      {unknownStep ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {LIST_FORM_MESSAGES.unknownStep}
        </p>
      ) : null}
      {steps.map((step) => (
        <AdminSection
          key={step.id}
          title={`Step ${step.position}: ${describeDelay(step.delayHours)} after subscribing`}
        >
          <StepForm step={step} reply={result?.stepId === step.id ? result.reply : undefined} />
        </AdminSection>
      ))}
    </AdminPage>
  );
}

/** One step's form, checked in the browser by the action's schema; a refused save comes back to it alone. */
function StepForm({ step, reply }: { step: Step; reply: FormReply | undefined }) {
  const { form, field } = useSchemaForm(stepFormSchema, reply);
  const delay = field("delay");
  const unit = field("unit");
  const subject = field("subject");
  const body = field("body");
  return (
    <SchemaForm form={form} honeypot={false} className="!space-y-3">
      <input type="hidden" name="id" value={step.id} />
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={delay.id} className="block text-sm font-medium text-slate-700">
            Send after
          </label>
          <input
            key={delay.key}
            type="number"
            min={0}
            step={1}
            required
            className={`${inputClass} w-28`}
            {...adminInput(delay, String(step.delay))}
          />
        </div>
        <label className="block text-sm font-medium text-slate-700">
          <span className="sr-only">Unit of step {step.position}&apos;s delay</span>
          <select key={unit.key} name={unit.name} defaultValue={unit.defaultValue ?? step.unit} className={inputClass}>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </select>
        </label>
      </div>
      <AdminFieldError field={delay} />
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
          {...adminInput(subject, step.subject)}
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
          rows={12}
          maxLength={BODY_MAX}
          className={`${inputClass} font-mono`}
          {...adminInput(body, step.body)}
        />
        <AdminFieldError field={body} />
      </div>
      <button type="submit" className={primaryButton}>
        Save step {step.position}
      </button>
    </SchemaForm>
  );
}
