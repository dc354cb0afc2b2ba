import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/features/accounts/index.server";
import { parseMemberQuery } from "~/features/members/member-admin";
import { membersCsv } from "~/features/members/index.server";

/** GET /admin/members.csv?q=&access=&product=: the members matching the list's filter, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { q, access, product } = parseMemberQuery(new URL(request.url).searchParams);
  return membersCsv({ q, access, product });
}
