import {
  tokenFingerprint,
  claimIntoSignedInAccount,
  claimWithNewPassword,
  findClaim,
  getSessionUser,
  linkToken,
} from "~/features/accounts/index.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { FormError, NewPasswordField, SubmitButton, SchemaForm } from "~/platform/ui/form-fields";
import { flashCookie, redirectWithFlash, toFlash } from "~/platform/flash.server";
import { claimForms, resetPasswordSchema } from "~/features/accounts/auth-forms";
import { brandedTitle } from "~/platform/page-meta";
import { continueAfterPassword } from "~/features/catalogue/index.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { useSchemaForm } from "~/platform/forms/use-schema-form";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Claim your purchase", matches),
  { name: "robots", content: "noindex" },
];

const CLAIMED = "Your purchase is on your account.";
const LINK_UNUSABLE = "This link has expired or has already been used. Ask for a new one below.";

/**
 * /claim?token=... (decision 048). GET only shows the page: signed in to the link's account, a
 * button that adds the purchase; otherwise a new-password form that takes the account over.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(new URL(request.url).searchParams);
  const claim = token ? await findClaim(token) : null;
  const user = claim ? await getSessionUser(request) : null;
  return {
    token: token ?? "",
    email: claim?.email ?? null,
    signedInToIt: claim !== null && user?.id === claim.userId,
  };
}

/** Limited per client address and per token, as the reset form is: a link cannot be guessed at or hammered. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: claimForms });
  const token = typeof submission.payload.token === "string" ? submission.payload.token : "";
  const verdict = await checkRateLimits([
    [RATE_LIMITS.resetSubmitPerAddress, context.clientAddress ?? "unknown"],
    [RATE_LIMITS.resetSubmitPerToken, tokenFingerprint(token)],
  ]);

  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const form = submission.value;
  if (form.intent === "add") {
    if (!verdict.allowed) return data({ addError: verdict.message }, { status: 429 });
    const user = await getSessionUser(request);
    if (!form.token || !user || !(await claimIntoSignedInAccount(form.token, user.id)))
      return data({ addError: LINK_UNUSABLE }, { status: 400 });
    return redirectWithFlash(toFlash("/dashboard"), { kind: "success", message: CLAIMED });
  }

  if (!verdict.allowed)
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), { status: 429 });
  const result = await claimWithNewPassword(form.token, form.password);
  if (!result)
    return data(submission.reply({ formErrors: [LINK_UNUSABLE], hideFields: ["password"] }), { status: 400 });
  // Every factor of the account ended with the claim, so this signs in at once.
  const headers = new Headers({ "Set-Cookie": await flashCookie({ kind: "success", message: CLAIMED }) });
  return continueAfterPassword(
    request,
    { userId: result.userId, isAdmin: false, redirectTo: toFlash("/dashboard"), specialAccess: false },
    headers,
  );
}

export default function Claim() {
  const { token, email, signedInToIt } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useIsPending();
  const { form, field } = useSchemaForm(
    resetPasswordSchema,
    lastResult && "addError" in lastResult ? null : lastResult,
  );
  const addErrors = lastResult && "addError" in lastResult ? [lastResult.addError] : undefined;

  return (
    <AuthCard title="Claim your purchase" subtitle="A purchase made with your email address is waiting for you.">
      {email === null ? (
        <FormError id="claim-link-error" errors={[LINK_UNUSABLE]} />
      ) : signedInToIt ? (
        <Form method="post" className="space-y-4">
          <FormError id="claim-error" errors={addErrors} />
          <p className="text-sm text-slate-700">You are signed in to the account that uses {email}.</p>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="add" />
          <SubmitButton pending={submitting} pendingLabel="Adding...">
            Add the purchase to this account
          </SubmitButton>
        </Form>
      ) : (
        <SchemaForm form={form} honeypot={false}>
          <p className="text-sm text-slate-700">
            Choose a new password for the account that uses {email}. It becomes yours: every other session, two-factor
            sign-in and emailed link of it ends, and the purchase joins it.
          </p>
          <input type="hidden" name="token" value={token} />
          <NewPasswordField label="New password" field={field("password")} />
          <SubmitButton pending={submitting} pendingLabel="Saving...">
            Set password and claim
          </SubmitButton>
        </SchemaForm>
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
