/**
 * Every field of the /admin/launch form with a valid value: no dates, the Chicago time zone and the
 * code defaults. Tests spread it and override the fields they are about, so a field the form gains
 * is added here once.
 */
export const LAUNCH_FORM = {
  cartOpensAt: "",
  cartClosesAt: "",
  timeZone: "America/Chicago",
  earlyBonusBuyers: "50",
  customSaasCapacity: "10",
  customSaasBookedElsewhere: "0",
  fullBlastStartsAt: "",
  winnersAnnouncedAt: "",
  contestPrizes: "350, 250, 150",
};
