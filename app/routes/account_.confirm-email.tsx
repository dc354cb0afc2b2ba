import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { FormError, SubmitButton } from "~/platform/ui/form-fields";
import {
  confirmEmailChange,
  findEmailChange,
  currentSessionIdHash,
  getSessionUser,
  linkToken,
} from "~/features/accounts/index.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Confirm your new email", matches),
  { name: "robots", content: "noindex" },
];

const LINK_UNUSABLE = "This link has expired or has already been used.";
/** GET only shows the button (mail scanners follow links; a GET never changes anything). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(new URL(request.url).searchParams);
  const change = token ? await findEmailChange(token) : null;
  return { token: token ?? "", newEmail: change?.newEmail ?? null };
}

/**
 * The link itself proves the new address; it works signed in or not, on any device. Signed in to
 * the account, it also proves that whoever holds the password reads that mail (decision 048).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const verdict = await checkRateLimits([[RATE_LIMITS.emailVerifyPerAddress, context.clientAddress ?? "unknown"]]);
  if (!verdict.allowed) return data({ ok: false, message: verdict.message }, { status: 429 });
  const token = linkToken(await request.formData());
  if (!token) return data({ ok: false, message: LINK_UNUSABLE }, { status: 400 });
  const [sessionUser, sessionIdHash] = await Promise.all([getSessionUser(request), currentSessionIdHash(request)]);
  const result = await confirmEmailChange(token, { userId: sessionUser?.id ?? null, sessionIdHash });
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function ConfirmEmailChange() {
  const { token, newEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/account/confirm-email") === true;

  return (
    <AuthCard
      title="Confirm your new email"
      subtitle={newEmail ? `Your account will use ${newEmail} from now on.` : undefined}
    >
      {result?.ok ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
          {result.message}
        </p>
      ) : newEmail ? (
        <Form method="post" className="space-y-4">
          <FormError id="confirm-error" errors={result ? [result.message] : undefined} />
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending={submitting} pendingLabel="Confirming...">
            Confirm my new email address
          </SubmitButton>
        </Form>
      ) : (
        <FormError id="confirm-error" errors={[result?.message ?? LINK_UNUSABLE]} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/account" className="font-semibold text-brand-700 hover:underline">
          Go to your account
        </Link>
      </p>
    </AuthCard>
  );
}
