import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { FormError } from "~/platform/ui/form-fields";
import { Button } from "~/platform/ui/button";
import { brandedTitle } from "~/platform/page-meta";
import { continueAfterEmailLink } from "~/features/catalogue/index.server";
import { signInLinkAccount, linkToken, spendSignInLink, issueDeviceCookie } from "~/features/accounts/index.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Sign in", matches),
  { name: "robots", content: "noindex" },
];

const LINK_UNUSABLE = "This sign-in link has expired or has already been used. Ask for a new one below.";

/**
 * The page an emailed sign-in link opens (decision 055): opening it changes nothing, so a mail
 * scanner that follows links does not use it up; its button (a POST) does. The button names the
 * account, masked ('Sign in as j•••@example.com'), so a stranger's own link opened by someone
 * else cannot sign them in to the stranger's account unnoticed (login CSRF; decision 069).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(new URL(request.url).searchParams);
  return { token: token ?? "", account: token === null ? null : await signInLinkAccount(token) };
}

/** Uses the link and continues as after a password: the second factor, then the usual destination. */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = linkToken(await request.formData());
  const verdict = await checkRateLimits([[RATE_LIMITS.signInLinkUsePerAddress, context.clientAddress ?? "unknown"]]);
  if (!verdict.allowed) return data({ error: verdict.message }, { status: 429 });
  const login = token ? await spendSignInLink(token) : null;
  if (!login) return data({ error: LINK_UNUSABLE }, { status: 400 });
  return continueAfterEmailLink(
    request,
    { userId: login.userId, isAdmin: login.isAdmin, redirectTo: login.redirectTo, specialAccess: false },
    // Like a password, the link proves this browser is the account's: it becomes a known device, which
    // the email's budgets from anyone (and the password ceiling) then let through (known-device.server).
    new Headers([["Set-Cookie", await issueDeviceCookie(login.userId)]]),
  );
}

export default function SignInWithLink() {
  const { token, account } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AuthCard title="Sign in" subtitle="Continue to your account with the link we emailed you.">
      <FormError id="sign-in-link-error" errors={result?.error ? [result.error] : undefined} />
      {account && !result?.error ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" block>
            Sign in as {account}
          </Button>
        </Form>
      ) : result?.error ? null : (
        <FormError id="sign-in-link-unusable" errors={[LINK_UNUSABLE]} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link
          to="/login/email-link"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          Email me a new sign-in link
        </Link>
      </p>
    </AuthCard>
  );
}
