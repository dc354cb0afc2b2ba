import { data } from "@remix-run/node";
import { isUuid } from "~/platform/uuid";
import { listAuditFor } from "~/platform/audit.server";
import { listOutboxFor } from "~/platform/mail/outbox.server";
import { listAccessGrants, listEntitlements, catalogue } from "~/features/catalogue/index.server";
import { PRODUCT_KEYS } from "~/features/catalogue";
import { listCourseProgress } from "~/features/learning/index.server";
import { listActiveSessions, hasVerifiedFactor } from "~/features/accounts/index.server";
import { describeAccess } from "./member-admin";
import { getMember } from "./member-store.server";

/**
 * What the admin member pages load and do (docs/product.md "Admin: members"): the layout's
 * member, each concern page's own data, and the profile page's access actions.
 */

/** The member a page is about; a 404 for an id that is not one or names nobody. */
export async function findMemberOr404(id: string | undefined) {
  const member = isUuid(id) ? await getMember(id) : null;
  if (!member) throw data("Member not found", { status: 404 });
  return member;
}

/** The layout's header: the member, their access and where it comes from. */
export async function memberHeader(id: string | undefined) {
  const member = await findMemberOr404(id);
  return { ...member, ...describeAccess(member) };
}

export type MemberHeader = Awaited<ReturnType<typeof memberHeader>>;

/**
 * A concern page's member id. Its loader runs beside the layout's, which answers 404 for a member
 * who does not exist; an id that is not one is refused here before it reaches a query.
 */
export function memberIdOr404(id: string | undefined): string {
  if (!isUuid(id)) throw data("Member not found", { status: 404 });
  return id;
}

const ENTITLEMENT_SOURCE_LABELS = {
  stripe_order: "Stripe order",
  stripe_subscription: "Stripe subscription",
  marketplace_order: "Marketplace order",
  grant: "Complimentary grant",
  lead_signup: "Lead signup",
  launch_bonus: "Launch bonus",
} as const;

/** The profile and access page: two-factor, grants, products, course progress and the activity log. */
export async function memberProfile(memberId: string) {
  const [grants, entitlements, courses, activity, twoFactor] = await Promise.all([
    listAccessGrants(memberId),
    listEntitlements(memberId),
    listCourseProgress(memberId, { includeDrafts: false }),
    listAuditFor(memberId),
    hasVerifiedFactor(memberId),
  ]);
  return {
    twoFactor,
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
  };
}

/** The sign-in help page: whether two-factor is on, the active sessions and the emails sent to the address. */
export async function memberSignInHelp(member: { id: string; email: string }) {
  const [twoFactor, sessions, emails] = await Promise.all([
    hasVerifiedFactor(member.id),
    listActiveSessions(member.id),
    listOutboxFor(member.email, 50),
  ]);
  return { twoFactor, sessions, emails };
}
