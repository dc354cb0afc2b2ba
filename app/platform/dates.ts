/** Dates as the admin pages, receipts and emails show them: in UTC, so every reader sees one day. */
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const DAY_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** '23 Nov 2026'. */
export const formatDay = (value: Date | string) => DAY.format(new Date(value));

/** '23 Nov 2026, 15:04 UTC'. */
export const formatDayTime = (value: Date | string) => DAY_TIME.format(new Date(value));
