import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requirePaidMember } from "~/lib/guards.server";

export const meta: MetaFunction = () => [{ title: "SaaS Idea Generator | AI Profit Labs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePaidMember(request);
  return null;
}

export default function Page() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">SaaS Idea Generator</h1>
    </main>
  );
}
