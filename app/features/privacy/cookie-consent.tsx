import { Link, useFetcher, useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { COOKIE_CATEGORY_DETAILS, CONSENT_BUTTONS, CONSENT_COPY } from "./consent-copy";
import { useHydrated } from "~/platform/hooks/use-hydrated";
import {
  ANALYTICS_COOKIES,
  CONSENT_STORAGE_KEY,
  COOKIE_CATEGORIES,
  expiredCookies,
  isConsentChoice,
  type ConsentChoice,
} from "./consent-rules";
import { useRootData } from "~/platform/hooks/use-root-data";
import type { action as consentAction } from "~/routes/consent";
import { buttonClass } from "~/platform/ui/button";
import { submittedText } from "~/platform/forms/form-value";

/** One fetcher for every consent form on the page, so a choice made anywhere hides the banner. */
const CONSENT_FETCHER_KEY = "cookie-consent";

/** Routes that show the choice themselves (the /consent page) set this handle to hide the banner. */
export type ConsentHandle = { hideConsentBanner?: boolean };

/**
 * The visitor's choice: the cookie as the root loader read it, or the choice being saved right
 * now (so the banner hides and gated scripts load without waiting for the round trip).
 */
export function useConsentChoice(): ConsentChoice | null {
  const recorded = useRootData()?.consent ?? null;
  const fetcher = useFetcher<typeof consentAction>({ key: CONSENT_FETCHER_KEY });
  const pending = submittedText(fetcher.formData, "choice");
  return isConsentChoice(pending) ? pending : recorded;
}

/**
 * The consent form: Decline, Essential Only, Accept All (and the banner's close X, which means
 * Essential Only) as submit buttons of one form posting to /consent. Without JavaScript the
 * post redirects back to `returnTo`; with it a fetcher saves the choice without a reload.
 */
export function ConsentForm({
  returnTo,
  withClose = false,
  children,
  details,
}: {
  returnTo: string;
  withClose?: boolean;
  children?: React.ReactNode;
  /** Shown below the buttons (the banner's details toggle), so opening it never moves them. */
  details?: React.ReactNode;
}) {
  const fetcher = useFetcher<typeof consentAction>({ key: CONSENT_FETCHER_KEY });
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/consent" className="relative">
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      {withClose ? (
        <button
          type="submit"
          name="choice"
          value="essential"
          aria-label="Close (Essential Only)"
          className="absolute -right-2.5 -top-2.5 flex h-11 w-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      ) : null}
      {children}
      <div className="mt-2 flex flex-wrap gap-2">
        {CONSENT_BUTTONS.map((button) => (
          <button
            key={button.choice}
            type="submit"
            name="choice"
            value={button.choice}
            className={
              button.choice === "all"
                ? buttonClass({ size: "sm" })
                : "min-h-11 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
            }
          >
            {button.label}
          </button>
        ))}
      </div>
      {details}
    </fetcher.Form>
  );
}

/** The Show Cookie Details / Hide Details toggle: a <details>, so it works without JavaScript. */
export function CookieDetails() {
  return (
    <details className="group">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700 hover:underline">
        <span className="group-open:hidden">{CONSENT_COPY.showDetails}</span>
        <span className="hidden group-open:inline">{CONSENT_COPY.hideDetails}</span>
      </summary>
      <CookieCategoryList />
    </details>
  );
}

export function CookieCategoryList() {
  return (
    <dl className="mt-1 grid gap-2 sm:grid-cols-2">
      {COOKIE_CATEGORIES.map((category) => (
        <div key={category} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-sm font-semibold text-slate-900">{COOKIE_CATEGORY_DETAILS[category].title}</dt>
          <dd className="mt-1 text-sm text-slate-700">{COOKIE_CATEGORY_DETAILS[category].description}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The banner of docs/product.md §2, on every page until a choice is made: a compact sheet at the foot of the
 * viewport (at most 30% of a phone screen), so the page it sits on stays visible. It depends on the
 * consent cookie alone (through the root loader), so an anonymous page may be cached per cookie value.
 *
 * No JavaScript is needed for any of it. The root layout is a flex column and the sheet its last
 * item in the visual order (`order-last`) with `position: sticky; bottom: 0`: it rides on the foot
 * of the screen while the page scrolls and comes to rest below the footer, so it covers nothing at
 * the end of the page (no padding to guess). It comes first in the document, and `autofocus` moves
 * focus to it on load, so keyboard and screen-reader users meet it first; it is not modal, and Tab
 * moves on into the page. Opening the details lets it grow, scrolling inside itself.
 */
export function CookieConsentBanner() {
  const choice = useConsentChoice();
  const location = useLocation();
  const hiddenByRoute = useMatches().some((match) => (match.handle as ConsentHandle | undefined)?.hideConsentBanner);
  if (choice || hiddenByRoute) return null;
  return (
    <section
      id="cookie-consent"
      aria-labelledby="cookie-consent-title"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- issue 16: focus moves to the sheet (a landmark, not a control), without JavaScript too
      autoFocus
      className="sticky bottom-0 z-50 order-last max-h-[30vh] overflow-y-auto border-t border-slate-200 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.12)] outline-none has-[details[open]]:max-h-[75vh]"
    >
      <div className="mx-auto max-w-6xl px-4 py-3">
        <ConsentForm returnTo={location.pathname + location.search} withClose details={<CookieDetails />}>
          <h2 id="cookie-consent-title" className="pr-10 text-base font-bold leading-6 text-slate-900">
            {CONSENT_COPY.title}
          </h2>
          <p className="mt-0.5 pr-2 text-sm leading-5 text-slate-700">
            {CONSENT_COPY.intro}{" "}
            <Link to="/privacy-policy#cookie-policy" className="tap-inline font-semibold text-brand-700 underline">
              How we use cookies
            </Link>
          </p>
        </ConsentForm>
      </div>
    </section>
  );
}

/**
 * Keeps the browser in step with the recorded choice: mirrors it into local storage (docs/product.md §3;
 * also after a no-JavaScript choice, or after logout cleared storage) and, while the choice is
 * Decline, removes analytics cookies that anything may have set since.
 */
export function ConsentSync() {
  const choice = useRootData()?.consent ?? null;
  useEffect(() => {
    if (!choice) return;
    try {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
    } catch (error) {
      // eslint-disable-next-line no-console -- in the browser: its console is the visitor's developer tools, not the server log
      console.warn("Could not store the cookie choice locally:", error);
    }
    if (choice === "none") {
      for (const cookie of expiredCookies(ANALYTICS_COOKIES, window.location.hostname)) document.cookie = cookie;
    }
  }, [choice]);
  return null;
}
