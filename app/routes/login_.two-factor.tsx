import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { CodeField } from "~/platform/ui/code-field";
import { FormError, SubmitButton } from "~/platform/ui/form-fields";
import { safeRedirect } from "~/platform/safe-redirect";
import { CHALLENGE_ENDED, readTypedCode } from "~/features/accounts/two-factor-rules";
import { twoFactorChallengeSchema } from "~/features/accounts/auth-forms";
import {
  passwordVerifiedAt,
  countUnusedRecoveryCodes,
  findUserById,
  currentSessionIdHash,
  getSessionUser,
  startSession,
  answerChallenge,
  clearChallengeCookie,
  readChallenge,
  stepUp,
} from "~/features/accounts/index.server";
import { completeLogin, homeFor } from "~/features/catalogue/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Two-factor authentication", matches),
  { name: "robots", content: "noindex" },
];

/**
 * The code step. Two ways in: a correct password for an account with a factor (the
 * half-signed-in cookie; no session exists yet), or a signed-in aal1 session of such an account
 * that needs aal2 (an admin opening /admin). Anyone else has nothing to do here.
 */
async function whoIsAsked(request: Request) {
  const challenge = await readChallenge(request);
  if (challenge) return { mode: "login" as const, userId: challenge.userId };
  const user = await getSessionUser(request);
  if (user?.hasTwoFactor && user.aal !== "aal2") return { mode: "step-up" as const, userId: user.id, user };
  return { mode: "none" as const, user };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = await whoIsAsked(request);
  if (asked.mode === "none") {
    if (asked.user)
      throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect"), homeFor(asked.user)));
    // No redirect: this loader also runs after the action that ended the challenge, whose message must show.
    return { mode: asked.mode, recoveryCodesLeft: 0 };
  }
  return { mode: asked.mode, recoveryCodesLeft: await countUnusedRecoveryCodes(asked.userId) };
}

export async function action({ request }: ActionFunctionArgs) {
  // Every field is optional and free text: what is wrong with a code is the code step's own message.
  const submission = parseWithZod(await request.formData(), { schema: twoFactorChallengeSchema });
  const form = submission.status === "success" ? submission.value : {};
  const typed = readTypedCode(form.code);
  const asked = await whoIsAsked(request);

  if (asked.mode === "step-up") {
    const current = (await currentSessionIdHash(request)) ?? "";
    const result = await stepUp(asked.userId, current, typed);
    if (!result.ok) return data({ error: result.message, ended: false }, { status: 400 });
    // A new session id at the new level: a privilege change never keeps the old id (nor extends
    // when the password was last proved).
    const target = safeRedirect(form.redirect, homeFor(asked.user));
    return startSession(request, asked.userId, target, {
      aal: "aal2",
      passwordVerifiedAt: await passwordVerifiedAt(current),
    });
  }

  const answer = await answerChallenge(request, typed);
  if (!answer.ok) {
    const headers = new Headers();
    if (answer.ended) headers.append("Set-Cookie", await clearChallengeCookie());
    return data({ error: answer.message, ended: answer.ended }, { status: answer.ended ? 401 : 400, headers });
  }
  const user = await findUserById(answer.challenge.userId);
  if (!user) return data({ error: CHALLENGE_ENDED, ended: true }, { status: 401 });
  const headers = new Headers([["Set-Cookie", await clearChallengeCookie()]]);
  return completeLogin(
    request,
    {
      userId: user.id,
      isAdmin: user.isAdmin,
      redirectTo: answer.challenge.redirectTo,
      specialAccess: answer.challenge.specialAccess,
    },
    // The password was typed when the challenge began (unless an emailed link began it: decision 055).
    {
      headers,
      aal: "aal2",
      passwordVerifiedAt: answer.challenge.passwordTyped ? answer.challenge.createdAt : null,
    },
  );
}

export default function TwoFactorChallenge() {
  const { mode, recoveryCodesLeft } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login/two-factor") === true;

  if (result?.ended || mode === "none") {
    return (
      <AuthCard title="Two-factor authentication">
        <FormError id="challenge-error" errors={[result?.error ?? CHALLENGE_ENDED]} />
        <Link
          to="/login"
          className="mt-6 flex min-h-10 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow hover:bg-brand-700"
        >
          Sign in again
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Two-factor authentication"
      subtitle={
        mode === "step-up"
          ? "This page needs a second check. Enter the 6-digit code from your authentication app."
          : "Enter the 6-digit code from your authentication app to finish signing in."
      }
    >
      <Form method="post" className="space-y-4">
        <FormError id="challenge-error" errors={result ? [result.error] : undefined} />
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
        <CodeField id="code" label="Authentication code" errorId={result ? "challenge-error" : undefined} />
        <SubmitButton pending={submitting} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-slate-600">
        Lost your device? Enter one of your recovery codes instead.{" "}
        <strong className="font-semibold text-slate-800">
          {recoveryCodesLeft === 1 ? "1 recovery code remains." : `${recoveryCodesLeft} recovery codes remain.`}
        </strong>
      </p>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Sign in as someone else
        </Link>
      </p>
    </AuthCard>
  );
}
