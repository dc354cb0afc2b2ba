/** The email-marketing provider's tracker, as its script exposes it on window. */
type Tracker = { trackEvent?: (category: string, action: string) => void };

/** Reports a conversion when the tracker's script has loaded; a missing tracker is not an error. */
export function trackConversion(action: string) {
  (window as Window & Tracker).trackEvent?.("conversion", action);
}
