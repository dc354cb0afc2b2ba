import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { AuthCard } from "~/components/auth-card";
import { EmailField, FormError, Honeypot, Spinner, TextField } from "~/components/form-fields";
import { authenticate } from "~/services/auth.server";
import { destinationAfterLogin, hasSpecialAccessFlag, specialAccessCookie } from "~/lib/login-flow";
import { secureCookies } from "~/infra/env.server";
import { getSessionUser, startSession } from "~/services/session.server";
import { loginSchema } from "~/lib/validation/auth";
import { hasPaidAccess } from "~/models/access.server";

export const meta: MetaFunction = () => [
  { title: "Sign in | AI Profit Labs" },
  { name: "description", content: "Sign in to your AI Profit Labs training area." },
];

const SPECIAL_ACCESS_STORAGE_KEY = "special_access";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const specialAccess = hasSpecialAccessFlag(url, request.headers.get("Cookie"));
  const user = await getSessionUser(request);
  if (user) {
    throw redirect(
      destinationAfterLogin({ ...user, specialAccess, redirectTo: url.searchParams.get("redirect") }),
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
  const outcome = await authenticate("login", request, { clientAddress: context.clientAddress ?? "unknown" });
  if (!outcome.ok) return data(outcome.reply, { status: outcome.status });

  const specialAccess = outcome.specialAccess || hasSpecialAccessFlag(new URL(request.url), request.headers.get("Cookie"));
  const hasPaid = outcome.user.isAdmin || specialAccess ? false : await hasPaidAccess(outcome.user.id);
  const destination = destinationAfterLogin({
    isAdmin: outcome.user.isAdmin,
    hasPaid,
    specialAccess,
    redirectTo: outcome.redirectTo,
  });
  return startSession(request, outcome.user.id, destination);
}

/** Session storage has no change events worth following here: it is read once after hydration. */
const subscribeToNothing = () => () => {};

export default function LoginPage() {
  const { specialAccess: serverFlag } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const redirectTo = searchParams.get("redirect") ?? "";
  // SPEC §8: a checkout attempted after the session ended lands here with this notice.
  const notice = searchParams.get("notice") === "no-session" ? "No active session" : null;

  // SPEC §4: the flag may also live in session storage from an earlier visit.
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

  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue to your training.">
      {notice ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
          {notice}. Please sign in again to continue.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="relative space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Honeypot />
        <input type="hidden" name="redirect" value={redirectTo} />
        {specialAccess ? <input type="hidden" name="special_access" value="true" /> : null}
        <EmailField field={fields.email} />
        <TextField
          label="Password"
          field={fields.password}
          type="password"
          autoComplete="current-password"
          required
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </p>
        <button
          type="submit"
          disabled={submitting}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow hover:bg-brand-700 disabled:opacity-70"
        >
          {submitting ? (
            <>
              <Spinner label="Signing in" /> Signing in...
            </>
          ) : (
            "Sign in"
          )}
        </button>
      </Form>
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
