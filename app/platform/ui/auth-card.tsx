import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The centred card shared by the account pages (login, signup, password reset). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <>
      <main className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:items-center">
        <div className="w-full max-w-md">
          <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
            ← Back to home
          </Link>
          <div className="mt-4 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </>
  );
}
