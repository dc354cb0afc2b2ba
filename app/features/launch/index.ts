export {
  APPLICATION_RECEIVED,
  APPLICATION_STATUSES,
  HOSTING_OPTIONS,
  isApplicationStatus,
  parseApplication,
} from "./custom-saas";
export type { ApplicationForm } from "./custom-saas";
export { countdownTo, isCountdownOver, twoDigits } from "./launch-countdown";
export type { CountdownValue } from "./launch-countdown";
export { LAUNCH_FIELDS, launchFormValues, parseLaunchForm } from "./launch-form";
export type { LaunchField, LaunchFormValues } from "./launch-form";
export { LAUNCH_PRICE_ENDED, formatDayInZone, formatInZone, launchPhase } from "./launch";
export type { EarlyBonusSpots, LaunchPhase, LaunchSettings } from "./launch";
export { DeadlineTickerScript, InlineCountdown, SalesCountdown } from "./sales-countdown";
