import { demoCycle, finishedDemoState, pickNextPrompt, type DemoFrame, type DemoState } from "./demo-timeline";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Puts one state of the timeline on the figure `BuildDemo` rendered (build-demo.tsx): text where
 * text changes, and data attributes that its classes turn into colours, icons and visibility.
 */
function show(figure: HTMLElement, prompt: string, state: DemoState) {
  const part = (name: string) => figure.querySelector<HTMLElement>(`[data-demo-part="${name}"]`)!;
  figure.dataset.finished = String(state.finished);
  part("caption").textContent = prompt;
  part("typed").textContent = prompt.slice(0, state.typed);
  const terminal = part("terminal");
  terminal.dataset.visible = String(state.terminalVisible);
  terminal.setAttribute("aria-hidden", String(!state.terminalVisible));
  figure.querySelectorAll<HTMLElement>('[data-demo-part="step"]').forEach((step, i) => {
    step.dataset.status = state.steps[i];
  });
  part("status").textContent = state.status ?? "";
}

/**
 * Plays the timeline of app/features/site/demo-timeline.ts on a rendered build demo, from the finished build
 * the server rendered, unless the visitor prefers reduced motion (then, or when they come to
 * prefer it, the finished build stays). Plain DOM, no React: `/` loads this module alone (issue 12),
 * and pages React hydrates import it from `BuildDemo`. A figure plays once; returns a stop function.
 */
export function playBuildDemo(figure: HTMLElement): () => void {
  if (figure.dataset.playing === "true") return () => {};
  figure.dataset.playing = "true";
  const prompts = JSON.parse(figure.dataset.prompts ?? "[]") as string[];
  const stepCount = figure.querySelectorAll('[data-demo-part="step"]').length;
  const motion = window.matchMedia(REDUCED_MOTION);
  const first = prompts[0];
  if (first === undefined) return () => {};
  let timer: number | undefined;
  let prompt = 0;
  let text = first;
  let frames: DemoFrame[] = [];
  let index = 0;

  const playNext = () => {
    if (index === frames.length) {
      prompt = pickNextPrompt(prompts.length, prompt);
      text = prompts[prompt] ?? first;
      frames = demoCycle(text.length, stepCount);
      index = 0;
    }
    const frame = frames[index++];
    if (!frame) return;
    timer = window.setTimeout(() => {
      show(figure, text, frame.state);
      playNext();
    }, frame.afterMs);
  };
  const stop = () => {
    window.clearTimeout(timer);
    frames = [];
    index = 0;
    show(figure, text, finishedDemoState(text.length, stepCount));
  };
  const follow = () => (motion.matches ? stop() : playNext());

  if (!motion.matches) playNext();
  motion.addEventListener("change", follow);
  return () => {
    window.clearTimeout(timer);
    motion.removeEventListener("change", follow);
    figure.dataset.playing = "false";
  };
}
