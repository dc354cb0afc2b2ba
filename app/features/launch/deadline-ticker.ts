import { countdownTo, isCountdownOver, twoDigits } from "./launch-countdown";

/**
 * Ticks every countdown to a deadline inside `root` (elements with `data-deadline`, an ISO moment,
 * holding `data-unit` cells) once a second, from the browser's clock: the server rendered the
 * first value, and every visitor counts to the same moment, however long ago the page was
 * rendered or cached (decision 053). Plain DOM, so `/`, which loads no React, runs it too.
 *
 * At the deadline no countdown stays on screen: the block around it (`data-deadline-ended`) is
 * replaced by its words ("The launch price has ended"), whether the deadline passed during the
 * visit or before a cached copy arrived. One that passes during the visit also reloads the page
 * once, so the price boxes the server renders after the close replace the launch prices; a copy
 * that arrives already past it (from a cache, or a browser clock ahead of the server's) is not
 * reloaded again, so there is no loop. Returns a function that stops it.
 */
export function tickDeadlines(root: ParentNode = document): () => void {
  const timers = [...root.querySelectorAll<HTMLElement>("[data-deadline]")];
  if (timers.length === 0) return () => {};
  const running = new Set(timers);
  let ranDuringVisit = false;
  const update = () => {
    for (const timer of [...running]) {
      const value = countdownTo(timer.dataset.deadline ?? "", Date.now());
      for (const cell of timer.querySelectorAll<HTMLElement>("[data-unit]")) {
        const unit = cell.dataset.unit as keyof typeof value;
        const text = twoDigits(value[unit]);
        if (cell.textContent !== text) cell.textContent = text;
      }
      if (isCountdownOver(value)) {
        running.delete(timer);
        const block = timer.closest<HTMLElement>("[data-deadline-ended]");
        if (block) block.textContent = block.dataset.deadlineEnded ?? "";
        if (ranDuringVisit) window.location.reload();
      }
    }
    return running.size > 0;
  };
  if (!update()) return () => {};
  ranDuringVisit = true;
  const interval = window.setInterval(() => {
    if (!update()) window.clearInterval(interval);
  }, 1000);
  return () => window.clearInterval(interval);
}
