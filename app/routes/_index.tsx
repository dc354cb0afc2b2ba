import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "AI Profit Labs: build and launch AI SaaS apps without coding" },
  { name: "description", content: "Lifetime-access training on building AI software-as-a-service apps without writing code." },
];

export default function Landing() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">Build and launch AI SaaS apps without coding</h1>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/login" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">Start Learning</Link>
        <Link to="/signup" className="rounded-lg border border-brand-600 px-5 py-3 font-semibold text-brand-700">Get Lifetime Access</Link>
      </div>
    </main>
  );
}
