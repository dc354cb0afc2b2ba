/**
 * How often a process re-reads settings an admin saves (launch settings, the catalogue): a save in
 * another process or instance reaches this one within this long (decisions 051 and 053).
 */
export const SETTINGS_REFRESH_MS = 5_000;

/**
 * Re-reads settings into the process every SETTINGS_REFRESH_MS, off any request's path. One read
 * at a time: while the database is away a read can take seconds, and they must not pile up. A
 * failed read keeps what is held and goes to `onError`; the timer never keeps the process alive.
 */
export function settingsPoller(read: () => Promise<void>, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    start() {
      stop();
      timer = setInterval(() => {
        if (reading) return;
        reading = true;
        read()
          .catch(onError)
          .finally(() => (reading = false));
      }, SETTINGS_REFRESH_MS);
      timer.unref();
    },
    stop,
  };
}
