export { CONSENT_COOKIE, consentChoiceOf } from "./consent-rules";
export type { ConsentChoice } from "./consent-rules";
