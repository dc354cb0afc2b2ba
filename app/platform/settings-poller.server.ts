import { log, runAsJob } from "./log.server";

/**
 * How often a process re-reads settings an admin saves (launch settings, the catalogue): a save in
 * another process or instance reaches this one within this long (decisions 051 and 053).
 */
export const SETTINGS_REFRESH_MS = 5_000;

/**
 * Re-reads settings into the process every SETTINGS_REFRESH_MS, off any request's path. One read
 * at a time: while the database is away a read can take seconds, and they must not pile up. A
 * failed read keeps what is held and is logged; each read runs as the job `job` (its log lines say
 * which), and the timer never keeps the process alive.
 */
export function settingsPoller(job: string, read: () => Promise<void>) {
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
        runAsJob(job, read)
          .catch((error: unknown) => log.error({ job, err: error }, "re-reading the settings failed"))
          .finally(() => (reading = false));
      }, SETTINGS_REFRESH_MS);
      timer.unref();
    },
    stop,
  };
}
