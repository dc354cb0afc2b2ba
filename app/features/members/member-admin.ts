import { isCatalogueKey, type CatalogueKey } from "~/features/catalogue";

/**
 * The admin Members pages' pure rules: the list's URL state (search, access filter, page), how a
 * member's access and its source are named, and the complimentary-access form.
 */
export const MEMBERS_PER_PAGE = 50;

/**
 * The largest 'Import members' file taken (the HTTP layer refuses a larger body first:
 * server/body-limits.ts). Here, not in member-import.ts, so the page can say it without
 * shipping the CSV parser to the browser.
 */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

export const ACCESS_FILTERS = [
  { value: "all", label: "All" },
  { value: "paid", label: "Paid" },
  { value: "complimentary", label: "Complimentary" },
  { value: "no-access", label: "No access" },
  { value: "refunded", label: "Refunded" },
] as const;

export type AccessFilter = (typeof ACCESS_FILTERS)[number]["value"];

/** `product`: only members who own this catalogue product now ('' for any; decision 051). */
export type MemberQuery = { q: string; access: AccessFilter; product: CatalogueKey | ""; page: number };

const isAccessFilter = (value: string | null): value is AccessFilter => ACCESS_FILTERS.some((f) => f.value === value);

/** Reads the list's state from the URL; anything unknown falls back to the default. */
export function parseMemberQuery(params: URLSearchParams): MemberQuery {
  const access = params.get("access");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    access: isAccessFilter(access) ? access : "all",
    product: isCatalogueKey(params.get("product")) ? (params.get("product") as CatalogueKey) : "",
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of a list state, leaving defaults out ('' for the first page of everything). */
export function memberQueryString(query: Partial<MemberQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.access && query.access !== "all") params.set("access", query.access);
  if (query.product) params.set("product", query.product);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export type AccessSource = "Stripe" | "WarriorPlus" | "Complimentary" | "Admin" | "No access";
export type AccessLabel = "Paid" | "Complimentary" | "Admin" | "Refunded" | "No access";

/**
 * What the list shows for a member, from the SQL function paid_access_sources (the labels of
 * every active source) plus the admin flag and whether an order was refunded. A purchase is named
 * before a complimentary grant, and both before being an admin.
 */
export function describeAccess(input: { sources: readonly string[]; isAdmin: boolean; refunded: boolean }): {
  access: AccessLabel;
  source: AccessSource;
} {
  const bought = (["Stripe", "WarriorPlus"] as const).find((source) => input.sources.includes(source));
  if (bought) return { access: "Paid", source: bought };
  if (input.sources.includes("Complimentary")) return { access: "Complimentary", source: "Complimentary" };
  if (input.isAdmin) return { access: "Admin", source: "Admin" };
  return { access: input.refunded ? "Refunded" : "No access", source: "No access" };
}
