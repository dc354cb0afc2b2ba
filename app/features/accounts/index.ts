export { emailChangeSchema, firstError, nameSchema, passwordChangeSchema } from "./account-forms";
export { HONEYPOT_FIELD, PASSWORD_MIN, email, forgotPasswordSchema, honeypot, resetPasswordSchema } from "./auth-forms";
export { EmailLinkForm } from "./email-link-form";
export { EmailPreferences } from "./email-preferences";
export { RESET_TOKEN_HOURS, SIGN_IN_LINK_MINUTES, twoFactorRemovedEmail } from "./emails";
export { destinationAfterLogin, hasSpecialAccessFlag, specialAccessCookie } from "./login-flow";
export { PrivacyAndData } from "./privacy-and-data";
export { tokenFingerprint } from "./token-fingerprint";
export { CHALLENGE_ENDED, RECOVERY_CODE_COUNT, readTypedCode, recoveryCodesFile } from "./two-factor-rules";
