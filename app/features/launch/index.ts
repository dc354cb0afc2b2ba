export { LAUNCH_PRICE_ENDED, formatDayInZone, formatInZone, launchPhase, saleOf } from "./launch";
export type { EarlyBonusSpots, LaunchPhase, LaunchSettings } from "./launch";
export { countdownTo, isCountdownOver, twoDigits } from "./launch-countdown";
export type { CountdownValue } from "./launch-countdown";
export { DeadlineTickerScript, SalesCountdown } from "./sales-countdown";
