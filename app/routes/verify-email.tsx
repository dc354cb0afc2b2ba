import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { FormError, SubmitButton } from "~/platform/ui/form-fields";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { isVerificationTokenUsable, linkToken, verifyEmail, getSessionUser } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Confirm your email", matches),
  { name: "robots", content: "noindex" },
];

const LINK_UNUSABLE = "This link has expired or has already been used.";
const CONFIRMED = "Thank you: your email address is confirmed.";

/** GET only shows the confirmation button: a GET never changes anything (mail scanners follow links). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(new URL(request.url).searchParams);
  return { token: token ?? "", usable: token !== null && (await isVerificationTokenUsable(token)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const verdict = await checkRateLimits([[RATE_LIMITS.emailVerifyPerAddress, context.clientAddress ?? "unknown"]]);
  if (!verdict.allowed) return data({ ok: false, message: verdict.message }, { status: 429 });
  const token = linkToken(await request.formData());
  // Signed in to the account, the click also proves that whoever holds the password reads the
  // mail (decision 048); anywhere else it proves the address alone.
  const sessionUserId = (await getSessionUser(request))?.id ?? null;
  if (!token || !(await verifyEmail(token, sessionUserId)))
    return data({ ok: false, message: LINK_UNUSABLE }, { status: 400 });
  return { ok: true, message: CONFIRMED };
}

export default function VerifyEmail() {
  const { token, usable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/verify-email") === true;

  return (
    <AuthCard title="Confirm your email" subtitle="One click confirms that this address belongs to your account.">
      {result?.ok ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          {result.message}
        </p>
      ) : usable ? (
        <Form method="post" className="space-y-4">
          <FormError id="verify-error" errors={result ? [result.message] : undefined} />
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending={submitting} pendingLabel="Confirming...">
            Confirm my email address
          </SubmitButton>
        </Form>
      ) : (
        <FormError id="verify-error" errors={[result?.message ?? LINK_UNUSABLE]} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
