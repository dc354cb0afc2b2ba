/**
 * The affiliate launch countdown (docs/product.md §4 "Launch countdown"): days, hours, minutes and seconds
 * until a fixed moment. Once that moment has passed it shows zeros (docs/decisions/013-launch-countdown-shows-zeros-after-launch.md).
 */
export type CountdownValue = { days: number; hours: number; minutes: number; seconds: number };

export const ZERO_COUNTDOWN: CountdownValue = { days: 0, hours: 0, minutes: 0, seconds: 0 };

export function countdownTo(target: Date | string | number, now: Date | number): CountdownValue {
  const remainingMs = new Date(target).getTime() - new Date(now).getTime();
  if (!(remainingMs > 0)) return ZERO_COUNTDOWN;
  const totalSeconds = Math.floor(remainingMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** Whether the countdown has reached zero, after which it stops ticking. */
export function isCountdownOver(value: CountdownValue): boolean {
  return value.days === 0 && value.hours === 0 && value.minutes === 0 && value.seconds === 0;
}

/** "07" for a countdown cell. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}
