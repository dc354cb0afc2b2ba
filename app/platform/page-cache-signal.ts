/**
 * How the app tells the HTTP layer's page cache (server/page-cache.ts) to drop its pages after the
 * launch settings change (decision 053). The server bundle and the Remix build are separate
 * bundles, each with its own copy of this module, so the listeners live on globalThis. Caches are
 * held weakly: a test process starts many apps, and a closed one must not be kept alive here.
 */
type Clearable = { clear: () => void };
const LISTENERS = Symbol.for("ai-profit-labs.page-cache-listeners");
type Holder = typeof globalThis & { [LISTENERS]?: Set<WeakRef<Clearable>> };

function listeners(): Set<WeakRef<Clearable>> {
  const holder = globalThis as Holder;
  return (holder[LISTENERS] ??= new Set());
}

/** Called by server/app.ts for its page cache. */
export function registerPageCache(cache: Clearable) {
  listeners().add(new WeakRef(cache));
}

/** Drops every page cached in this process. Other processes' caches expire on their own. */
export function dropCachedPages() {
  for (const ref of listeners()) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else listeners().delete(ref);
  }
}
