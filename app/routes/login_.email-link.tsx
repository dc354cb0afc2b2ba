import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { EmailLinkForm } from "~/features/accounts/email-link-form";
import { SIGN_IN_LINK_MINUTES } from "~/features/accounts/emails";
import { emailLinkSchema } from "~/features/accounts/auth-forms";
import { env } from "~/platform/env.server";
import { brandedTitle } from "~/platform/page-meta";
import { siteOrigin } from "~/platform/site-origin";
import { requestSignInLink, getSessionUser } from "~/features/accounts/index.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { log } from "~/platform/log.server";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Email me a sign-in link", matches)];

/** The one answer, whether or not the address has an account and whatever its budget (decision 055). */
export const LINK_ON_ITS_WAY = "If an account exists, a link is on its way.";

/**
 * 'Email me a sign-in link' (docs/product.md §2, decision 055). Only the per-client-address limit
 * is refused visibly: it does not depend on the email. The per-email budgets drop the mail
 * silently inside requestSignInLink.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // The reply keeps what was typed, so a page without JavaScript shows it again (the same for every address).
  const submission = parseWithZod(await request.formData(), { schema: emailLinkSchema });
  if (submission.status !== "success") return data({ reply: submission.reply(), sent: false }, { status: 400 });
  const client = context.clientAddress ?? "unknown";
  const verdict = await checkRateLimits([[RATE_LIMITS.signInLinkPerAddress, client]]);
  if (!verdict.allowed)
    return data({ reply: submission.reply({ formErrors: [verdict.message] }), sent: false }, { status: 429 });
  try {
    await requestSignInLink(
      submission.value.email,
      siteOrigin(env().PUBLIC_URL, request.url),
      // The owner's own browser (a device cookie of the account, or signed in to it) gets past the email's budget from anyone.
      {
        clientAddress: client,
        cookieHeader: request.headers.get("Cookie"),
        signedInUserId: (await getSessionUser(request))?.id ?? null,
      },
      submission.value.redirect ?? null,
    );
  } catch (error) {
    log.error({ err: error }, "sign-in link request failed");
    return data({ reply: submission.reply({ formErrors: ["An error occurred"] }), sent: false }, { status: 500 });
  }
  return { reply: submission.reply(), sent: true };
}

export default function EmailLinkPage() {
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Sign in by email" subtitle="We email you a link that signs you in, no password needed.">
      {result?.sent ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800"
        >
          {LINK_ON_ITS_WAY} It works once and expires in {SIGN_IN_LINK_MINUTES} minutes. Check your spam folder if it
          does not arrive within a few minutes.
        </p>
      ) : null}
      <div className="mt-4">
        <EmailLinkForm redirectTo={searchParams.get("redirect") ?? undefined} lastResult={result?.reply} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Know your password?{" "}
        <Link to="/login" className="tap-inline font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
