export { listAccessGrants } from "./access-grant.server";
export {
  homeFor,
  lockedCourseHref,
  mayDownloadAttachment,
  mayOpenCourse,
  mayUseProduct,
  mayViewImage,
  opensTraining,
  requirePaidMember,
  requireTrainingAccess,
} from "./access.server";
export type { Viewer } from "./access.server";
export { completeLogin, continueAfterEmailLink, continueAfterPassword } from "./after-sign-in.server";
export {
  catalogue,
  hasStripePrice,
  startCatalogueRefresh,
  stopCatalogueRefresh,
  stripePriceOf,
} from "./catalogue.server";
export { countActiveEntitlements, listEntitlements, marketplaceUpgradesSince, ownsProduct } from "./entitlement.server";
export { accessAction, parseAccessForm } from "./grants.server";
export type { AccessFailure } from "./grants.server";
export { saveProduct } from "./product-admin.server";
export { hasMarketplaceItems, listProducts, productOfMarketplaceItem, seedProducts } from "./product.server";
