import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { AuthCard } from "~/platform/ui/auth-card";
import { EmailField, Spinner, TextField, SchemaForm } from "~/platform/ui/form-fields";
import { authenticate, getSessionUser } from "~/features/accounts/index.server";
import { destinationAfterLogin, hasSpecialAccessFlag, specialAccessCookie } from "~/features/accounts/login-flow";
import { secureCookies } from "~/platform/env.server";
import { opensTraining, continueAfterPassword } from "~/features/catalogue/index.server";
import { brandFromMatches, brandedTitle } from "~/platform/page-meta";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { Button } from "~/platform/ui/button";
import { AUTH_MESSAGES, PASSWORD_MAX } from "~/platform/forms/auth-rules";
import { constraintErrors } from "~/platform/forms/constraint-validation";
import { useValidatedForm } from "~/platform/forms/use-validated-form";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Sign in", matches),
  { name: "description", content: `Sign in to your ${brandFromMatches(matches)} training area.` },
];

const SPECIAL_ACCESS_STORAGE_KEY = "special_access";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const specialAccess = hasSpecialAccessFlag(url, request.headers.get("Cookie"));
  const user = await getSessionUser(request);
  if (user) {
    throw redirect(
      destinationAfterLogin({
        isAdmin: user.isAdmin,
        opensTraining: opensTraining(user),
        specialAccess,
        redirectTo: url.searchParams.get("redirect"),
      }),
    );
  }
  // Remember the flag for this browser session (like sessionStorage), so it survives a reload.
  const headers = new Headers();
  if (url.searchParams.get("special_access") === "true") {
    headers.append("Set-Cookie", specialAccessCookie("true", { secure: secureCookies() }));
  }
  return data({ specialAccess }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await authenticate("login", request, context);
  if (!outcome.ok) return data(outcome.reply, { status: outcome.status });
  const headers = new Headers(outcome.cookies.map((c): [string, string] => ["Set-Cookie", c]));
  // With a second factor the login continues at /login/two-factor; without, it ends here.
  return continueAfterPassword(
    request,
    {
      userId: outcome.user.id,
      isAdmin: outcome.user.isAdmin,
      redirectTo: outcome.redirectTo,
      specialAccess: outcome.specialAccess,
    },
    headers,
  );
}

/** Session storage has no change events worth following here: it is read once after hydration. */
const subscribeToNothing = () => () => {};

const LOGIN_CONSTRAINTS = {
  email: {
    valueMissing: AUTH_MESSAGES.emailRequired,
    typeMismatch: AUTH_MESSAGES.emailInvalid,
    tooLong: AUTH_MESSAGES.emailTooLong,
  },
  password: { valueMissing: AUTH_MESSAGES.passwordRequired, tooLong: AUTH_MESSAGES.passwordTooLong },
};

export default function LoginPage() {
  const { specialAccess: serverFlag } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const submitting = useIsPending();
  const redirectTo = searchParams.get("redirect") ?? "";
  // docs/product.md §8: a checkout attempted after the session ended lands here with this notice.
  const notice = searchParams.get("notice") === "no-session" ? "No active session" : null;
  // After 'Delete my account' (issue 29): the session is gone, so no flash cookie can be read back.
  const deleted = searchParams.get("notice") === "account-deleted";

  // docs/product.md §4: the flag may also live in session storage from an earlier visit.
  // Read after hydration (the server cannot see session storage), so both renders match.
  const storedFlag = useSyncExternalStore(
    subscribeToNothing,
    () => window.sessionStorage.getItem(SPECIAL_ACCESS_STORAGE_KEY) === "true",
    () => false,
  );
  const specialAccess = serverFlag || storedFlag;
  useEffect(() => {
    if (serverFlag) window.sessionStorage.setItem(SPECIAL_ACCESS_STORAGE_KEY, "true");
  }, [serverFlag]);

  const { form, field } = useValidatedForm<keyof typeof LOGIN_CONSTRAINTS>({
    lastResult,
    // The browser checks the inputs' own constraints with the server's messages; no zod ships here.
    validate: (element) => constraintErrors(element, LOGIN_CONSTRAINTS),
  });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue to your training.">
      {notice ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800"
        >
          {notice}. Please sign in again to continue.
        </p>
      ) : null}
      {deleted ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          Your account was deleted. A confirmation is on its way to your inbox.
        </p>
      ) : null}
      <SchemaForm form={form}>
        <input type="hidden" name="redirect" value={redirectTo} />
        {specialAccess ? <input type="hidden" name="special_access" value="true" /> : null}
        <EmailField field={field("email")} />
        <TextField
          label="Password"
          field={field("password")}
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        <Button type="submit" disabled={submitting} block>
          {submitting ? (
            <>
              <Spinner label="Signing in" /> Signing in...
            </>
          ) : (
            "Sign in"
          )}
        </Button>
      </SchemaForm>
      {/* Sign-in by an emailed link (decision 055): its form is a page of its own, so this page keeps one 'Email address'. */}
      <p className="mt-4 text-center text-sm">
        <Link
          to={redirectTo ? `/login/email-link?${new URLSearchParams({ redirect: redirectTo })}` : "/login/email-link"}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          Email me a sign-in link
        </Link>
      </p>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link
          to={redirectTo ? `/signup?${new URLSearchParams({ redirect: redirectTo })}` : "/signup"}
          className="tap-inline font-semibold text-brand-700 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
