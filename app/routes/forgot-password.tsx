import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { EmailField, SubmitButton, SchemaForm } from "~/platform/ui/form-fields";
import { siteOrigin } from "~/platform/site-origin";
import { RESET_TOKEN_HOURS } from "~/features/accounts/emails";
import { forgotPasswordSchema } from "~/features/accounts/auth-forms";
import { env } from "~/platform/env.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { requestPasswordReset, getSessionUser } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { useSchemaForm } from "~/platform/forms/use-schema-form";
import { log } from "~/platform/log.server";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Forgot password", matches)];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ reply: submission.reply(), sent: false }, { status: 400 });
  const { email } = submission.value;

  // Only the per-address limit is refused visibly: it does not depend on the email. The per-email
  // budgets drop the mail silently, inside requestPasswordReset (decision 046); the owner's own
  // browser (a device cookie of the account, or signed in to it) gets past the email's budget from anyone.
  const client = context.clientAddress ?? "unknown";
  const verdict = await checkRateLimits([[RATE_LIMITS.passwordResetPerAddress, client]]);
  if (!verdict.allowed)
    return data({ reply: submission.reply({ formErrors: [verdict.message] }), sent: false }, { status: 429 });

  try {
    await requestPasswordReset(email, siteOrigin(env().PUBLIC_URL, request.url), {
      clientAddress: client,
      cookieHeader: request.headers.get("Cookie"),
      signedInUserId: (await getSessionUser(request))?.id ?? null,
    });
  } catch (error) {
    log.error({ err: error }, "password reset request failed");
    return data({ reply: submission.reply({ formErrors: ["An error occurred"] }), sent: false }, { status: 500 });
  }
  return { reply: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const submitting = useIsPending();
  const { form, field } = useSchemaForm(forgotPasswordSchema, result?.reply);

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email address and we will send you a link to set a new password."
    >
      {result?.sent ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          If an account exists for that email address, we have sent it a link to set a new password. The link expires in{" "}
          {RESET_TOKEN_HOURS} hours. Check your spam folder if it does not arrive within a few minutes.
        </p>
      ) : null}
      <SchemaForm form={form} className="mt-4">
        <EmailField field={field("email")} />
        <SubmitButton pending={submitting} pendingLabel="Sending...">
          Send reset link
        </SubmitButton>
      </SchemaForm>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/login" className="tap-inline font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
