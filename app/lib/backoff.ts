/**
 * Growing delays after failed attempts (OWASP "Blocking Brute Force Attacks"): the first `free`
 * failures cost nothing, then each further one doubles the wait, up to `maxSeconds`.
 */
export type BackoffPolicy = { free: number; baseSeconds: number; maxSeconds: number };

export function backoffDelaySeconds(failures: number, policy: BackoffPolicy): number {
  if (failures <= policy.free) return 0;
  const exponent = Math.min(failures - policy.free - 1, 30);
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** exponent);
}
