import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/guards.server";
import { parseMemberQuery } from "~/lib/member-admin";
import { membersCsv } from "~/services/csv-export.server";

/** GET /admin/members.csv?q=&access=&product=: the members matching the list's filter, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { q, access, product } = parseMemberQuery(new URL(request.url).searchParams);
  return membersCsv({ q, access, product });
}
