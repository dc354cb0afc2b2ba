export { PERSONAL_DATA_FILE, PRIVACY_PAGE, UNKNOWN_INTENT_MESSAGE } from "./account-pages";
export { HONEYPOT_FIELD, email, honeypot } from "./auth-forms";
export { RESET_TOKEN_HOURS, twoFactorRemovedEmail } from "./emails";
export { destinationAfterLogin, hasSpecialAccessFlag } from "./login-flow";
export { readTypedCode } from "./two-factor-rules";
