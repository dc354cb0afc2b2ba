export { accountDeletedResponse } from "./account-deleted.server";
export {
  UNKNOWN_INTENT,
  answer,
  answerProfileForm,
  changeSecurity,
  changeSessions,
  profileView,
  securityView,
  sessionsView,
} from "./account-pages.server";
export { confirmEmailChange, findEmailChange } from "./account-settings.server";
export {
  isVerificationTokenUsable,
  issuePasswordLink,
  queueSignInLink,
  requestPasswordReset,
  resetLinkAccount,
  resetPassword,
  verifyEmail,
} from "./accounts.server";
export { authenticate } from "./auth.server";
export { requestSignInLink, signInLinkAccount, spendSignInLink } from "./email-sign-in.server";
export {
  ADMIN_NEEDS_FACTOR_FOR_TRAINING,
  hasAdminRights,
  hasAdminSession,
  passAdminRule,
  requireAdmin,
  requireUser,
} from "./guards.server";
export { issueDeviceCookie } from "./known-device.server";
export { leadSignupToken } from "./lead-signup.server";
export { linkToken } from "./link-token.server";
export { communityFor, hasPaidAccess } from "./paid-access.server";
export { CLAIM_TOKEN_HOURS } from "./emails";
export {
  claimIntoSignedInAccount,
  claimHeldForAddress,
  claimWithNewPassword,
  findClaim,
  issueClaimLink,
  ownsAddress,
  ownsAddressSql,
  queueClaimLink,
} from "./purchase-claims.server";
export { askerFor, passwordRecentlyVerified, reauthenticate, verifyCurrentPassword } from "./reauthentication.server";
export type { Asker } from "./reauthentication.server";
export { sealTwoFactorSecrets, unlistedKeyProblem } from "./secrets-at-rest.server";
export {
  SESSION_IDLE_TIMEOUT_MS,
  deleteAllSessionsOfUser,
  listActiveSessions,
  passwordVerifiedAt,
} from "./session-store.server";
export type { Aal, SessionUser } from "./session-store.server";
export { clearSessionCookie, currentSessionIdHash, getSessionUser, startSession } from "./session.server";
export { tokenFingerprint } from "./token-fingerprint.server";
export { countUnusedRecoveryCodes, deleteFactors, findTotpFactor, hasVerifiedFactor } from "./two-factor-store.server";
export {
  answerChallenge,
  beginChallenge,
  beginEnrolment,
  checkCode,
  clearChallengeCookie,
  confirmEnrolment,
  enrolmentView,
  readChallenge,
  regenerateRecoveryCodes,
  stepUp,
} from "./two-factor.server";
export {
  createUser,
  credentialsChanged,
  endCredentials,
  findOrCreateBuyer,
  findUserByEmail,
  findUserById,
  listAdmins,
  lockAdmins,
  normalizeEmail,
  setAdmin,
  setPassword,
} from "./users.server";
export type { UserRecord } from "./users.server";
