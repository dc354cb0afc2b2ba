import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireTrainingAccess } from "~/features/catalogue/index.server";

/**
 * Pathless layout for the training area: paid members, owners of the starter product and admins
 * (docs/product.md §6). Child loaders call their own guard too (the app builder and the bonuses
 * the stricter requirePaidMember), because a client-side navigation may run them without this one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireTrainingAccess(request);
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
