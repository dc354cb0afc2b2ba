import { affiliateDates, affiliatePageCopy, contestPrizes, funnel } from "./affiliate-copy";
import { now } from "~/platform/clock.server";
import { env } from "~/platform/env.server";
import { countdownTo } from "~/features/launch";
import { catalogue } from "~/features/catalogue/index.server";
import { launchSettings } from "~/features/launch/index.server";
import { brand, publicPage } from "~/features/site/index.server";

type AffiliatePage = keyof ReturnType<typeof affiliatePageCopy>;

/**
 * Loader data of an affiliate page: `content` plus what all three share: the launch's dates from
 * the launch settings (decision 053) with the contest's prizes and the custom SaaS capacity, the
 * funnel at the marketplace's prices (decisions 051, 064), the countdown to 'Cart opens' (its first value rendered on
 * the server, then ticked in the browser; none without that date), and the configured brand,
 * contact and marketplace link, with the public page's meta and cache headers.
 */
export function affiliatePage<T extends object>(request: Request, path: string, page: AffiliatePage, content: T) {
  const { name, supportEmail } = brand();
  const settings = launchSettings();
  const dates = affiliateDates(settings);
  const contest = contestPrizes(settings);
  const opensAt = settings.cartOpensAt?.toISOString() ?? null;
  const items = funnel(catalogue(), settings.customSaasCapacity);
  return publicPage(request, path, affiliatePageCopy(name, dates.launchDay, contest, items)[page], {
    ...content,
    brandName: name,
    supportEmail,
    affiliateUrl: env().MARKETPLACE_AFFILIATE_URL,
    dates,
    launch: opensAt ? { at: opensAt, initial: countdownTo(opensAt, now()) } : null,
    funnel: items,
    contest,
  });
}
