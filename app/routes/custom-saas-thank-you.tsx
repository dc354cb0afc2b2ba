import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Icon } from "~/platform/ui/icon";
import { ctaClass, Section } from "~/platform/ui/marketing";
import { customSaasThankYouContent } from "~/features/site/upsells";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { brand, publicPage } from "~/features/site/index.server";
import { NO_JAVASCRIPT } from "~/platform/hydration";

export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;
export const meta = publicPageMeta;
/** A pure-content page: no JavaScript (app/platform/hydration.ts). */
export const handle = NO_JAVASCRIPT;

export async function loader({ request }: LoaderFunctionArgs) {
  const content = customSaasThankYouContent(brand());
  return publicPage(request, "/custom-saas-thank-you", content.page, { content });
}

/** After a custom SaaS purchase on the marketplace (docs/product.md §2). */
export default function CustomSaasThankYou() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <>
      <main>
        <section className="bg-gradient-to-b from-green-50 to-slate-50 px-4 py-12 text-center sm:py-16">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-700 text-white">
            <Icon name="check" className="h-9 w-9" />
          </span>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl">{content.heading}</h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-700">{content.text}</p>
        </section>

        <Section id="apply" heading={content.apply.heading} intro={content.apply.text}>
          <div className="text-center">
            <a href={content.apply.href} className={ctaClass.primary}>
              {content.apply.label}
            </a>
            <p className="mt-4 text-slate-600">{content.apply.help}</p>
          </div>
        </Section>

        <Section id="prepare" heading={content.checklist.heading} className="bg-white">
          <ul className="mx-auto max-w-2xl space-y-4">
            {content.checklist.items.map((item) => (
              <li key={item.title} className="flex gap-3">
                <Icon name="check" className="mt-1 h-5 w-5 flex-none text-green-700" />
                <div>
                  <h3 className="font-bold">{item.title}</h3>
                  <p className="text-slate-600">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="expect" heading={content.expect.heading}>
          <ol className="mx-auto max-w-2xl space-y-4">
            {content.expect.steps.map((step, i) => (
              <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
                <span className="flex h-9 w-9 flex-none items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-bold">
                    {step.title} <span className="font-normal text-slate-600">({step.duration})</span>
                  </h3>
                  <p className="text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>
      </main>
    </>
  );
}
