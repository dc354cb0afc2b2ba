import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { readTypedCode, RECOVERY_CODE_COUNT, recoveryCodesFile } from "~/features/accounts/two-factor-rules";
import { SECURITY_PAGE } from "~/features/accounts/account-pages";
import { recoveryCodesForm } from "~/features/accounts/account-forms";
import { requireUser } from "~/features/accounts/index.server";

/** Nothing to show on a GET: the codes exist only in the page that was just shown. */
export async function loader() {
  return redirect(SECURITY_PAGE);
}

/**
 * 'Download' on the recovery-codes page: the page posts back the codes it shows (the server keeps
 * only their hashes) and gets them as a .txt attachment. Only well-formed codes are written.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: recoveryCodesForm });
  const codes = (submission.status === "success" ? (submission.value.code ?? []) : [])
    .slice(0, RECOVERY_CODE_COUNT)
    .map((value) => readTypedCode(value))
    .filter((typed) => typed?.kind === "recovery")
    .map((typed) => typed!.code);
  return new Response(recoveryCodesFile({ brand: env().BRAND_NAME, email: user.email, codes }), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="recovery-codes.txt"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
