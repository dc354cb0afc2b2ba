import type { Migration } from "kysely";
import * as foundation from "./0001_foundation";
import * as paymentsMail from "./0002_payments_mail";
import * as consentLeads from "./0003_consent_leads";
import * as chapterOrder from "./0004_chapter_order";
import * as security from "./0005_security";
import * as progress from "./0006_progress";
import * as business from "./0007_business";
import * as account2fa from "./0008_account_2fa";
import * as paidAccessPlanCache from "./0009_paid_access_plan_cache";
import * as singleUseTokens from "./0010_single_use_tokens";
import * as outboxSealedLinks from "./0011_outbox_sealed_links";
import * as reauthentication from "./0012_reauthentication";
import * as purchaseClaims from "./0013_purchase_claims";
import * as productsEntitlements from "./0015_products_entitlements";
import * as attachments from "./0016_attachments";
import * as launchSettings from "./0017_launch_settings";
import * as earlyBonus from "./0018_early_bonus";
import * as theList from "./0019_the_list";
import * as operator from "./0020_operator";
import * as privacy from "./0021_privacy";
import * as chapterImages from "./0022_chapter_images";
import * as orderPaidAt from "./0023_order_paid_at";
import * as schemaComments from "./0024_schema_comments";
import * as launchAndRegularPrices from "./0025_launch_and_regular_prices";
import * as contestPrizesLegalDates from "./0026_contest_prizes_legal_dates";
import * as addressOwner from "./0028_address_owner";
import * as storedFileParts from "./0029_stored_file_parts";
import * as earlyBonusGuarantee from "./0030_early_bonus_guarantee";

/**
 * Every migration, in order. A static list (not a folder scan) so that `remix build`
 * bundles them and production needs no TypeScript loader. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  "0001_foundation": foundation,
  "0002_payments_mail": paymentsMail,
  "0003_consent_leads": consentLeads,
  "0004_chapter_order": chapterOrder,
  "0005_security": security,
  "0006_progress": progress,
  "0007_business": business,
  "0008_account_2fa": account2fa,
  "0009_paid_access_plan_cache": paidAccessPlanCache,
  "0010_single_use_tokens": singleUseTokens,
  "0011_outbox_sealed_links": outboxSealedLinks,
  "0012_reauthentication": reauthentication,
  "0013_purchase_claims": purchaseClaims,
  "0015_products_entitlements": productsEntitlements,
  "0016_attachments": attachments,
  "0017_launch_settings": launchSettings,
  "0018_early_bonus": earlyBonus,
  "0019_the_list": theList,
  "0020_operator": operator,
  "0021_privacy": privacy,
  "0022_chapter_images": chapterImages,
  "0023_order_paid_at": orderPaidAt,
  "0024_schema_comments": schemaComments,
  "0025_launch_and_regular_prices": launchAndRegularPrices,
  "0026_contest_prizes_legal_dates": contestPrizesLegalDates,
  "0028_address_owner": addressOwner,
  "0029_stored_file_parts": storedFileParts,
  "0030_early_bonus_guarantee": earlyBonusGuarantee,
};
