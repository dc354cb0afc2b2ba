import * as z from "zod/mini";
import type { CustomSaasStatus } from "~/platform/db/db-schema";
import { isUuid } from "~/platform/uuid";
import { APPLICATION_STATUSES } from "./custom-saas";
import { fromZonedInput, isTimeZone, toZonedInput, type LaunchSettings } from "./launch";

/** The fields of /admin/launch, as the form names them. */
export const LAUNCH_FIELDS = [
  "cartOpensAt",
  "cartClosesAt",
  "timeZone",
  "earlyBonusBuyers",
  "customSaasCapacity",
  "customSaasBookedElsewhere",
  "fullBlastStartsAt",
  "winnersAnnouncedAt",
  "contestPrizes",
] as const;
export type LaunchField = (typeof LAUNCH_FIELDS)[number];
export type LaunchFormValues = Record<LaunchField, string>;

export type LaunchFormResult =
  { ok: true; value: LaunchSettings } | { ok: false; errors: Partial<Record<LaunchField, string>> };

const DATE_FIELDS = ["cartOpensAt", "cartClosesAt", "fullBlastStartsAt", "winnersAnnouncedAt"] as const;
const COUNT_FIELDS = ["earlyBonusBuyers", "customSaasCapacity", "customSaasBookedElsewhere"] as const;
/** Far more than any launch needs; keeps the numbers inside PostgreSQL's integer. */
export const LAUNCH_COUNT_MAX = 100_000;
/** The contest's places and the largest prize (migration 0026 checks the same). */
export const CONTEST_PLACES_MAX = 10;
export const CONTEST_PRIZE_MAX_CENTS = 100_000_000;
export const CONTEST_PRIZES_MESSAGE = `Enter 1 to ${CONTEST_PLACES_MAX} prizes in dollars, first place first, separated by commas (such as 350, 250, 150).`;

/** 'Contest prizes' as the form shows them: whole dollars plain, cents when there are any ("350, 250, 150"). */
export function contestPrizesText(cents: readonly number[]): string {
  return cents.map((amount) => (amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2))).join(", ");
}

/** The prizes typed on the form, in cents, or null when any is not an amount of dollars (up to two decimals). */
export function parseContestPrizes(text: string): number[] | null {
  const parts = text.split(",").map((part) => part.trim().replace(/^\$/, ""));
  if (parts.length < 1 || parts.length > CONTEST_PLACES_MAX) return null;
  const cents: number[] = [];
  for (const part of parts) {
    const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(part);
    if (!match) return null;
    const amount = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (amount > CONTEST_PRIZE_MAX_CENTS) return null;
    cents.push(amount);
  }
  return cents;
}

/** What the form shows for saved settings: dates as the launch's time zone reads them. */
export function launchFormValues(settings: LaunchSettings): LaunchFormValues {
  const zone = settings.timeZone;
  return {
    cartOpensAt: toZonedInput(settings.cartOpensAt, zone),
    cartClosesAt: toZonedInput(settings.cartClosesAt, zone),
    timeZone: zone,
    earlyBonusBuyers: String(settings.earlyBonusBuyers),
    customSaasCapacity: String(settings.customSaasCapacity),
    customSaasBookedElsewhere: String(settings.customSaasBookedElsewhere),
    fullBlastStartsAt: toZonedInput(settings.fullBlastStartsAt, zone),
    winnersAnnouncedAt: toZonedInput(settings.winnersAnnouncedAt, zone),
    contestPrizes: contestPrizesText(settings.contestPrizesCents),
  };
}

/**
 * Checks the submitted form (docs/product.md §7 "Launch settings"): every date is a real one in
 * the launch's time zone (empty means not set), 'Cart closes' after 'Cart opens', every number a
 * whole number from 0, the contest's prizes 1 to 10 amounts of dollars. Any message means nothing
 * is saved.
 */
export function parseLaunchForm(values: LaunchFormValues): LaunchFormResult {
  const errors: Partial<Record<LaunchField, string>> = {};
  const timeZone = values.timeZone.trim();
  if (!isTimeZone(timeZone)) errors.timeZone = "Enter a time zone such as America/Chicago.";
  const zone = errors.timeZone ? "UTC" : timeZone;

  const dates = {} as Record<(typeof DATE_FIELDS)[number], Date | null>;
  for (const field of DATE_FIELDS) {
    const text = values[field].trim();
    const at = text === "" ? null : fromZonedInput(text, zone);
    if (text !== "" && !at) errors[field] = "Enter a real date and time.";
    dates[field] = at;
  }
  if (dates.cartOpensAt && dates.cartClosesAt && dates.cartClosesAt <= dates.cartOpensAt) {
    errors.cartClosesAt = "The cart must close after it opens.";
  }

  const counts = {} as Record<(typeof COUNT_FIELDS)[number], number>;
  for (const field of COUNT_FIELDS) {
    const text = values[field].trim();
    const count = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(count)) errors[field] = "Enter a whole number.";
    else if (count < 0) errors[field] = "Enter a number of 0 or more.";
    else if (count > LAUNCH_COUNT_MAX)
      errors[field] = `Enter a number up to ${LAUNCH_COUNT_MAX.toLocaleString("en-US")}.`;
    counts[field] = count;
  }

  const contestPrizesCents = parseContestPrizes(values.contestPrizes);
  if (!contestPrizesCents) errors.contestPrizes = CONTEST_PRIZES_MESSAGE;

  if (Object.keys(errors).length > 0 || !contestPrizesCents) return { ok: false, errors };
  return { ok: true, value: { ...dates, ...counts, timeZone, contestPrizesCents } };
}

/**
 * /admin/launch's form, read by Conform: every field as typed ("" when empty), checked by
 * `parseLaunchForm` (dates in the launch's time zone, counts, 'Cart closes' after 'Cart opens'),
 * each problem named by its field.
 */
export const launchFormSchema = z.pipe(
  z.object(
    Object.fromEntries(LAUNCH_FIELDS.map((name) => [name, z._default(z.string(), "")])) as Record<
      LaunchField,
      z.ZodMiniDefault<z.ZodMiniString>
    >,
  ),
  z.transform((values, ctx) => {
    const parsed = parseLaunchForm(values);
    if (parsed.ok) return parsed.value;
    for (const [name, message] of Object.entries(parsed.errors))
      ctx.issues.push({ code: "custom", message, input: values[name as LaunchField], path: [name] });
    return z.NEVER;
  }),
);

export const UNKNOWN_APPLICATION = "Unknown application or status: nothing was changed.";

/** /admin/custom-saas's 'Save' of an application's status. */
export const applicationStatusFormSchema = z.object({
  id: z.string({ error: UNKNOWN_APPLICATION }).check(z.refine((id) => isUuid(id), { error: UNKNOWN_APPLICATION })),
  status: z.enum(APPLICATION_STATUSES.map((status) => status.value) as [CustomSaasStatus, ...CustomSaasStatus[]], {
    error: UNKNOWN_APPLICATION,
  }),
});
