import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/platform/ui/auth-card";
import { FormError, SubmitButton } from "~/platform/ui/form-fields";
import { accountDeletedResponse, linkToken } from "~/features/accounts/index.server";
import { DELETION_LINK_UNUSABLE, deletionLinkAccount, eraseAccountByLink } from "~/features/privacy/index.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Delete your account", matches),
  { name: "robots", content: "noindex" },
];

/** GET only shows the button (mail scanners follow links; a GET never changes anything). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(new URL(request.url).searchParams);
  return { token: token ?? "", account: token ? await deletionLinkAccount(token) : null };
}

/**
 * The link mailed by 'Delete my account' for an account without a password (issue 29, decision
 * 056): using it erases the account, as 'Delete my account' does with a password.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const verdict = await checkRateLimits([[RATE_LIMITS.emailVerifyPerAddress, context.clientAddress ?? "unknown"]]);
  if (!verdict.allowed) return data({ message: verdict.message }, { status: 429 });
  const token = linkToken(await request.formData());
  if (!token) return data({ message: DELETION_LINK_UNUSABLE }, { status: 400 });
  const result = await eraseAccountByLink(token);
  return result.ok ? accountDeletedResponse() : data({ message: result.message }, { status: 400 });
}

export default function DeleteAccount() {
  const { token, account } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/account/delete") === true;
  return (
    <AuthCard
      title="Delete your account"
      subtitle="Your orders stay for accounting under a pseudonym; everything else about you goes."
    >
      {account && !failure ? (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">
            The account <strong className="break-all font-semibold text-slate-900">{account}</strong> will be deleted
            for good. This cannot be undone.
          </p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending={submitting} pendingLabel="Deleting...">
            Delete my account for good
          </SubmitButton>
        </Form>
      ) : (
        <FormError id="delete-error" errors={[failure?.message ?? DELETION_LINK_UNUSABLE]} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          Back to the home page
        </Link>
      </p>
    </AuthCard>
  );
}
