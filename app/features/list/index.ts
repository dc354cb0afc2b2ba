export { EmailPreferences } from "./email-preferences";
export { leadSchema } from "./lead-form";
export { SPECIAL_ACCESS, THANK_YOU_ACCESS, leadPageCopy } from "./lead-pages";
export { BODY_MAX, SUBJECT_MAX, parseAnnouncementForm, parseStepForm } from "./list-admin-forms";
export {
  AUDIENCE_LABELS,
  EMPTY_AUDIENCE,
  describeDelay,
  leadQueryString,
  parseLeadQuery,
  recipientsLabel,
} from "./marketing-email";
