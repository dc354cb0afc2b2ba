import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, Cell, TableFrame } from "~/platform/ui/admin/admin-page";
import { formatDayTime } from "~/platform/dates";
import {
  formatPeriod,
  RETENTION_RULE_TEXT,
  RETENTION_VARIABLES,
  type RetentionRule,
} from "~/platform/retention-periods";
import { requireAdmin } from "~/features/accounts/index.server";
import { retentionReport } from "~/features/privacy/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Data retention | Admin", matches)];

/**
 * 'Data retention' (issue 29 item 3, decision 056): the periods in force and the dry run of the
 * next housekeeping pass, so an admin sees what will go before changing a period, without a shell.
 * A read-only page: counting changes nothing, so there is no action and nothing to audit.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { at, days, wouldRemove } = await retentionReport();
  const rules = (Object.keys(days) as RetentionRule[]).map((rule) => ({
    rule,
    ...RETENTION_RULE_TEXT[rule],
    period: formatPeriod(days[rule]),
    days: days[rule],
    variable: RETENTION_VARIABLES[rule],
    wouldRemove: wouldRemove[rule],
  }));
  return { at: at.toISOString(), rules };
}

export default function AdminRetention() {
  const { at, rules } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Data retention">
      <p className="max-w-3xl text-sm text-slate-700">
        Housekeeping applies these periods when the server starts and every six hours. The{" "}
        <a href="/privacy-policy#retention" className="font-medium text-brand-700 underline">
          privacy policy (§5)
        </a>{" "}
        prints the same periods. Each is changed through its setting; this page removes nothing. The counts are what a
        run now ({formatDayTime(at)}) would remove.
      </p>
      <TableFrame label="Retention periods and the next run">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Kept for</th>
            <th scope="col">What a run does</th>
            <th scope="col">Setting</th>
            <th scope="col">The next run would remove</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((row) => (
            <tr key={row.rule}>
              <Cell label="Data" className="font-medium text-slate-900">
                {row.data}
              </Cell>
              <Cell label="Kept for">
                {row.period} {row.from}
              </Cell>
              <Cell label="What a run does" className="text-slate-600">
                {row.effect}
              </Cell>
              <Cell label="Setting" className="break-all sm:whitespace-nowrap sm:break-normal">
                <code className="text-xs">
                  {row.variable}={row.days}
                </code>
              </Cell>
              <Cell label="Would remove" className="tabular-nums">
                {row.wouldRemove}
              </Cell>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </AdminPage>
  );
}
