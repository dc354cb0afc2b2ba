import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { CodeField } from "~/platform/ui/code-field";
import { FormError, SubmitButton } from "~/platform/ui/form-fields";
import { redirectWithFlash } from "~/platform/flash.server";
import { readTypedCode } from "~/features/accounts/two-factor-rules";
import { twoFactorForms } from "~/features/accounts/account-forms";
import { SECURITY_PAGE, UNKNOWN_INTENT_MESSAGE } from "~/features/accounts/account-pages";
import {
  requireUser,
  askerFor,
  passwordRecentlyVerified,
  reauthenticate,
  currentSessionIdHash,
  beginEnrolment,
  confirmEnrolment,
  enrolmentView,
  regenerateRecoveryCodes,
} from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Set up two-factor authentication", matches),
  { name: "robots", content: "noindex" },
];

/**
 * The set-up step: shown while an enrolment is pending, to the session that started it (by a POST
 * from /account/security); to any other session there is nothing to show. No redirect when none is: this
 * loader also runs after the action that made the recovery codes, and the page must still show them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const session = (await currentSessionIdHash(request)) ?? "";
  const [view, recent] = await Promise.all([enrolmentView(user, session), passwordRecentlyVerified(session)]);
  return { view, passwordNeeded: !recent };
}

/**
 * Each change needs re-authentication first (decision 047): the current password, or a password
 * check in this session within the last 10 minutes.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: twoFactorForms });
  if (submission.status !== "success")
    return redirectWithFlash(SECURITY_PAGE, { kind: "error", message: UNKNOWN_INTENT_MESSAGE });
  const form = submission.value;
  const asker = await askerFor(request, context, user);
  const proved = await reauthenticate(asker, form.current_password);
  switch (form.intent) {
    case "start": {
      if (!proved.ok) return redirectWithFlash(SECURITY_PAGE, { kind: "error", message: proved.message });
      if (!(await beginEnrolment(user.id, asker.sessionIdHash)))
        return redirectWithFlash(SECURITY_PAGE, { kind: "error", message: "Two-factor authentication is already on." });
      return redirect("/account/two-factor", 303);
    }
    case "confirm": {
      if (!proved.ok) return data({ error: proved.message, codes: null, message: null }, { status: 400 });
      const code = (form.code ?? "").replace(/\s/g, "");
      const result = await confirmEnrolment(user, code, asker.sessionIdHash);
      if (!result.ok) return data({ error: result.message, codes: null, message: null }, { status: 400 });
      return { error: null, codes: result.recoveryCodes, message: "Two-factor authentication is on." };
    }
    case "regenerate": {
      if (!proved.ok) return redirectWithFlash(SECURITY_PAGE, { kind: "error", message: proved.message });
      const result = await regenerateRecoveryCodes(user, readTypedCode(form.code));
      if (!result.ok) return redirectWithFlash(SECURITY_PAGE, { kind: "error", message: result.message });
      return {
        error: null,
        codes: result.recoveryCodes,
        message: "Here are your new recovery codes. The old ones no longer work.",
      };
    }
  }
}

/** Shown once, right after they are made: only their hashes are kept. */
function RecoveryCodes({ codes, message }: { codes: string[]; message: string }) {
  return (
    <AuthCard title="Save your recovery codes" subtitle={message}>
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your authentication app. They are shown only now: keep them somewhere
        safe, like a password manager.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
      >
        {codes.map((code) => (
          <li key={code}>
            <code className="font-mono text-base text-slate-900">{code}</code>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {/* A plain form (not fetch): the .txt answer is a download, and works without JavaScript. */}
        <form method="post" action="/account/recovery-codes.txt" className="sm:flex-1">
          {codes.map((code) => (
            <input key={code} type="hidden" name="code" value={code} />
          ))}
          <button
            type="submit"
            className="flex min-h-10 w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-700 hover:bg-slate-50"
          >
            Download
          </button>
        </form>
        <Link
          to={SECURITY_PAGE}
          className="flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow hover:bg-brand-700 sm:flex-1"
        >
          I have saved these codes
        </Link>
      </div>
    </AuthCard>
  );
}

export default function TwoFactorSetup() {
  const { view, passwordNeeded } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/account/two-factor") === true;

  if (result?.codes) return <RecoveryCodes codes={result.codes} message={result.message} />;
  if (!view) {
    return (
      <AuthCard title="Two-factor authentication" subtitle="Nothing is being set up right now.">
        <Link to={SECURITY_PAGE} className="font-semibold text-brand-700 hover:underline">
          Back to your account
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set up two-factor authentication"
      subtitle="Scan the QR code with your authentication app, then enter the 6-digit code it shows."
    >
      <div
        role="img"
        aria-label="QR code for your authentication app"
        className="mx-auto w-48 rounded-lg bg-white p-2 ring-1 ring-slate-200 [&>svg]:h-auto [&>svg]:w-full"
        // The SVG is made on the server by the qrcode library from our own otpauth URI.
        dangerouslySetInnerHTML={{ __html: view.qrSvg }}
      />
      <p className="mt-4 text-sm text-slate-600">Can&apos;t scan it? Enter this key in the app instead:</p>
      <code
        aria-label="Secret key"
        className="mt-1 block break-words rounded-lg bg-slate-50 px-3 py-2 text-center font-mono text-base tracking-wider text-slate-900 ring-1 ring-slate-200"
      >
        {view.groupedSecret}
      </code>
      <Form method="post" className="mt-6 space-y-4">
        <FormError id="setup-error" errors={result?.error ? [result.error] : undefined} />
        <input type="hidden" name="intent" value="confirm" />
        {passwordNeeded ? (
          <div>
            <label htmlFor="confirm-password" className="block text-sm font-medium text-slate-700">
              Current password
            </label>
            <input
              id="confirm-password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
        ) : null}
        <CodeField id="code" label="Authentication code" errorId={result?.error ? "setup-error" : undefined} />
        <SubmitButton pending={submitting} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={SECURITY_PAGE} className="font-medium text-brand-700 hover:underline">
          Cancel
        </Link>
      </p>
    </AuthCard>
  );
}
