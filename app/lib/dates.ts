/** "23 Nov 2026, 15:24 UTC": one wording on the server and in the browser (no hydration drift). */
export function formatUtc(date: Date | string): string {
  const value = new Date(date);
  const day = value.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const time = value.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "UTC",
  });
  return `${day}, ${time} UTC`;
}
