import { countdownTo, isCountdownOver, twoDigits } from "~/lib/launch-countdown";

/**
 * Ticks every countdown to a deadline inside `root` (elements with `data-deadline`, an ISO moment,
 * holding `data-unit` cells) once a second, from the browser's clock: the server rendered the
 * first value, and every visitor counts to the same moment, however long ago the page was
 * rendered or cached (decision 053). Plain DOM, so `/`, which loads no React, runs it too.
 * Returns a function that stops it.
 */
export function tickDeadlines(root: ParentNode = document): () => void {
  const timers = [...root.querySelectorAll<HTMLElement>("[data-deadline]")];
  if (timers.length === 0) return () => {};
  const update = () => {
    let running = false;
    for (const timer of timers) {
      const value = countdownTo(timer.dataset.deadline ?? "", Date.now());
      for (const cell of timer.querySelectorAll<HTMLElement>("[data-unit]")) {
        const unit = cell.dataset.unit as keyof typeof value;
        const text = twoDigits(value[unit]);
        if (cell.textContent !== text) cell.textContent = text;
      }
      if (!isCountdownOver(value)) running = true;
    }
    return running;
  };
  if (!update()) return () => {};
  const interval = window.setInterval(() => {
    if (!update()) window.clearInterval(interval);
  }, 1000);
  return () => window.clearInterval(interval);
}
