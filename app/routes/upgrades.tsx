import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Icon } from "~/platform/ui/icon";
import { ctaClass, OfferPrice } from "~/platform/ui/marketing";
import { useIsMember, useOwns } from "~/features/site/upsell-banner";
import { upgradesContent } from "~/features/site/upsells";
import { isCatalogueKey, UPGRADES } from "~/features/catalogue/catalogue";
import { LOCKED_PARAM } from "~/features/catalogue/locked-tools";
import { env } from "~/platform/env.server";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, type PageCacheRoute } from "~/platform/cache-policy";
import { siteOrigin } from "~/platform/site-origin";
import { brand, publicPage } from "~/features/site/index.server";
import { catalogue, stripePriceOf } from "~/features/catalogue/index.server";
import { launchNow } from "~/features/launch/index.server";
import { saleOf } from "~/features/launch/launch";
import { startUpgradeCheckout } from "~/features/billing/index.server";
import { checkoutForm } from "~/features/billing/checkout-form";
import { getSessionUser } from "~/features/accounts/index.server";
import { useRootData } from "~/platform/hooks/use-root-data";
import { SignedInAs } from "~/features/accounts/signed-in-as";

/**
 * `?locked=<product>` names the product a locked course asked for: each known value is its own
 * cached page, so the notice is there without JavaScript too.
 */
export const pageCache: PageCacheRoute = { query: { [LOCKED_PARAM]: ["membership", ...UPGRADES.map((u) => u.key)] } };
export const headers = publicPageHeaders;
export const meta = publicPageMeta;

/**
 * The upgrade offers hub: public (docs/decisions/017-member-pages-and-the-public-upgrades-hub.md),
 * linked from the members' navigation. An upgrade with a Stripe price (/admin/products) has
 * 'Buy now' for a signed-in member; one the member owns says so, with no buy link (decision 051).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Decision 064: the prices of the term, and 'Buy now' only while the term has a Stripe price.
  const sale = saleOf(launchNow());
  const content = upgradesContent(brand(), catalogue(), sale.term);
  const buyable = UPGRADES.filter((upgrade) => stripePriceOf(upgrade.key, sale.term)).map(
    (upgrade) => upgrade.key as string,
  );
  // One checkout per rendering. 'Buy now' shows to a signed-in member only, whose page is never
  // cached; the key in an anonymous visitor's cached page is never used (buying needs a session).
  const formKey = crypto.randomBytes(18).toString("base64url");
  const names = Object.fromEntries(
    ["membership" as const, ...UPGRADES.map((upgrade) => upgrade.key)].map((key) => [key, catalogue()[key].name]),
  );
  return publicPage(request, "/upgrades", content.page, { content, buyable, formKey, names });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirect: "/upgrades" })}`, 303);
  // The checkout checks the product and the form's key itself, with its own messages.
  const submission = parseWithZod(await request.formData(), { schema: checkoutForm });
  const form = submission.status === "success" ? submission.value : {};
  const result = await startUpgradeCheckout({
    user,
    productKey: form.product,
    formKey: form.form_key,
    origin: siteOrigin(env().PUBLIC_URL, request.url),
    sale: saleOf(launchNow()),
  });
  if (result.ok) throw redirect(result.url, 303);
  return data({ error: result.message }, { status: result.status });
}

function LockedNotice({ names }: { names: Record<string, string> }) {
  const locked = useSearchParams()[0].get(LOCKED_PARAM);
  // Only a known product is ever named, never the raw parameter.
  if (!locked || !isCatalogueKey(locked) || !Object.hasOwn(names, locked)) return null;
  return (
    <p
      role="status"
      className="mx-auto mt-6 flex max-w-2xl gap-3 rounded-xl border border-brand-100 bg-white px-4 py-3 text-slate-800 shadow-sm"
    >
      <Icon name="lock" className="mt-0.5 h-5 w-5 flex-none text-brand-600" />
      <span>
        You tried to open a course of the {names[locked]}. Get the {names[locked]} below to unlock it.
      </span>
    </p>
  );
}

/**
 * The membership, offered to whoever does not hold it (a lead, a visitor): its price and the plan
 * page's card checkout, so a locked course or a training email never ends here without a way on.
 */
function MembershipOffer() {
  const { content } = useLoaderData<typeof loader>();
  if (useIsMember()) return null;
  const offer = content.membership;
  return (
    <section
      id="membership"
      aria-labelledby="membership-title"
      className="mx-auto mt-10 flex max-w-2xl flex-col rounded-3xl border-2 border-brand-600 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <h2 id="membership-title" className="text-2xl font-extrabold">
        {offer.title}
      </h2>
      <p className="mt-2 text-slate-600">{offer.description}</p>
      <div className="mt-6">
        <OfferPrice regular={offer.regular} special={offer.special} />
      </div>
      <Link to={offer.href} className={`${ctaClass.primary} mt-6 w-full`}>
        {offer.cta}
      </Link>
    </section>
  );
}

type Offer = ReturnType<typeof upgradesContent>["offers"][number];

function OfferAction({ offer, buyable: sold, formKey }: { offer: Offer; buyable: boolean; formKey: string }) {
  const owned = useOwns(offer.key);
  const signedIn = Boolean(useRootData()?.user);
  const buyable = sold && signedIn;
  const buying = useIsPending({ state: "submitting" });
  const { content } = useLoaderData<typeof loader>();
  if (owned) {
    return (
      <p className="mt-6 inline-flex items-center justify-center gap-2 font-bold text-green-800">
        <Icon name="check" className="h-5 w-5" />
        {content.owned}
      </p>
    );
  }
  return (
    <div className="mt-6 space-y-3">
      {buyable ? (
        <Form method="post">
          <input type="hidden" name="product" value={offer.key} />
          <input type="hidden" name="form_key" value={formKey} />
          <button type="submit" className={`${ctaClass.primary} w-full`} disabled={buying}>
            {buying ? "Processing..." : "Buy now"}
            <span className="sr-only">: {offer.title}</span>
          </button>
        </Form>
      ) : null}
      {offer.href ? (
        <Link to={offer.href} className={`${buyable ? ctaClass.secondary : ctaClass.primary} w-full`}>
          {offer.cta}
        </Link>
      ) : buyable ? null : (
        <p className="text-slate-600">{offer.cta}</p>
      )}
    </div>
  );
}

export default function Upgrades() {
  const { content, buyable, formKey, names } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <main className="px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl">
          <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">{content.heading}</h1>
          <p className="mt-3 text-center text-lg text-slate-600">{content.text}</p>
          <SignedInAs className="mt-3" />
          <LockedNotice names={names} />
          <MembershipOffer />
          {actionData?.error ? (
            <p role="alert" className="mx-auto mt-6 max-w-2xl rounded-xl bg-red-50 px-4 py-3 text-red-800">
              {actionData.error}
            </p>
          ) : null}
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.offers.map((offer) => (
              <li
                key={offer.key}
                id={offer.key}
                className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
              >
                <h2 className="text-2xl font-extrabold">{offer.title}</h2>
                <p className="mt-2 flex-1 text-slate-600">{offer.description}</p>
                <div className="mt-6">
                  <OfferPrice regular={offer.regular} special={offer.special} />
                </div>
                <OfferAction offer={offer} buyable={buyable.includes(offer.key)} formKey={formKey} />
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-10 flex max-w-2xl items-start gap-3 rounded-2xl bg-green-50 p-5 text-slate-800">
            <Icon name="shield" className="h-6 w-6 flex-none text-green-800" />
            <span>{content.guarantee}</span>
          </p>
        </div>
      </main>
    </>
  );
}
