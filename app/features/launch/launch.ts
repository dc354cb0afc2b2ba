/**
 * The launch settings and what they mean for a page (docs/product.md §4 "Launch settings",
 * docs/decisions/053-launch-settings-one-deadline.md). Pure: the server decides the phase and the
 * first countdown value from "now"; the browser ticks the same arithmetic against the deadline.
 */
import { countdownTo, type CountdownValue } from "./launch-countdown";
import { priceTermAt, type Sale } from "~/features/catalogue";

export type LaunchSettings = {
  cartOpensAt: Date | null;
  cartClosesAt: Date | null;
  timeZone: string;
  earlyBonusBuyers: number;
  customSaasCapacity: number;
  customSaasBookedElsewhere: number;
  fullBlastStartsAt: Date | null;
  winnersAnnouncedAt: Date | null;
  /** The affiliate contest's prizes in cents, first place first (issue 40: a setting, not a constant). */
  contestPrizesCents: number[];
};

/** What a fresh production install has: no dates, so no deadline copy anywhere. */
export const DEFAULT_LAUNCH_SETTINGS: LaunchSettings = {
  cartOpensAt: null,
  cartClosesAt: null,
  timeZone: "America/Chicago",
  earlyBonusBuyers: 50,
  customSaasCapacity: 10,
  customSaasBookedElsewhere: 0,
  fullBlastStartsAt: null,
  winnersAnnouncedAt: null,
  contestPrizesCents: [35_000, 25_000, 15_000],
};

const DAY_MS = 86_400_000;

/**
 * The demo seed's launch (SEED_DEMO_CONTENT): the spec's first screen, "3 of 10" and 2 days
 * 23:59:59. The affiliate dates keep the spec's shape: the full-blast window is the last 24 hours
 * before the close, and the contest winners are announced at the close.
 */
export function demoLaunchSettings(firstStart: Date): LaunchSettings {
  const cartClosesAt = new Date(firstStart.getTime() + 3 * DAY_MS);
  return {
    ...DEFAULT_LAUNCH_SETTINGS,
    cartOpensAt: firstStart,
    cartClosesAt,
    customSaasBookedElsewhere: 7,
    fullBlastStartsAt: new Date(cartClosesAt.getTime() - DAY_MS),
    winnersAnnouncedAt: cartClosesAt,
  };
}

/**
 * Where the sales window stands: `none` (no close date: no countdown, no deadline copy),
 * `before` ('Cart opens' is still ahead), `open` (counting down to 'Cart closes'), `closed`.
 */
export type LaunchPhase =
  | { phase: "none" }
  | { phase: "before"; opensLabel: string }
  | { phase: "open"; closesAt: string; remaining: CountdownValue }
  | { phase: "closed" };

/** The phases follow the catalogue's price rule (decision 064), so the words and the prices agree. */
export function launchPhase(settings: LaunchSettings, now: Date): LaunchPhase {
  const { cartOpensAt, cartClosesAt, timeZone } = settings;
  const term = priceTermAt(settings, now);
  if (term === "before" && cartOpensAt) return { phase: "before", opensLabel: formatInZone(cartOpensAt, timeZone) };
  if (term === "regular") return { phase: "closed" };
  if (!cartClosesAt) return { phase: "none" };
  return { phase: "open", closesAt: cartClosesAt.toISOString(), remaining: countdownTo(cartClosesAt, now) };
}

/** What the card checkout is told of the launch (decision 064): the price term, and before 'Cart opens' its date. */
export function saleOf(phase: LaunchPhase): Sale {
  if (phase.phase === "before") return { term: "before", opensLabel: phase.opensLabel };
  return { term: phase.phase === "closed" ? "regular" : "launch" };
}

/** The words the pages say once 'Cart closes' has passed. */
export const LAUNCH_PRICE_ENDED = "The launch price has ended";

/** The time zone's short name at that moment ('CST', 'CDT'; 'GMT+1' where it has none). */
function zoneName(at: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((piece) => piece.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** 'June 6, 2025 at 11 AM CDT': a moment as the launch's time zone reads it. */
export function formatInZone(at: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" }).format(
    at,
  );
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).formatToParts(at);
  const hour = parts.find((part) => part.type === "hour")?.value ?? "";
  const minute = parts.find((part) => part.type === "minute")?.value ?? "00";
  const dayPeriod = parts.find((part) => part.type === "dayPeriod")?.value ?? "";
  const time = minute === "00" ? `${hour} ${dayPeriod}` : `${hour}:${minute} ${dayPeriod}`;
  return `${date} at ${time} ${zoneName(at, timeZone)}`;
}

/** 'June 6, 2025': the day alone, in the launch's time zone. */
export function formatDayInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" }).format(at);
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** The wall-clock fields of a moment in a zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field("year"),
    month: field("month"),
    day: field("day"),
    hour: field("hour"),
    minute: field("minute"),
  };
}

/** '2025-06-06T11:00': a moment as an `<input type="datetime-local">` in the zone shows it. */
export function toZonedInput(at: Date | null, timeZone: string): string {
  if (!at) return "";
  const { year, month, day, hour, minute } = wallClock(at, timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}

/**
 * The moment a `datetime-local` value names in the zone, or null for a date that does not exist
 * (Feb 30, hour 25, a malformed value). In a spring-forward gap the clock's next valid moment is used.
 */
export function fromZonedInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return null;
  }
  // The zone's offset at the guess, then once more at the corrected moment (DST edges).
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass++) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/** The landing's early-bonus line: spots left of 'Early-bonus buyers' (never below 0). */
export type EarlyBonusSpots = { total: number; remaining: number };

export function earlyBonusSpots(settings: Pick<LaunchSettings, "earlyBonusBuyers">, given: number): EarlyBonusSpots {
  const total = settings.earlyBonusBuyers;
  return { total, remaining: Math.max(0, total - given) };
}
