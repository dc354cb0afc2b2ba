export {
  COURSE_AUDIENCES,
  PRODUCT_KEYS,
  STARTER_PRODUCT,
  UPGRADES,
  isCatalogueKey,
  lockedCourseLabel,
} from "./catalogue";
export type { Catalogue, CatalogueKey } from "./catalogue";
export { GRANT_REASON_MAX, lastDay, parseGrantForm } from "./grant-form";
export { STARTER_TOOLS, lockedHref, lockedToolKey } from "./locked-tools";
export {
  COUPON_CODE,
  CUSTOM_SAAS,
  GUARANTEE_DAYS,
  LOGIN_EMAIL_MINUTES,
  PRICES,
  cardPriceCents,
  marketplacePriceCents,
  priceBreakdown,
  priceTermAt,
  trialDiscount,
  trialPercentOff,
} from "./prices";
export type { PriceTerm, Sale, SalesWindow } from "./prices";
export { PRODUCTS, isProductKey } from "./products";
export type { ProductKey } from "./products";
