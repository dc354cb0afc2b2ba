import { LAUNCH_AT } from "~/content/affiliate";
import { env } from "./env.server";
import { countdownTo } from "./launch-countdown";

/**
 * What every affiliate page's loader shares: the launch countdown's first value (rendered on the
 * server, then ticked in the browser) and the configured brand, contact and marketplace link.
 */
export function affiliatePageBasics() {
  const { BRAND_NAME, SUPPORT_EMAIL, MARKETPLACE_AFFILIATE_URL } = env();
  return {
    brandName: BRAND_NAME,
    supportEmail: SUPPORT_EMAIL,
    affiliateUrl: MARKETPLACE_AFFILIATE_URL,
    launch: { at: LAUNCH_AT, initial: countdownTo(LAUNCH_AT, Date.now()) },
  };
}
