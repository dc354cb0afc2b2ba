import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requirePaidMember } from "~/services/guards.server";

/**
 * Pathless layout for the training area: paid members and admins only (docs/product.md §6). Child loaders
 * call the guard too, because a client-side navigation may run them without this one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePaidMember(request);
  return null;
}

/** `member-area` turns on dark mode for these pages when the device asks for it (app.css, issue 30). */
export default function MemberLayout() {
  return (
    <div className="member-area contents">
      <Outlet />
    </div>
  );
}
