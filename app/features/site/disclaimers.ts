import type { Brand } from "~/platform/copy-types";

/** The earnings disclaimer every sales and landing page carries (docs/product.md §1). */
export const earningsDisclaimer = (brand: Brand) =>
  `Earnings disclaimer: ${brand.name} makes no promise that you will earn any money. The results, ` +
  "figures and stories on this page are examples, not typical results; your results depend on your " +
  "effort, experience, market and many factors outside our control. Building and selling software " +
  "carries risk. Nothing here is legal, tax, financial or other professional advice; consult a " +
  "qualified professional before making business decisions.";

/** The extra note on the $1 offer page, which is advertised on a social network. */
export const socialNetworkDisclaimer =
  "This site is not part of the Facebook website or Meta Platforms, Inc. It is not endorsed by " +
  "Facebook in any way. FACEBOOK is a trademark of Meta Platforms, Inc.";
