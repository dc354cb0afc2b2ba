import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { formatUsd } from "~/platform/money";
import { planFeatures, PLAN_PRODUCT, PRODUCTS } from "~/features/catalogue/products";
import { communityLinkSet } from "~/features/community/index.server";
import { LOCKED_PARAM, lockedNotice } from "~/features/catalogue/locked-tools";
import { cardPriceCents } from "~/features/catalogue/prices";
import { CHECKOUT_MESSAGES, opensLabel } from "~/features/billing/checkout";
import { checkoutForm } from "~/features/billing/checkout-form";
import { siteOrigin } from "~/platform/site-origin";
import { env } from "~/platform/env.server";
import { takeFlash } from "~/platform/flash.server";
import { FlashMessage } from "~/platform/ui/flash-message";
import { requireUser, getSessionUser } from "~/features/accounts/index.server";
import { startCheckout, isCheckoutConfigured } from "~/features/billing/index.server";
import { catalogue } from "~/features/catalogue/index.server";
import { launchNow } from "~/features/launch/index.server";
import { saleOf } from "~/features/launch/launch";
import { Icon } from "~/platform/ui/icon";
import { brandedTitle } from "~/platform/page-meta";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { buttonClass } from "~/platform/ui/button";
import { SignedInAs } from "~/features/accounts/signed-in-as";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Choose Your Access Plan", matches)];

/** Members who already have access (and admins) have nothing to buy here. */
const hasAccess = (user: { hasPaid: boolean; isAdmin: boolean }) => user.hasPaid || user.isAdmin;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (hasAccess(user)) throw redirect("/dashboard");
  // A flash from the password reset, which sends an account without access here.
  const { flash, headers } = await takeFlash(request);
  headers.set("Cache-Control", "private, no-store");
  // Decision 064: the launch price until 'Cart closes' (struck from the regular one), the regular
  // price alone after; before 'Cart opens' the button says when it opens.
  const sale = saleOf(launchNow());
  const membership = catalogue().membership;
  const today = cardPriceCents(membership, sale.term);
  return data(
    {
      configured: isCheckoutConfigured(PLAN_PRODUCT, sale.term),
      price: {
        todayCents: today,
        regularCents: today < membership.regularPriceCents ? membership.regularPriceCents : null,
      },
      opens: sale.term === "before" ? sale.opensLabel : null,
      // The community is listed only while a link is set (issue 40); the link itself stays private.
      features: planFeatures(communityLinkSet()),
      // One checkout per rendering: a double submit of this form reuses the same Stripe session.
      formKey: crypto.randomBytes(18).toString("base64url"),
      flash,
    },
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    // The session ended after the page was shown (logged out in another tab, expired).
    throw redirect(`/login?${new URLSearchParams({ redirect: "/payment-options", notice: "no-session" })}`, 303);
  }
  if (hasAccess(user)) throw redirect("/dashboard", 303);
  // The checkout checks the product and the form's key itself, with its own messages.
  const submission = parseWithZod(await request.formData(), { schema: checkoutForm });
  const form = submission.status === "success" ? submission.value : {};
  const result = await startCheckout({
    user,
    offered: PLAN_PRODUCT,
    productKey: form.product,
    formKey: form.form_key,
    origin: siteOrigin(env().PUBLIC_URL, request.url),
    sale: saleOf(launchNow()),
  });
  if (result.ok) throw redirect(result.url, 303);
  return data({ error: result.message }, { status: result.status });
}

export default function PaymentOptions() {
  const { configured, formKey, flash, price, opens, features } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const processing = useIsPending();
  const product = { ...PRODUCTS[PLAN_PRODUCT], ...price };
  const error = actionData?.error ?? (configured ? null : CHECKOUT_MESSAGES.notConfigured);
  // A locked member link brought the user here: say which tool, and that this plan unlocks it.
  const locked = lockedNotice(useSearchParams()[0].get(LOCKED_PARAM));

  return (
    <>
      <main className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
        <div className="mx-auto max-w-xl">
          <h1 className="text-center text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Choose Your Access Plan
          </h1>
          <SignedInAs className="mt-3" />
          {flash ? (
            <div className="mt-6">
              <FlashMessage flash={flash} />
            </div>
          ) : null}
          {locked ? (
            <p
              role="status"
              className="mt-6 flex gap-3 rounded-xl border border-brand-100 bg-white px-4 py-3 text-slate-800 shadow-sm"
            >
              <Icon name="lock" className="mt-0.5 h-5 w-5 flex-none text-brand-600" />
              <span>{locked}</span>
            </p>
          ) : null}

          <section
            aria-labelledby="plan-title"
            className="mt-8 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id="plan-title" className="text-xl font-bold text-slate-900">
              Lifetime Access
            </h2>
            <p className="mt-4 flex items-baseline gap-3">
              <span className="text-5xl font-extrabold text-slate-900">{formatUsd(product.todayCents)}</span>
              {product.regularCents !== null ? (
                <del className="text-xl text-slate-400">
                  <span className="sr-only">Regular price </span>
                  {formatUsd(product.regularCents)}
                </del>
              ) : null}
            </p>
            <p className="mt-1 text-sm font-medium text-slate-600">One-time payment. No recurring fees.</p>

            <ul className="mt-6 space-y-3">
              {features.map((feature) => (
                <li key={feature} className="flex items-start gap-3 text-slate-700">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="mt-0.5 h-5 w-5 flex-none text-brand-600"
                    fill="currentColor"
                  >
                    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                  </svg>
                  {feature}
                </li>
              ))}
            </ul>

            {error ? (
              <div
                role="alert"
                className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
              >
                {error}
              </div>
            ) : null}

            {opens ? (
              // Nothing to submit before 'Cart opens': the checkout would refuse it too.
              <p
                className={buttonClass({ size: "xl", block: true, className: "mt-6 opacity-70" })}
                aria-disabled="true"
              >
                {opensLabel(opens)}
              </p>
            ) : (
              <Form method="post" className="mt-6">
                <input type="hidden" name="product" value={PLAN_PRODUCT} />
                <input type="hidden" name="form_key" value={formKey} />
                <button
                  type="submit"
                  disabled={processing || !configured}
                  className={buttonClass({ size: "xl", block: true })}
                >
                  {processing ? "Processing..." : "Get Lifetime Access Now"}
                </button>
              </Form>
            )}
            <p className="mt-3 text-center text-sm text-slate-500">
              Secure payment via Stripe. Instant access after purchase.
            </p>
          </section>

          <Form method="post" action="/logout" className="mt-8 text-center">
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Logout
            </button>
          </Form>
        </div>
      </main>
    </>
  );
}
