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

/**
 * The delays after 0, 1, 2... failures, up to the first that reaches `maxSeconds` (which then
 * holds for any more): the table a reservation checks in SQL, so the rule is written only here.
 */
export function backoffDelayTable(policy: BackoffPolicy): number[] {
  const table: number[] = [];
  for (let failures = 0; failures < 64; failures++) {
    const delay = backoffDelaySeconds(failures, policy);
    table.push(delay);
    if (delay >= policy.maxSeconds) break;
  }
  return table;
}
