import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/accounts/index.server";
import { salesOverview } from "~/features/billing/index.server";
import { launchSettings } from "~/features/launch/index.server";
import { SalesOverview } from "~/features/billing/sales-overview";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Sales | Admin", matches)];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // A launch day is a day in the launch's time zone, not UTC's.
  return salesOverview({ timeZone: launchSettings().timeZone });
}

export default function AdminSales() {
  return <SalesOverview overview={useLoaderData<typeof loader>()} />;
}
