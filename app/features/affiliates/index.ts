export {
  BANNERS,
  DEMO_VIDEO,
  PROMO_RESOURCES,
  REASONS_TO_PROMOTE,
  SWIPE_PLACEHOLDERS,
  SWIPE_TABS,
  longSwipes,
  parseSwipeTab,
  shortSwipes,
} from "./affiliate-copy";
export type { SwipeEmail } from "./affiliate-copy";
export { AffiliateAccessLink, AffiliateSubHeader, FunnelAndContestSections, JvContact } from "./affiliate";
export { LaunchCountdown } from "./launch-countdown";
