import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { CommunityLink } from "~/features/community/community-link";
import { communityInviteUrl } from "~/features/community/index.server";
import { MemberPageHeader } from "~/platform/ui/member-page-header";
import {
  BONUS_CARDS,
  bonusDownloadPath,
  DISCORD_NOTICE,
  earlyBirdCard,
  type BonusCard,
} from "~/features/tools/bonuses";
import { formatUsd } from "~/platform/money";
import { catalogue, requirePaidMember, mayUseProduct } from "~/features/catalogue/index.server";
import { useRootData } from "~/platform/hooks/use-root-data";
import { brandedTitle } from "~/platform/page-meta";
import { buttonClass } from "~/platform/ui/button";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Premium Bonuses", matches)];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePaidMember(request);
  // The early-bird card, for the first buyers (issue 26): `early_bonus` comes with the session.
  const earlyBird = mayUseProduct(user, "early_bonus")
    ? earlyBirdCard(formatUsd(catalogue().early_bonus.regularPriceCents))
    : null;
  // Only a paid member's page carries the invite link (decision 055); null keeps the Discord notice.
  return { earlyBird, communityUrl: await communityInviteUrl() };
}

/**
 * docs/product.md §8: the community button only shows 'Discord invite link coming soon!'. With JavaScript
 * that is the spec's alert(); without it the button's GET form reloads the page with
 * ?notice=discord, which shows the same words as a notice. Nothing changes either way.
 */
function DiscordButton() {
  return (
    <Form method="get" preventScrollReset>
      <button
        type="submit"
        name="notice"
        value="discord"
        onClick={(event) => {
          event.preventDefault();
          window.alert(DISCORD_NOTICE);
        }}
        className="w-full rounded-lg bg-[#5865F2] px-4 py-2.5 font-semibold text-white hover:bg-[#4752c4]"
      >
        Join Discord (Coming Soon)
      </button>
    </Form>
  );
}

function BonusCardView({ card, label, communityUrl }: { card: BonusCard; label: string; communityUrl: string | null }) {
  const titleId = `bonus-${card.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{label}</p>
        <p className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-bold text-emerald-700 ring-1 ring-emerald-200">
          {card.value}
        </p>
      </div>
      <h2 id={titleId} className="mt-2 text-xl font-bold text-slate-900">
        {card.title}
      </h2>
      <p className="mt-2 text-slate-600">{card.description}</p>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
        {card.includes.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-600">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        {card.download ? (
          <a href={bonusDownloadPath(card.download.file)} download className={buttonClass({ block: true })}>
            {card.download.label}
          </a>
        ) : communityUrl ? (
          <CommunityLink url={communityUrl} className={buttonClass({ block: true })} />
        ) : (
          <DiscordButton />
        )}
      </div>
    </article>
  );
}

export default function BonusesPage() {
  const { earlyBird, communityUrl } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const supportEmail = useRootData()?.brand.supportEmail;

  return (
    <>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-10">
        <MemberPageHeader eyebrow="Included with your membership" title="Premium Bonuses">
          Everything here is yours to download and keep: source code, a launch plan and a prompt vault to help you build
          and launch faster.
        </MemberPageHeader>

        {params.get("notice") === "discord" ? (
          <p
            role="status"
            className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 font-medium text-indigo-800"
          >
            {DISCORD_NOTICE}
          </p>
        ) : null}

        <div className="grid gap-6 md:grid-cols-2">
          {earlyBird ? (
            <BonusCardView card={earlyBird} label="For the first buyers" communityUrl={communityUrl} />
          ) : null}
          {BONUS_CARDS.map((card, index) => (
            <BonusCardView key={card.id} card={card} label={`Bonus #${index + 1}`} communityUrl={communityUrl} />
          ))}
        </div>

        <aside aria-labelledby="bonus-access-heading" className="rounded-2xl border border-amber-200 bg-amber-50 p-6">
          <h2 id="bonus-access-heading" className="font-bold text-amber-900">
            Bonus access
          </h2>
          <p className="mt-1 text-amber-900">
            These bonuses are exclusively for course members: log in with your course account to access them. Having
            trouble downloading a bonus? Contact support at{" "}
            <a href={`mailto:${supportEmail}`} className="tap-inline font-semibold underline">
              {supportEmail}
            </a>
            .
          </p>
        </aside>
      </main>
    </>
  );
}
