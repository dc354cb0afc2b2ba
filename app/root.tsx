import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  LiveReload,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { ConsentSync, CookieConsentBanner } from "~/features/privacy/cookie-consent";
import { consentSyncScript, parseConsentChoice } from "~/features/privacy/consent-rules";
import { SiteFooter } from "~/features/site/site-footer";
import { SiteNav } from "~/features/site/site-nav";
import { env } from "~/platform/env.server";
import { useNonce } from "~/platform/hooks/use-nonce";
import { brandFromMatches } from "~/platform/page-meta";
import { getSessionUser } from "~/features/accounts/index.server";
import { pageLoadsJavaScript } from "~/platform/hydration";
import { skipRevalidationIfUnreachable } from "~/platform/unreachable";
import stylesheet from "./styles/app.css";
import { useEffect } from "react";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ matches }) => [{ title: brandFromMatches(matches) }];

/**
 * Who is visiting, resolved once per request (one query; none at all without a session cookie),
 * and their cookie choice, read from the consent cookie alone: for an anonymous visitor the page
 * then depends on nothing but that cookie's value.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  // The HTTP layer's request log line names the signed-in user (by id only).
  if (user) context.userId = user.id;
  const { BRAND_NAME, SUPPORT_EMAIL } = env();
  return {
    user,
    brand: { name: BRAND_NAME, supportEmail: SUPPORT_EMAIL },
    consent: parseConsentChoice(request.headers.get("Cookie")),
  };
}

/** A form whose request never reached the server reloads nothing (app/platform/unreachable.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = skipRevalidationIfUnreachable;

export function Layout({ children }: { children: React.ReactNode }) {
  // No nonce at all on a document the page cache shares (its CSP lists script hashes instead).
  const nonce = useNonce() || undefined;
  // Pure-content pages (app/platform/hydration.ts) are sent without React's scripts.
  const hydrate = pageLoadsJavaScript(useMatches());
  const consent = useRouteLoaderData<typeof loader>("root")?.consent ?? null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            {/* `npm run dev` only: reloads the page after a rebuild (renders nothing in production). */}
            <LiveReload nonce={nonce} />
          </>
        ) : consent ? (
          // No React here: the consent choice reaches local storage, and Decline the analytics
          // cookies, through this one small script (issue 29 item 5).
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: consentSyncScript(consent) }} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // A marker the end-to-end tests wait for: set once React has hydrated the whole page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    // A flex column, so the consent sheet (first in the document, shown last) can stick to the
    // foot of the screen and rest below the footer (see CookieConsentBanner).
    <div className="flex min-h-screen flex-col">
      <CookieConsentBanner />
      <ConsentSync />
      <SiteNav />
      {/* Grows to fill the screen, so the footer sits at the bottom of short pages. */}
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}

/** The spec's generic fallback; never a stack trace in production. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = process.env.NODE_ENV === "development" && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-600">
        {status === 404 ? "We could not find that page." : "Something went wrong on our side. Please try again."}
      </p>
      <a href="/" className="mt-6 inline-block font-semibold text-brand-600 underline">
        Back to home
      </a>
      {detail ? <pre className="mt-6 overflow-auto text-left text-xs">{detail}</pre> : null}
    </main>
  );
}
