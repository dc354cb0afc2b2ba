import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/platform/ui/admin/pager";
import { AdminPage, EmptyNote, StatusBadge, TableFrame, Cell } from "~/platform/ui/admin/admin-page";
import { inputClass, primaryButton, secondaryButton } from "~/platform/ui/admin/form-controls";
import { formatDay } from "~/platform/dates";
import { takeFlash } from "~/platform/flash.server";
import { PRODUCT_KEYS } from "~/features/catalogue/catalogue";
import { catalogue } from "~/features/catalogue/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  ACCESS_FILTERS,
  describeAccess,
  memberQueryString,
  MEMBERS_PER_PAGE,
  parseMemberQuery,
} from "~/features/members/member-admin";
import { searchMembers } from "~/features/members/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Members | Admin", matches)];

/** Search, filter by access and page through every account (50 a page), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseMemberQuery(new URL(request.url).searchParams);
  const [{ flash, headers }, { members, hasMore }] = await Promise.all([
    takeFlash(request),
    searchMembers({ ...query, perPage: MEMBERS_PER_PAGE }),
  ]);
  return data(
    {
      flash,
      query,
      hasMore,
      products: PRODUCT_KEYS.map((key) => ({ key, name: catalogue()[key].name })),
      members: members.map((member) => ({
        id: member.id,
        email: member.email,
        name: member.name,
        joined: member.createdAt.toISOString(),
        ...describeAccess(member),
      })),
    },
    { headers },
  );
}

export default function AdminMembers() {
  const { flash, query, members, hasMore, products } = useLoaderData<typeof loader>();
  const filtered = query.q !== "" || query.access !== "all" || query.product !== "";
  return (
    <AdminPage
      title="Members"
      flash={flash}
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/members/new" className={secondaryButton}>
            Add member
          </Link>
          <Link to="/admin/members/import" className={secondaryButton}>
            Import members
          </Link>
          <a
            href={`/admin/members.csv${memberQueryString({ q: query.q, access: query.access, product: query.product })}`}
            className={secondaryButton}
            download
          >
            Export CSV
          </a>
        </div>
      }
    >
      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
      >
        <label className="block text-sm font-medium text-slate-700">
          Search
          <input type="search" name="q" defaultValue={query.q} placeholder="Email or name" className={inputClass} />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Access
          <select name="access" defaultValue={query.access} className={inputClass}>
            {ACCESS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Product
          <select name="product" defaultValue={query.product} className={inputClass}>
            <option value="">Any</option>
            {products.map((product) => (
              <option key={product.key} value={product.key}>
                {product.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <button type="submit" className={`${primaryButton} flex-1 sm:flex-none`}>
            Search
          </button>
          {filtered ? (
            <Link to="/admin/members" className={secondaryButton}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {members.length === 0 ? (
        <EmptyNote>{filtered ? "No members match this search." : "No members yet."}</EmptyNote>
      ) : (
        <TableFrame label="Members">
          <caption className="sr-only">Members, newest first, page {query.page}</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Access</th>
              <th scope="col">Source</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <Cell label="Email" className="sm:max-w-[16rem] break-all">
                  <Link
                    to={`/admin/members/${member.id}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {member.email}
                  </Link>
                </Cell>
                <Cell label="Name">{member.name}</Cell>
                <Cell label="Access">
                  <StatusBadge label={member.access} />
                </Cell>
                <Cell label="Source">{member.source}</Cell>
                <Cell label="Joined" className="whitespace-nowrap">
                  {formatDay(member.joined)}
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}

      <Pager
        page={query.page}
        hasMore={hasMore}
        hrefFor={(page) => `/admin/members${memberQueryString({ ...query, page })}`}
      />
    </AdminPage>
  );
}
