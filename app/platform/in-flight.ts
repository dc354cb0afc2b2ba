/**
 * How many slow checks each key (an account, a client address) has running in this process, so
 * one key cannot hold the CPU: a slot is taken under every key of a check at once, or under none.
 */
export class InFlightLimit {
  readonly #running = new Map<string, number>();

  constructor(readonly maxPerKey: number) {}

  /** Takes a slot under each key; null (nothing taken) when any key already has `maxPerKey` running. */
  tryAcquire(keys: readonly string[]): (() => void) | null {
    const unique = [...new Set(keys)];
    if (unique.some((key) => (this.#running.get(key) ?? 0) >= this.maxPerKey)) return null;
    for (const key of unique) this.#running.set(key, (this.#running.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of unique) {
        const left = (this.#running.get(key) ?? 1) - 1;
        if (left > 0) this.#running.set(key, left);
        else this.#running.delete(key);
      }
    };
  }

  /** Checks running under `key` now. */
  running(key: string): number {
    return this.#running.get(key) ?? 0;
  }
}
