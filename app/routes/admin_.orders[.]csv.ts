import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/features/accounts/index.server";
import { ordersCsv } from "~/features/billing/index.server";

/** GET /admin/orders.csv: every order of both sources, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return ordersCsv();
}
