import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentReturn } from "~/features/billing/payment-return";
import { getSessionUser } from "~/features/accounts/index.server";
import { fulfilReturnedSession } from "~/features/billing/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Payment Successful!", matches),
  { name: "robots", content: "noindex" },
];

/**
 * Fulfils the session Stripe sent the buyer back with (from Stripe's own record of it), so the
 * dashboard opens on the very next request, whether or not the webhook has arrived yet. Only for
 * a signed-in visitor (the buyer is): anonymous hits cost no call to Stripe; the webhook remains.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const state = user ? await fulfilReturnedSession(new URL(request.url).searchParams.get("session_id"), user.id) : null;
  return { state };
}

const MESSAGES = {
  completed: "Thank you for your purchase. Your lifetime access is active.",
  pending:
    "Thank you for your purchase. Your payment is still being processed; your access starts as soon as it clears.",
  unknown: "Thank you for your purchase. Your access will be ready in a moment.",
} as const;

export default function Success() {
  const { state } = useLoaderData<typeof loader>();
  const message = state === "completed" || state === "pending" ? MESSAGES[state] : MESSAGES.unknown;
  return (
    <PaymentReturn title="Payment Successful!" tone="success">
      <p>{message}</p>
    </PaymentReturn>
  );
}
