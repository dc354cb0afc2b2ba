import { redirect } from "@remix-run/node";
import { STARTER_PRODUCT } from "~/features/catalogue/catalogue";
import type { SessionUser } from "~/features/accounts/index.server";

import {
  passAdminRule,
  requireUser,
  ADMIN_NEEDS_FACTOR_FOR_TRAINING,
  hasAdminRights,
} from "~/features/accounts/index.server";
import { type AttachmentRecord } from "~/features/files/index.server";
import { LOCKED_PARAM } from "~/features/catalogue/locked-tools";

/** Who is asking: the session's user, as far as access depends on it. */
export type Viewer = Pick<SessionUser, "id" | "isAdmin" | "hasTwoFactor" | "aal" | "products">;

/**
 * A paid member, or an admin whose session holds admin rights (docs/product.md §6): other users
 * are sent to the plan page. An admin who has not paid and whose session has not passed the admin
 * rule yet is sent to pass it (the code step, or /account/security to set up a factor), as for /admin.
 */
export async function requirePaidMember(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.hasPaid) return user;
  if (!user.isAdmin) throw redirect("/payment-options");
  await passAdminRule(request, user, ADMIN_NEEDS_FACTOR_FOR_TRAINING);
  return user;
}

/**
 * The training area's door (issue 27): a paid member, an owner of the free starter product (a
 * lead who made an account: the starter courses and the idea generator, the paid courses shown
 * locked), or an admin as requirePaidMember lets in. Pages that sell the membership's own tools
 * (the app builder, the bonuses) keep requirePaidMember.
 */
export async function requireTrainingAccess(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (opensTraining(user)) return user;
  return requirePaidMember(request);
}

/**
 * Whether the training area has something for this user without admin rights: a paid member, or
 * an owner of the starter product (its courses open, the paid ones shown locked).
 */
export function opensTraining(user: Pick<SessionUser, "hasPaid" | "products">): boolean {
  return user.hasPaid || user.products.includes(STARTER_PRODUCT);
}

/**
 * Where a signed-in user belongs by default: the training area for an admin, a paid member or a
 * starter owner (docs/product.md §4 "Login flow"), else the plan page.
 */
export function homeFor(user: Pick<SessionUser, "isAdmin" | "hasPaid" | "products">): string {
  return user.isAdmin || opensTraining(user) ? "/dashboard" : "/payment-options";
}

/**
 * THE rule of who may open a course (decision 051), which everything course-related asks: an
 * admin, or a member who owns the product the course names ('Who can open this course'); a
 * 'starter' course opens for the membership as well. A starter-only account (a lead, decision 054)
 * sees the other courses locked.
 */
export function mayOpenCourse(user: Viewer, course: { requiredProduct: string }): boolean {
  if (mayUseProduct(user, course.requiredProduct)) return true;
  // The starter courses are part of the membership too (a buyer who never was a lead).
  return course.requiredProduct === STARTER_PRODUCT && user.products.includes("membership");
}

/** Whether what a product unlocks (a course, the early-bird download) is open to this session. */
export function mayUseProduct(user: Viewer, productKey: string): boolean {
  return hasAdminRights(user) || user.products.includes(productKey);
}

/**
 * Who may download a chapter's file: whoever may open its course (mayOpenCourse, as a paid
 * member: /course/{id} requires one) and see its chapter (published, or a draft for an admin).
 */
export async function mayDownloadAttachment(
  user: Viewer & Pick<SessionUser, "hasPaid">,
  attachment: Pick<AttachmentRecord, "courseStatus" | "chapterStatus" | "requiredProduct">,
): Promise<boolean> {
  if (hasAdminRights(user)) return true;
  const published = attachment.courseStatus === "published" && attachment.chapterStatus === "published";
  return user.hasPaid && published && mayOpenCourse(user, attachment);
}

/**
 * Who may see a course's image (issue 30): whoever may open the course (mayOpenCourse, as a paid
 * member), a published course; an admin always. An image belongs to its course, not a chapter:
 * its address is a random id, shown only inside the course's chapters.
 */
export function mayViewImage(
  user: Viewer & Pick<SessionUser, "hasPaid">,
  image: { courseStatus: string; requiredProduct: string },
): boolean {
  if (hasAdminRights(user)) return true;
  return user.hasPaid && image.courseStatus === "published" && mayOpenCourse(user, image);
}

/** Where a locked course sends its member: the upgrades page, told which product unlocks it. */
export function lockedCourseHref(product: string): string {
  return `/upgrades?${new URLSearchParams({ [LOCKED_PARAM]: product })}`;
}
