import { tokenFingerprint, resetLinkAccount, linkToken, resetPassword } from "~/features/accounts/index.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { FormError, NewPasswordField, SubmitButton, SchemaForm } from "~/platform/ui/form-fields";
import { flashCookie, toFlash } from "~/platform/flash.server";
import { resetPasswordSchema } from "~/features/accounts/auth-forms";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { continueAfterPassword } from "~/features/catalogue/index.server";
import { brandedTitle } from "~/platform/page-meta";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { useSchemaForm } from "~/platform/forms/use-schema-form";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Set your password", matches),
  { name: "robots", content: "noindex" },
];

/** Said on the page the reset leads to (the dashboard, or the plan page for an account without access). */
const PASSWORD_UPDATED = "Your password has been updated.";
const LINK_UNUSABLE = "This link has expired or has already been used. Ask for a new one below.";

/** The page names the account the link is for, masked: setting the password signs this browser in to it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(new URL(request.url).searchParams);
  return { token: token ?? "", account: token === null ? null : await resetLinkAccount(token) };
}

/**
 * Sets the password, ends every other session of the account, and signs this browser in.
 * Limited per client address and per token, so a link cannot be guessed at or hammered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const verdict = await checkRateLimits([
    [RATE_LIMITS.resetSubmitPerAddress, context.clientAddress ?? "unknown"],
    [RATE_LIMITS.resetSubmitPerToken, tokenFingerprint(submission.value.token)],
  ]);
  if (!verdict.allowed)
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), { status: 429 });
  const result = await resetPassword(submission.value.token, submission.value.password);
  if (!result)
    return data(submission.reply({ formErrors: [LINK_UNUSABLE], hideFields: ["password"] }), { status: 400 });
  // The member guard sends an account without access on to the plan page; either page shows the
  // flash. A reset link proves the mailbox, not the second factor: an account with one still
  // enters its code.
  const headers = new Headers({ "Set-Cookie": await flashCookie({ kind: "success", message: PASSWORD_UPDATED }) });
  return continueAfterPassword(
    request,
    { userId: result.userId, isAdmin: false, redirectTo: toFlash("/dashboard"), specialAccess: false },
    headers,
  );
}

export default function ResetPassword() {
  const { token, account } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useIsPending();
  const { form, field } = useSchemaForm(resetPasswordSchema, lastResult);

  return (
    <AuthCard title="Set your password" subtitle="Choose a new password for your account.">
      {account ? (
        <SchemaForm form={form} honeypot={false}>
          <p className="text-sm text-slate-700">For the account {account}.</p>
          <input type="hidden" name="token" value={token} />
          <NewPasswordField label="New password" field={field("password")} />
          <SubmitButton pending={submitting} pendingLabel="Saving...">
            Set password
          </SubmitButton>
        </SchemaForm>
      ) : (
        <FormError id="reset-link-error" errors={[LINK_UNUSABLE]} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link
          to="/forgot-password"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
