import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { findMemberOr404, memberIdOr404 } from "~/features/members/index.server";
import { firstError } from "~/platform/forms/submission-errors";
import { refundFormSchema } from "~/features/members/member-forms";
import { memberPagePath } from "~/features/members/member-pages";
import { memberOrders, refundStripeOrder } from "~/features/billing/index.server";
import { MemberOrders } from "~/features/billing/member-orders";

/**
 * 'Orders and refunds' (/admin/members/{id}/orders): the member's orders from both sources, each
 * with its refund: a card order's 'Refund' form, a marketplace order's link to WarriorPlus.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { orders: await memberOrders(memberIdOr404(params.id)) };
}

/** 'Refund' (decision 055): Stripe refunds the payment; the access ends when Stripe confirms. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = await findMemberOr404(params.id);
  const submission = parseWithZod(await request.formData(), { schema: refundFormSchema });
  const here = memberPagePath(member.id, "orders");
  if (submission.status !== "success")
    return redirectWithFlash(here, { kind: "error", message: firstError(submission.error) });
  const { order, reason, confirmLate } = submission.value;
  const outcome = await refundStripeOrder(admin, member.id, { orderId: order, reason, confirmedLate: confirmLate });
  return redirectWithFlash(
    here,
    outcome.ok
      ? { kind: "success", message: "Refund requested. Access ends when Stripe confirms." }
      : { kind: "error", message: outcome.message },
  );
}

export default function MemberOrdersPage() {
  const { orders } = useLoaderData<typeof loader>();
  return <MemberOrders orders={orders} />;
}
