import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { requireUser } from "~/lib/guards.server";

export const meta: MetaFunction = () => [{ title: "Choose Your Access Plan | AI Profit Labs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function PaymentOptions() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Choose Your Access Plan</h1>
      <p className="mt-2 text-slate-600">Lifetime access, one-time payment, no recurring fees.</p>
      <Form method="post" action="/logout" className="mt-8">
        <button type="submit" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium">
          Logout
        </button>
      </Form>
    </main>
  );
}
