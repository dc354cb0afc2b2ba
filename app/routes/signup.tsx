import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { EmailField, FormError, Honeypot, NewPasswordField, SubmitButton, TextField } from "~/components/form-fields";
import { authenticate } from "~/services/auth.server";
import { homeFor } from "~/services/guards.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSessionUser, startSession } from "~/services/session.server";
import { ACCOUNT_EXISTS_MESSAGE, signupSchema } from "~/lib/validation/auth";

export const meta: MetaFunction = () => [
  { title: "Create your account | AI Profit Labs" },
  { name: "description", content: "Sign up for lifetime access to the AI Profit Labs training." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (user) throw redirect(homeFor(user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await authenticate("signup", request, { clientAddress: context.clientAddress ?? "unknown" });
  if (!outcome.ok) return data(outcome.reply, { status: outcome.status });
  return startSession(request, outcome.user.id, safeRedirect(outcome.redirectTo, "/payment-options"));
}

const helpLink = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline";

export default function SignupPage() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/signup") === true;
  const redirectTo = searchParams.get("redirect") ?? "";

  const [form, fields] = useForm({
    lastResult,
    // The lead confirmation email links here with the address filled in.
    defaultValue: { email: searchParams.get("email") ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <AuthCard title="Create Your Account" subtitle="Sign up to get lifetime access to the complete AI SaaS training.">
      <Form method="post" {...getFormProps(form)} className="relative space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Honeypot />
        <input type="hidden" name="redirect" value={redirectTo} />
        <TextField
          label="Full Name"
          field={fields.name}
          type="text"
          autoComplete="name"
          required
        />
        <EmailField
          field={fields.email}
          errorHelp={
            fields.email.errors?.[0] === ACCOUNT_EXISTS_MESSAGE ? (
              <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                <Link to={redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : "/login"} className={helpLink}>
                  Sign in
                </Link>
                <Link to="/forgot-password" className={helpLink}>
                  Forgot your password?
                </Link>
              </p>
            ) : null
          }
        />
        <NewPasswordField
          label="Password"
          field={fields.password}
        />
        <SubmitButton pending={submitting} pendingLabel="Creating account...">
          Create account
        </SubmitButton>
      </Form>
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
