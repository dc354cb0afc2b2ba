import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConsentGatedScript } from "~/features/privacy/consent-gated-script";
import { EmailField, SubmitButton, TextField, SchemaForm } from "~/platform/ui/form-fields";
import { leadPageCopy, SPECIAL_ACCESS } from "~/features/list/lead-pages";
import { leadSchema } from "~/features/list/lead-form";
import { env } from "~/platform/env.server";
import { PERSONAL_PAGE_CACHE, publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { publicPageMeta } from "~/platform/page-meta";
import { brand, publicPage } from "~/features/site/index.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { siteOrigin } from "~/platform/site-origin";
import { captureLeadAndConfirm } from "~/features/list/index.server";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { useSchemaForm } from "~/platform/forms/use-schema-form";

export const meta = publicPageMeta;

/** The public page's caching, plus the Retry-After of a rate-limited submission. */
export const pageCache = CACHED_PAGE;
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(publicPageHeaders(args));
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const page = leadPageCopy(brand().name).specialAccess;
  return publicPage(request, "/special-access", page, { tracker: env().TRACKER_SCRIPT_URL ?? null });
}

/**
 * Our own lead form (docs/decisions/015-own-lead-form-and-consent-gated-scripts.md): validated, honeypot-guarded, rate-limited per
 * address, stored once per email with its confirmation email queued in the same transaction. A
 * repeat signup gets the same thank-you page (and no second email).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: leadSchema });
  // A refused form shows what this visitor typed: never a shared page.
  const personal = { "Cache-Control": PERSONAL_PAGE_CACHE };
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: personal });

  const verdict = await checkRateLimits([[RATE_LIMITS.leadPerAddress, context.clientAddress ?? "unknown"]]);
  if (!verdict.allowed) {
    return data(submission.reply({ formErrors: [verdict.message] }), {
      status: 429,
      headers: { ...personal, "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }

  await captureLeadAndConfirm(
    { email: submission.value.email, name: submission.value.name, source: "special-access" },
    siteOrigin(env().PUBLIC_URL, request.url),
  );
  return redirect("/thank-you-access", { status: 303 });
}

export default function SpecialAccessPage() {
  const { tracker } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useIsPending();
  const { form, field } = useSchemaForm(leadSchema, lastResult);

  return (
    <>
      {tracker ? <ConsentGatedScript src={tracker} category="marketing" /> : null}
      <main className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-14 text-white">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{SPECIAL_ACCESS.headline}</h1>
          <p className="mt-4 text-lg text-indigo-100 sm:text-xl">{SPECIAL_ACCESS.tagline}</p>
        </div>
        <div className="mx-auto mt-10 max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8">
          <h2 className="text-center text-lg font-bold">{SPECIAL_ACCESS.prompt}</h2>
          <SchemaForm form={form} className="mt-5">
            <EmailField field={field("email")} />
            <TextField label="First name (optional)" field={field("name")} type="text" autoComplete="given-name" />
            <SubmitButton pending={submitting} pendingLabel="Processing...">
              {SPECIAL_ACCESS.submit}
            </SubmitButton>
            <p className="text-center text-xs text-slate-600">{SPECIAL_ACCESS.privacyNote}</p>
          </SchemaForm>
        </div>
      </main>
      <section aria-labelledby="benefits-title" className="mx-auto max-w-4xl px-4 py-14">
        <h2 id="benefits-title" className="text-center text-3xl font-extrabold tracking-tight">
          {SPECIAL_ACCESS.benefitsTitle}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {SPECIAL_ACCESS.benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="font-bold">{benefit.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
