import type { FeatureCard } from "~/platform/copy-types";
import { Icon } from "./icon";

export function FeatureCards({ cards }: { cards: FeatureCard[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon name={card.icon} />
          </span>
          <h3 className="mt-4 text-lg font-bold">{card.title}</h3>
          <p className="mt-2 text-slate-600">{card.description}</p>
        </li>
      ))}
    </ul>
  );
}
