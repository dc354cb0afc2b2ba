import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/platform/ui/button";
import { useRootData } from "~/platform/hooks/use-root-data";
import { NO_JAVASCRIPT } from "~/platform/hydration";
import { changeSubscription, isAddressUnsubscribed, readUnsubscribeToken } from "~/features/list/index.server";
import { subscriptionForm } from "~/features/list/subscription-forms";

export const meta: MetaFunction = () => [{ title: "Email subscription" }, { name: "robots", content: "noindex" }];

/** JavaScript adds nothing to one button. */
export const handle = NO_JAVASCRIPT;

/** Each answer is about one address: never kept by a cache, its token never sent on as a referrer. */
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
export const headers = () => PRIVATE;

/**
 * GET /unsubscribe?t=…: changes nothing (a mail scanner opening the link must not unsubscribe);
 * shows the address's state with 'Unsubscribe' or 'Resubscribe'. A token that is not ours: 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const named = readUnsubscribeToken(new URL(request.url).searchParams.get("t"));
  if (!named) return data({ valid: false as const }, { status: 400, headers: PRIVATE });
  return data({ valid: true as const, unsubscribed: await isAddressUnsubscribed(named.email) }, { headers: PRIVATE });
}

/**
 * POST /unsubscribe?t=…: RFC 8058's one-click (`List-Unsubscribe=One-Click`, from the mail
 * provider: no session, no CSRF token; server/security.ts lets it through) and this page's own
 * buttons. 200 with the new state; a forged or garbled token changes nothing (400).
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("t");
  const submission = parseWithZod(await request.formData(), { schema: subscriptionForm });
  const subscribed = submission.status === "success" && submission.value.intent === "resubscribe";
  const changed = await changeSubscription(token, subscribed);
  if (!changed) return data({ valid: false as const }, { status: 400, headers: PRIVATE });
  return data({ valid: true as const, unsubscribed: !subscribed }, { headers: PRIVATE });
}

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const state = acted ?? loaded;
  const supportEmail = useRootData()?.brand.supportEmail;
  return (
    <main className="mx-auto w-full max-w-lg flex-1 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Email subscription</h1>
      {!state.valid ? (
        <p role="alert" className="mt-6 text-slate-700">
          This unsubscribe link is not valid. Use the link in the latest email you received, or write to us at{" "}
          <a href={`mailto:${supportEmail}`} className="tap-inline font-semibold text-brand-700 underline">
            {supportEmail}
          </a>
          .
        </p>
      ) : state.unsubscribed ? (
        <>
          <p role="status" className="mt-6 text-lg text-slate-800">
            You have been unsubscribed.
          </p>
          <p className="mt-2 text-slate-600">
            No more training emails or announcements will be sent to this address. Emails about your account and
            purchases still arrive.
          </p>
          <form method="post" className="mt-8">
            <input type="hidden" name="intent" value="resubscribe" />
            <button type="submit" className={buttonClass()}>
              Resubscribe
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="mt-6 text-slate-700">Stop training emails and announcements to this address?</p>
          <form method="post" className="mt-8">
            <input type="hidden" name="intent" value="unsubscribe" />
            <button type="submit" className={buttonClass()}>
              Unsubscribe
            </button>
          </form>
        </>
      )}
    </main>
  );
}
