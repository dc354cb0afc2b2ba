import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { ctaClass, OfferPrice } from "~/components/marketing";
import { upgradesContent } from "~/content/upsells";
import { publicPageMeta } from "~/lib/page-meta";
import { publicPageHeaders, CACHED_PAGE } from "~/lib/cache-policy";
import { brand, publicPage } from "~/route-helpers/public-page.server";
import { catalogue } from "~/services/catalogue.server";

export const pageCache = CACHED_PAGE;
export const headers = publicPageHeaders;
export const meta = publicPageMeta;

/** The upgrade offers hub: public (docs/decisions/017-member-pages-and-the-public-upgrades-hub.md), linked from the members' navigation. */
export async function loader({ request }: LoaderFunctionArgs) {
  const content = upgradesContent(brand(), catalogue());
  return publicPage(request, "/upgrades", content.page, { content });
}

export default function Upgrades() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <>
      <main className="px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl">
          <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">{content.heading}</h1>
          <p className="mt-3 text-center text-lg text-slate-600">{content.text}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {content.offers.map((offer) => (
              <li
                key={offer.href}
                className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
              >
                <h2 className="text-2xl font-extrabold">{offer.title}</h2>
                <p className="mt-2 flex-1 text-slate-600">{offer.description}</p>
                <div className="mt-6">
                  <OfferPrice regular={offer.regular} special={offer.special} />
                </div>
                <p className="mt-6">
                  <Link to={offer.href} className={`${ctaClass.primary} w-full`}>
                    {offer.cta}
                  </Link>
                </p>
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
