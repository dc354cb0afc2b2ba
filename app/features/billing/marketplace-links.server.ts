import { env } from "~/platform/env.server";

/**
 * Outbound links to the external affiliate marketplace (docs/product.md §1 purchase path b). The product
 * takes no payment on these pages; every buy and decline link comes from configuration.
 */
export function marketplaceLinks() {
  const config = env();
  return {
    checkout: config.MARKETPLACE_CHECKOUT_URL,
    trialCheckout: config.MARKETPLACE_TRIAL_CHECKOUT_URL,
    whiteLabelCheckout: config.MARKETPLACE_WHITE_LABEL_CHECKOUT_URL,
    customSaasCheckout: config.MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL,
    decline: config.MARKETPLACE_DECLINE_URL,
  };
}
