import type { ReactNode } from "react";

/** The header shared by the members' tool pages (app builder, idea generator, bonuses). */
export function MemberPageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-8 text-white shadow-lg sm:px-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-3 max-w-3xl text-base text-brand-50">{children}</div> : null}
    </header>
  );
}
