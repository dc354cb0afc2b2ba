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

/** 'YYYY-MM-DD' of the calendar day `at` falls on in `timeZone` (an IANA name). */
export function calendarDayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(at)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
