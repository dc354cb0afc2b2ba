/** "in 40 seconds", "in 1 minute", "in 15 minutes": how long until a rate limit lifts. */
export function describeRetryAfter(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
