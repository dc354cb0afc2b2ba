import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/lib/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin Panel | AI Profit Labs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminPanel() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Panel</h1>
    </main>
  );
}
