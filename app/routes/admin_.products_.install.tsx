import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/features/accounts/index.server";
import { installIncludedCourseSchema } from "~/features/site/included-course-forms";
import { installIncludedCourse } from "~/features/site/index.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { firstError } from "~/platform/forms/submission-errors";

/**
 * POST /admin/products/install: 'Install the included course' of /admin/products (issue 40,
 * decision 063), its own address so the page's product forms stay one action. Answers with the
 * products page and a flash, with or without JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: installIncludedCourseSchema });
  if (submission.status !== "success")
    return redirectWithFlash("/admin/products", { kind: "error", message: firstError(submission.error) });
  const installed = await installIncludedCourse(admin, submission.value.product);
  return redirectWithFlash("/admin/products", { kind: installed.ok ? "success" : "error", message: installed.message });
}

/** Nothing to show at this address: the form is on /admin/products. */
export const loader = () => redirect("/admin/products");
