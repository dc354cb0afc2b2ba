import { affiliatePageCopy, funnel, LAUNCH_AT } from "~/content/affiliate";
import { catalogue } from "~/services/catalogue.server";
import { env } from "~/infra/env.server";
import { countdownTo } from "~/lib/launch-countdown";
import { brand, publicPage } from "./public-page.server";

type AffiliatePage = keyof ReturnType<typeof affiliatePageCopy>;

/**
 * Loader data of an affiliate page: `content` plus what all three share, the launch countdown's
 * first value (rendered on the server, then ticked in the browser) and the configured brand,
 * contact and marketplace link, with the public page's meta and cache headers.
 */
export function affiliatePage<T extends object>(request: Request, path: string, page: AffiliatePage, content: T) {
  const { name, supportEmail } = brand();
  return publicPage(request, path, affiliatePageCopy(name)[page], {
    ...content,
    brandName: name,
    supportEmail,
    affiliateUrl: env().MARKETPLACE_AFFILIATE_URL,
    launch: { at: LAUNCH_AT, initial: countdownTo(LAUNCH_AT, Date.now()) },
    funnel: funnel(catalogue()),
  });
}
