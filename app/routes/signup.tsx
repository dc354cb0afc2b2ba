import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { EmailField, NewPasswordField, SubmitButton, TextField, SchemaForm } from "~/platform/ui/form-fields";
import { authenticate, getSessionUser, startSession } from "~/features/accounts/index.server";
import { homeFor } from "~/features/catalogue/index.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { brandFromMatches, brandedTitle } from "~/platform/page-meta";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { AUTH_MESSAGES, NAME_MAX } from "~/platform/forms/auth-rules";
import { constraintErrors } from "~/platform/forms/constraint-validation";
import { useValidatedForm } from "~/platform/forms/use-validated-form";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Create your account", matches),
  { name: "description", content: `Sign up for lifetime access to the ${brandFromMatches(matches)} training.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (user) throw redirect(homeFor(user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await authenticate("signup", request, context);
  if (!outcome.ok) return data(outcome.reply, { status: outcome.status });
  // The password was just chosen: two-factor set-up right after signup needs no re-entry.
  return startSession(request, outcome.user.id, safeRedirect(outcome.redirectTo, "/payment-options"), {
    passwordVerifiedAt: new Date(),
  });
}

const helpLink = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline";

const SIGNUP_CONSTRAINTS = {
  name: { valueMissing: AUTH_MESSAGES.nameRequired, tooLong: AUTH_MESSAGES.nameTooLong },
  email: {
    valueMissing: AUTH_MESSAGES.emailRequired,
    typeMismatch: AUTH_MESSAGES.emailInvalid,
    tooLong: AUTH_MESSAGES.emailTooLong,
  },
  password: {
    valueMissing: AUTH_MESSAGES.passwordRequired,
    tooShort: AUTH_MESSAGES.newPasswordTooShort,
    tooLong: AUTH_MESSAGES.newPasswordTooLong,
  },
};

export default function SignupPage() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const submitting = useIsPending();
  const redirectTo = searchParams.get("redirect") ?? "";
  const leadToken = searchParams.get("token");

  const { form, field } = useValidatedForm<keyof typeof SIGNUP_CONSTRAINTS>({
    lastResult,
    // The lead confirmation email links here with the address filled in.
    defaultValue: { email: searchParams.get("email") ?? "" },
    // The browser checks the inputs' own constraints with the server's messages; no zod ships here.
    validate: (element) => constraintErrors(element, SIGNUP_CONSTRAINTS),
  });

  return (
    <AuthCard
      title="Create Your Account"
      subtitle={
        // A lead from the confirmation email gets the free starter course, not the paid training.
        leadToken
          ? "Create your free account: your starter course opens as soon as you sign up."
          : "Sign up to get lifetime access to the complete AI SaaS training."
      }
    >
      <SchemaForm form={form}>
        <input type="hidden" name="redirect" value={redirectTo} />
        {/* A lead's confirmation email proves the address with it (decision 054). */}
        {leadToken ? <input type="hidden" name="lead_token" value={leadToken} /> : null}
        <TextField
          label="Full Name"
          field={field("name")}
          type="text"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
        />
        <EmailField
          field={field("email")}
          errorHelp={
            field("email").errors?.[0] === AUTH_MESSAGES.accountExists ? (
              <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                <Link
                  to={redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : "/login"}
                  className={helpLink}
                >
                  Sign in
                </Link>
                <Link to="/forgot-password" className={helpLink}>
                  Forgot your password?
                </Link>
              </p>
            ) : null
          }
        />
        <NewPasswordField label="Password" field={field("password")} />
        <SubmitButton pending={submitting} pendingLabel="Creating account...">
          Create account
        </SubmitButton>
      </SchemaForm>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link
          to={redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : "/login"}
          className="tap-inline font-semibold text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
