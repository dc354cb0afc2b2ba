import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseLeadQuery } from "~/features/list/marketing-email";
import { requireAdmin } from "~/features/accounts/index.server";
import { leadsCsv } from "~/features/list/index.server";

/** GET /admin/leads.csv?q=: the leads matching the list's search, streamed, formula-safe (audited). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return leadsCsv(admin, parseLeadQuery(new URL(request.url).searchParams).q);
}
