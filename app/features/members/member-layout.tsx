import { NavLink } from "@remix-run/react";
import { Badge, StatusBadge } from "~/platform/ui/admin/admin-page";
import { MEMBER_PAGES, memberPagePath } from "./member-pages";
import type { MemberHeader } from "./member-page.server";
import type { AccessFailure } from "~/features/catalogue/index.server";

/** What the member layout hands its concern pages: the member it loaded, and a refused access form. */
export type MemberOutletContext = { member: MemberHeader; failure: AccessFailure | undefined };

/** Under the member's address: their name and access, on every concern page. */
export function MemberSummary({ member }: { member: MemberHeader }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <span className="font-medium text-slate-900">{member.name || "No name given"}</span>
      <StatusBadge label={member.access} />
      {/* Whoever holds the account never proved they read its address's mail: grants wait for a claim (decision 067). */}
      {member.ownsAddress ? null : <Badge tone="amber">address not proven</Badge>}
    </p>
  );
}

/**
 * The member's concern pages: plain links (they work without JavaScript), the page shown marked
 * with aria-current. On a phone they wrap into two rows rather than scrolling out of sight.
 */
export function MemberNav({ memberId }: { memberId: string }) {
  return (
    <nav aria-label="Member" className="-mt-2">
      <ul className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:flex-wrap">
        {MEMBER_PAGES.map(({ page, label }) => (
          <li key={page}>
            <NavLink
              to={memberPagePath(memberId, page)}
              end
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-h-11 items-center justify-center rounded-lg px-3 text-center text-sm font-semibold ${
                  isActive
                    ? "bg-white text-brand-700 shadow-sm"
                    : "text-slate-600 hover:bg-white/60 hover:text-slate-900"
                }`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
