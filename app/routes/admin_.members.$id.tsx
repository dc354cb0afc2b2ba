import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  AdminPage,
  AdminSection,
  Badge,
  EmptyNote,
  OUTBOX_STATUS_LABELS,
  StatusBadge,
  TableFrame,
  Cell,
} from "~/platform/ui/admin/admin-page";
import { MemberPrivacy } from "~/features/privacy";
import {
  dangerButton,
  inputClass,
  panelClass,
  primaryButton,
  secondaryButton,
} from "~/platform/ui/admin/form-controls";
import { siteOrigin } from "~/platform/site-origin";
import { formatDay, formatDayTime } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { requireAdmin, listActiveSessions, hasVerifiedFactor } from "~/features/accounts/index.server";
import { describeAccess, GRANT_REASON_MAX, parseGrantForm } from "~/features/members";
import { formatMoney } from "~/platform/money";
import {
  productLabel,
  SOURCE_LABELS,
  STATUS_LABELS,
  guaranteeOf,
  WARRIORPLUS_TRANSACTIONS_URL,
} from "~/features/billing";
import { isUuid } from "~/platform/uuid";
import { listAccessGrants, listEntitlements, catalogue } from "~/features/catalogue/index.server";
import { isCatalogueKey, PRODUCT_KEYS } from "~/features/catalogue";
import { listAuditFor } from "~/platform/audit.server";
import {
  getMember,
  grantComplimentaryAccess,
  grantProduct,
  removeTwoFactor,
  revokeComplimentaryAccess,
  revokeProductAccess,
  sendSignInLink,
  signOutEverywhere,
} from "~/features/members/index.server";
import { ordersOfUser, refundStripeOrder } from "~/features/billing/index.server";
import { listOutboxFor } from "~/platform/mail/outbox.server";
import { listCourseProgress } from "~/features/learning/index.server";
import { refundFactsOf, type RefundFacts } from "~/features/billing/index.server";
import { OrderRefund, type RefundView } from "~/features/billing";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member.email ?? "Member"} | Admin | AI Profit Labs` },
];

async function findMember(id: string | undefined) {
  const member = isUuid(id) ? await getMember(id) : null;
  if (!member) throw data("Member not found", { status: 404 });
  return member;
}

/** Everything about one member: access and its sources, orders, grants, sessions, emails, audit log. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const member = await findMember(params.id);
  const [
    { flash, headers },
    orders,
    grants,
    sessions,
    emails,
    activity,
    courses,
    twoFactor,
    entitlements,
    refundFacts,
  ] = await Promise.all([
    takeFlash(request),
    ordersOfUser(member.id),
    listAccessGrants(member.id),
    listActiveSessions(member.id),
    listOutboxFor(member.email, 50),
    listAuditFor(member.id),
    listCourseProgress(member.id, { includeDrafts: false }),
    hasVerifiedFactor(member.id),
    listEntitlements(member.id),
    refundFactsOf(member.id),
  ]);
  const now = new Date();
  return data(
    {
      flash,
      member: { ...member, ...describeAccess(member), twoFactor },
      orders: orders.map((order) => ({
        ...order,
        sourceLabel: SOURCE_LABELS[order.source],
        productLabel: productLabel(order.source, order.product, order.productName),
        amount: order.amountCents === null ? "—" : formatMoney(order.amountCents, order.currency),
        statusLabel: STATUS_LABELS[order.status],
        refund: refundView(order, refundFacts.get(order.id), now),
        paidOn: paidOnAnotherDay(order.createdAt, refundFacts.get(order.id)),
      })),
      grants,
      entitlements: entitlements.map((entitlement) => ({
        ...entitlement,
        sourceLabel: ENTITLEMENT_SOURCE_LABELS[entitlement.sourceKind],
        status: entitlement.active
          ? "Active"
          : entitlement.revokedAt
            ? `Revoked${entitlement.revokeReason ? `: ${entitlement.revokeReason}` : ""}`
            : "Expired",
      })),
      products: PRODUCT_KEYS.map((key) => ({
        key,
        name: catalogue()[key].name,
        owned: entitlements.some((entitlement) => entitlement.productKey === key && entitlement.active),
      })),
      sessions,
      emails,
      activity,
      // The published courses this member has opened at least one chapter of.
      progress: courses
        .filter((course) => course.viewed > 0)
        .map((course) => ({
          id: course.id,
          title: course.title,
          completed: course.completed,
          total: course.total,
          lastViewedAt: course.lastViewed?.at ?? null,
          certifiedAt: course.certificate?.completedAt ?? null,
        })),
    },
    { headers },
  );
}

/**
 * The day a card order was paid, when it is not the day its checkout started (a delayed payment,
 * a checkout left open): the guarantee runs from it, so the page says it beside the order's date.
 */
function paidOnAnotherDay(createdAt: Date, facts: RefundFacts | undefined): string | null {
  if (!facts?.paidAt) return null;
  const paidOn = formatDay(facts.paidAt);
  return paidOn === formatDay(createdAt) ? null : paidOn;
}

/**
 * The refund cell of an order (decision 055): only a completed payment can be refunded, and its
 * guarantee runs from when it was paid (migration 0023), not from when the checkout started.
 */
function refundView(
  order: { id: string; source: string; status: string; reference: string },
  facts: RefundFacts | undefined,
  now: Date,
): RefundView {
  if (order.status !== "completed") return { kind: "none" };
  if (order.source === "warriorplus")
    return { kind: "marketplace", saleUrl: WARRIORPLUS_TRANSACTIONS_URL, sale: order.reference };
  if (!facts) return { kind: "none" };
  if (!facts.hasPayment) return { kind: "free" };
  const guarantee = guaranteeOf(facts.paidAt, now);
  if (facts.requestedAt)
    return { kind: "requested", guarantee: guarantee.text, requestedOn: formatDay(facts.requestedAt) };
  return { kind: "stripe", orderId: order.id, guarantee: guarantee.text, guaranteeEnded: guarantee.ended };
}

type ActionFailure = { error: string; reason: string; expiresOn: string; product?: string };

const ENTITLEMENT_SOURCE_LABELS = {
  stripe_order: "Stripe order",
  stripe_subscription: "Stripe subscription",
  marketplace_order: "Marketplace order",
  grant: "Complimentary grant",
  lead_signup: "Lead signup",
  launch_bonus: "Launch bonus",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = await findMember(params.id);
  const form = await request.formData();
  const here = `/admin/members/${member.id}`;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };

  switch (field("intent")) {
    case "grant": {
      const input = { reason: field("reason"), expiresOn: field("expiresOn") };
      const parsed = parseGrantForm(input, new Date());
      if (!parsed.ok) return data<ActionFailure>({ error: parsed.error, ...input }, { status: 400 });
      await grantComplimentaryAccess(admin, member, parsed.value);
      const until = parsed.value.expiresAt ? ` through ${input.expiresOn.trim()}` : "";
      return redirectWithFlash(here, { kind: "success", message: `Complimentary access granted${until}.` });
    }
    case "revoke": {
      const revoked = await revokeComplimentaryAccess(admin, member);
      return redirectWithFlash(
        here,
        revoked
          ? { kind: "success", message: "Complimentary access revoked." }
          : { kind: "error", message: "This member has no active complimentary access to revoke." },
      );
    }
    case "grant-product":
    case "revoke-product": {
      const product = field("product");
      const input = { reason: field("reason"), expiresOn: field("expiresOn") };
      if (!isCatalogueKey(product))
        return redirectWithFlash(here, { kind: "error", message: "There is no such product: nothing was changed." });
      const parsed = parseGrantForm(input, new Date());
      if (!parsed.ok)
        return data<ActionFailure>(
          { error: parsed.error.replace(" for the complimentary access", ""), ...input, product },
          { status: 400 },
        );
      const name = catalogue()[product].name;
      if (field("intent") === "grant-product") {
        await grantProduct(admin, member, product, parsed.value);
        const until = parsed.value.expiresAt ? ` through ${input.expiresOn.trim()}` : "";
        return redirectWithFlash(here, { kind: "success", message: `${name} granted${until}.` });
      }
      const revoked = await revokeProductAccess(admin, member, product, parsed.value.reason);
      return redirectWithFlash(
        here,
        revoked
          ? { kind: "success", message: `${name} revoked.` }
          : { kind: "error", message: `This member does not own ${name}: nothing was revoked.` },
      );
    }
    case "refund": {
      const outcome = await refundStripeOrder(admin, member.id, {
        orderId: field("order"),
        reason: field("reason"),
        confirmedLate: field("confirmLate") === "yes",
      });
      return redirectWithFlash(
        here,
        outcome.ok
          ? { kind: "success", message: "Refund requested. Access ends when Stripe confirms." }
          : { kind: "error", message: outcome.message },
      );
    }
    case "send-link": {
      await sendSignInLink(admin, member, siteOrigin(env().PUBLIC_URL, request.url));
      return redirectWithFlash(here, { kind: "success", message: `Sign-in link sent to ${member.email}.` });
    }
    case "sign-out": {
      const count = await signOutEverywhere(admin, member);
      return redirectWithFlash(here, { kind: "success", message: `Signed out of all sessions (${count} ended).` });
    }
    case "remove-2fa": {
      const removed = await removeTwoFactor(admin, member);
      return redirectWithFlash(
        here,
        removed
          ? { kind: "success", message: "Two-factor authentication removed. The member was signed out everywhere." }
          : { kind: "error", message: "This member has no two-factor authentication to remove." },
      );
    }
    default:
      return redirectWithFlash(here, { kind: "error", message: "Unknown action." });
  }
}

const AUDIT_LABELS: Record<string, string> = {
  grant_complimentary: "Granted complimentary access",
  revoke_complimentary: "Revoked complimentary access",
  send_sign_in_link: "Sent a sign-in link",
  sign_out_sessions: "Signed out all sessions",
  retry_email: "Retried an email",
  remove_two_factor: "Removed two-factor authentication",
  grant_product: "Granted a product",
  add_member: "Added as a member",
  refund_order: "Refunded an order through Stripe",
  revoke_product: "Revoked a product",
  // The admin command's actions (actor "cli").
  promote_admin: "Made an admin (admin command)",
  demote_admin: "Admin rights taken away (admin command)",
  reset_password: "Set a new password (admin command)",
  // The owner of the address took the account over with a claim link (actor "claim link").
  claim_account: "Taken over by the owner of its address (claim link)",
  export_data: "Exported the member's data",
  // The member's own change (actor "member").
  change_email: "Changed their email address",
};

function describeDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details.product === "string") parts.push(`Product: ${details.product}`);
  if (typeof details.order === "string") parts.push(`Order: ${details.order}`);
  if (typeof details.reason === "string") parts.push(`Reason: ${details.reason}`);
  if (typeof details.expiresAt === "string") parts.push(`expires on ${lastDay(details.expiresAt)}`);
  if (typeof details.sessions === "number") parts.push(`${details.sessions} session(s) ended`);
  if (typeof details.from === "string") parts.push(`from ${details.from}`);
  if (typeof details.to === "string") parts.push(`to ${details.to}`);
  return parts.join(", ");
}

/** The last day a grant still gives access ('Expires on'): the day before the moment it ends. */
const lastDay = (expiresAt: string | Date) => formatDay(new Date(new Date(expiresAt).getTime() - 1));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** "Complimentary ({reason}) until {date}" for each distinct active grant (decision 055). */
function ComplimentaryFact({
  grants,
}: {
  grants: ReadonlyArray<{ active: boolean; reason: string; expiresAt: string | Date | null }>;
}) {
  const lines = [
    ...new Set(
      grants
        .filter((grant) => grant.active)
        .map((grant) =>
          grant.expiresAt
            ? `Complimentary (${grant.reason}) until ${lastDay(grant.expiresAt)}`
            : `Complimentary (${grant.reason}), no end date`,
        ),
    ),
  ];
  if (lines.length === 0) return null;
  return (
    <Fact label="Complimentary">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </Fact>
  );
}

export default function AdminMember() {
  const { flash, member, orders, grants, entitlements, products, sessions, emails, activity, progress } =
    useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as ActionFailure | undefined;
  const activeGrant = grants.some((grant) => grant.active);

  return (
    <AdminPage
      title={member.email}
      flash={flash}
      actions={
        <Link to="/admin/members" className={secondaryButton}>
          All members
        </Link>
      }
    >
      <section aria-label="Access" className={panelClass}>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Name">{member.name || "—"}</Fact>
          <Fact label="Access">
            <StatusBadge label={member.access} />
          </Fact>
          <Fact label="Where it comes from">
            {member.sources.length ? (
              <span className="flex flex-wrap gap-1">
                {member.sources.map((source) => (
                  <Badge key={source} tone="blue">
                    {source}
                  </Badge>
                ))}
                {member.isAdmin ? <Badge tone="slate">Admin</Badge> : null}
              </span>
            ) : (
              member.source
            )}
          </Fact>
          <Fact label="Joined">{formatDay(member.createdAt)}</Fact>
          <Fact label="Two-factor">{member.twoFactor ? "On" : "Off"}</Fact>
          <ComplimentaryFact grants={grants} />
        </dl>
      </section>

      <AdminSection title="Actions">
        <div className="grid gap-4 lg:grid-cols-2">
          {/* Keyed by the number of grants, so a successful grant leaves an empty form behind. */}
          <Form method="post" className={panelClass} key={grants.length} aria-labelledby="grant-complimentary">
            <h3 id="grant-complimentary" className="font-semibold">
              Grant complimentary access
            </h3>
            <input type="hidden" name="intent" value="grant" />
            {failure && !failure.product ? (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
              >
                {failure.error}
              </p>
            ) : null}
            <label className="block text-sm font-medium text-slate-700">
              Reason
              <textarea
                name="reason"
                required
                maxLength={GRANT_REASON_MAX}
                rows={2}
                defaultValue={failure?.product ? "" : (failure?.reason ?? "")}
                className={inputClass}
              />
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Expires on <span className="font-normal text-slate-500">(optional, last day of access)</span>
              <input
                type="date"
                name="expiresOn"
                defaultValue={failure?.product ? "" : (failure?.expiresOn ?? "")}
                className={inputClass}
              />
            </label>
            <button type="submit" className={primaryButton}>
              Grant complimentary access
            </button>
          </Form>
          <div className={panelClass}>
            <h3 className="font-semibold">Account</h3>
            <div className="flex flex-wrap gap-2">
              {activeGrant ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <button type="submit" className={dangerButton}>
                    Revoke complimentary access
                  </button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="send-link" />
                <button type="submit" className={secondaryButton}>
                  Send sign-in link
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out" />
                <button type="submit" className={secondaryButton}>
                  Sign out all sessions
                </button>
              </Form>
              {member.twoFactor ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-2fa" />
                  <button type="submit" className={dangerButton}>
                    Remove two-factor
                  </button>
                </Form>
              ) : null}
            </div>
            <p className="text-sm text-slate-600">
              The sign-in link lets the member choose a password; it works once and expires in 24 hours.
            </p>
            {member.twoFactor ? (
              <p className="text-sm text-slate-600">
                Remove two-factor is for a member who lost their authentication app and recovery codes: check who is
                asking first. It signs the member out everywhere and emails them.
              </p>
            ) : null}
          </div>
        </div>
      </AdminSection>

      <AdminSection title="Products">
        {failure?.product ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {failure.error}
          </p>
        ) : null}
        {entitlements.length === 0 ? (
          <EmptyNote>No products yet.</EmptyNote>
        ) : (
          <TableFrame label="Entitlements">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Source</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {entitlements.map((entitlement) => (
                <tr key={entitlement.id}>
                  <Cell label="Product">{entitlement.productName}</Cell>
                  <Cell label="Source">{entitlement.sourceLabel}</Cell>
                  <Cell label="Date" className="whitespace-nowrap">
                    {formatDay(entitlement.grantedAt)}
                  </Cell>
                  <Cell label="Status">{entitlement.status}</Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
        <div className="grid gap-4 lg:grid-cols-2">
          {products.map((product) => (
            <Form
              key={`${product.key}-${product.owned}`}
              method="post"
              className={panelClass}
              aria-label={`${product.owned ? "Revoke" : "Grant"} ${product.name}`}
            >
              <h3 className="font-semibold">
                {product.name} {product.owned ? <Badge tone="green">Owned</Badge> : null}
              </h3>
              <input type="hidden" name="product" value={product.key} />
              <label className="block text-sm font-medium text-slate-700">
                Reason
                <input name="reason" required maxLength={GRANT_REASON_MAX} className={inputClass} />
              </label>
              {product.owned ? null : (
                <label className="block text-sm font-medium text-slate-700">
                  Expires on <span className="font-normal text-slate-500">(optional, last day of access)</span>
                  <input type="date" name="expiresOn" className={inputClass} />
                </label>
              )}
              <button
                type="submit"
                name="intent"
                value={product.owned ? "revoke-product" : "grant-product"}
                className={product.owned ? dangerButton : primaryButton}
              >
                {product.owned ? "Revoke" : "Grant"}
              </button>
            </Form>
          ))}
        </div>
      </AdminSection>

      <AdminSection title="Orders">
        {orders.length === 0 ? (
          <EmptyNote>No orders.</EmptyNote>
        ) : (
          <TableFrame label="Orders">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Product</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Refunded</th>
                <th scope="col">Reference</th>
                <th scope="col">Affiliate</th>
                <th scope="col">Refund</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <Cell label="Date" className="whitespace-nowrap">
                    {formatDay(order.createdAt)}
                    {order.paidOn ? <span className="block text-xs text-slate-500">Paid {order.paidOn}</span> : null}
                  </Cell>
                  <Cell label="Product">
                    {order.productLabel}
                    <span className="block text-xs text-slate-500">{order.sourceLabel}</span>
                  </Cell>
                  <Cell label="Amount" className="whitespace-nowrap">
                    {order.amount}
                  </Cell>
                  <Cell label="Status">
                    <StatusBadge label={order.statusLabel} />
                  </Cell>
                  <Cell label="Refunded" className="whitespace-nowrap">
                    {order.refundedAt ? formatDay(order.refundedAt) : "—"}
                  </Cell>
                  <Cell label="Reference" className="sm:max-w-[14rem] break-all font-mono text-xs">
                    <span className="sr-only">{order.source === "stripe" ? "Checkout session " : "Sale "}</span>
                    {order.reference}
                    <Link
                      to={`/account/purchases/${order.id}`}
                      className="mt-1 block font-sans text-brand-700 underline"
                    >
                      Receipt
                    </Link>
                  </Cell>
                  <Cell label="Affiliate">{order.affiliateId ?? "—"}</Cell>
                  <Cell label="Refund" className="sm:min-w-[14rem]">
                    <OrderRefund refund={order.refund} />
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Complimentary grants">
        {grants.length === 0 ? (
          <EmptyNote>No complimentary grants.</EmptyNote>
        ) : (
          <TableFrame label="Complimentary grants">
            <thead>
              <tr>
                <th scope="col">Granted</th>
                <th scope="col">Reason</th>
                <th scope="col">Expires on</th>
                <th scope="col">State</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {grants.map((grant) => (
                <tr key={grant.id}>
                  <Cell label="Granted" className="whitespace-nowrap">
                    {formatDay(grant.createdAt)}
                  </Cell>
                  <Cell label="Reason">{grant.reason}</Cell>
                  <Cell label="Expires on" className="whitespace-nowrap">
                    {grant.expiresAt ? lastDay(grant.expiresAt) : "Never"}
                  </Cell>
                  <Cell label="State">
                    {grant.active ? (
                      <Badge tone="green">Active</Badge>
                    ) : grant.revokedAt ? (
                      <Badge tone="red">Revoked {formatDay(grant.revokedAt)}</Badge>
                    ) : (
                      <Badge tone="slate">Expired</Badge>
                    )}
                  </Cell>
                  <Cell label="By" className="break-all">
                    {grant.grantedBy ?? "—"}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Active sessions">
        {sessions.length === 0 ? (
          <EmptyNote>No active sessions.</EmptyNote>
        ) : (
          <TableFrame label="Active sessions">
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Expires</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session, index) => (
                <tr key={index}>
                  <Cell label="Signed in" className="whitespace-nowrap">
                    {formatDayTime(session.createdAt)}
                  </Cell>
                  <Cell label="Expires" className="whitespace-nowrap">
                    {formatDay(session.expiresAt)}
                  </Cell>
                  <Cell label="Browser" className="wrap-anywhere">
                    {session.userAgent ?? "—"}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Course progress">
        {progress.length === 0 ? (
          <EmptyNote>No progress recorded.</EmptyNote>
        ) : (
          <TableFrame label="Course progress">
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Chapters completed</th>
                <th scope="col">Last viewed</th>
                <th scope="col">Certificate</th>
              </tr>
            </thead>
            <tbody>
              {progress.map((course) => (
                <tr key={course.id}>
                  <Cell label="Course">{course.title}</Cell>
                  <Cell label="Chapters completed" className="tabular-nums">
                    {course.completed} of {course.total}
                  </Cell>
                  <Cell label="Last viewed" className="whitespace-nowrap">
                    {course.lastViewedAt ? formatDayTime(course.lastViewedAt) : "—"}
                  </Cell>
                  <Cell label="Certificate">
                    {course.certifiedAt ? `Completed ${formatDay(course.certifiedAt)}` : "—"}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Emails">
        {emails.length === 0 ? (
          <EmptyNote>No emails sent to this member.</EmptyNote>
        ) : (
          <TableFrame label="Emails">
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <tr key={email.id}>
                  <Cell label="Queued" className="whitespace-nowrap">
                    {formatDayTime(email.createdAt)}
                  </Cell>
                  <Cell label="Subject">
                    <Link
                      to={`/admin/emails/${email.id}`}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      {email.subject}
                    </Link>
                  </Cell>
                  <Cell label="Status">
                    <StatusBadge label={OUTBOX_STATUS_LABELS[email.status]} />
                  </Cell>
                  <Cell label="Attempts">{email.attempts}</Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Activity log">
        {activity.length === 0 ? (
          <EmptyNote>No admin has acted on this member yet.</EmptyNote>
        ) : (
          <TableFrame label="Activity log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {activity.map((entry) => (
                <tr key={entry.id}>
                  <Cell label="When" className="whitespace-nowrap">
                    {formatDayTime(entry.createdAt)}
                  </Cell>
                  <Cell label="Admin" className="break-all">
                    {entry.adminEmail}
                  </Cell>
                  <Cell label="Action">{AUDIT_LABELS[entry.action] ?? entry.action}</Cell>
                  <Cell label="Details">{describeDetails(entry.details)}</Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <MemberPrivacy memberId={member.id} email={member.email} />
    </AdminPage>
  );
}
