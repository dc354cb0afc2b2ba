export { describeChoice } from "./consent-copy";
export { ConsentGatedScript, InlineConsentGatedScript } from "./consent-gated-script";
export {
  CONSENT_COOKIE,
  consentChoiceOf,
  consentSyncScript,
  isConsentChoice,
  parseConsentChoice,
} from "./consent-rules";
export type { ConsentChoice } from "./consent-rules";
export { ConsentForm, ConsentSync, CookieCategoryList, CookieConsentBanner } from "./cookie-consent";
export type { ConsentHandle } from "./cookie-consent";
export { MemberPrivacy, adminExportPath } from "./member-privacy";
export { PrivacyAndData } from "./privacy-and-data";
