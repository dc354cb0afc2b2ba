export { emailChangeSchema, firstError, nameSchema, passwordChangeSchema } from "./account-forms";
export { AccountNav } from "./account-nav";
export {
  EMAIL_PREFERENCES_PAGE,
  PERSONAL_DATA_FILE,
  PRIVACY_PAGE,
  SECURITY_PAGE,
  SESSIONS_PAGE,
  movedSectionScript,
} from "./account-pages";
export { HONEYPOT_FIELD, PASSWORD_MIN, email, forgotPasswordSchema, honeypot, resetPasswordSchema } from "./auth-forms";
export { EmailLinkForm } from "./email-link-form";
export { RESET_TOKEN_HOURS, SIGN_IN_LINK_MINUTES, twoFactorRemovedEmail } from "./emails";
export { destinationAfterLogin, hasSpecialAccessFlag, specialAccessCookie } from "./login-flow";
export { ProfileSettings } from "./profile-settings";
export { PasswordSettings, TwoFactorSettings } from "./security-settings";
export { SessionList } from "./session-list";
export { CHALLENGE_ENDED, RECOVERY_CODE_COUNT, readTypedCode, recoveryCodesFile } from "./two-factor-rules";
