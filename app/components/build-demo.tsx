import { useEffect, useState } from "react";
import type { DemoContent } from "~/content/types";
import {
  demoCycle,
  finishedDemoState,
  pickNextPrompt,
  type DemoFrame,
  type DemoState,
  type StepStatus,
} from "~/lib/demo-timeline";
import { Icon } from "./icon";

type View = { prompt: number; state: DemoState };

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * The animated build demo (decoration only: nothing is saved, nothing is called). The server and
 * a browser without JavaScript show the finished build of the first prompt; in the browser the
 * timeline of app/lib/demo-timeline.ts plays from there, unless the visitor prefers reduced motion.
 * Every part keeps its space in every state, so the animation never shifts the page.
 */
export function BuildDemo({ demo }: { demo: DemoContent }) {
  const finished = (prompt: number): View => ({
    prompt,
    state: finishedDemoState(demo.prompts[prompt].length, demo.steps.length),
  });
  const [view, setView] = useState<View>(() => finished(0));

  useEffect(() => {
    const motion = window.matchMedia(REDUCED_MOTION);
    let timer: number | undefined;
    let prompt = 0;
    let frames: DemoFrame[] = [];
    let index = 0;

    const playNext = () => {
      if (index === frames.length) {
        prompt = pickNextPrompt(demo.prompts.length, prompt);
        frames = demoCycle(demo.prompts[prompt].length, demo.steps.length);
        index = 0;
      }
      const frame = frames[index++];
      timer = window.setTimeout(() => {
        setView({ prompt, state: frame.state });
        playNext();
      }, frame.afterMs);
    };
    const stop = () => {
      window.clearTimeout(timer);
      frames = [];
      index = 0;
      setView({ prompt, state: finishedDemoState(demo.prompts[prompt].length, demo.steps.length) });
    };
    const follow = () => (motion.matches ? stop() : playNext());

    if (!motion.matches) playNext();
    motion.addEventListener("change", follow);
    return () => {
      window.clearTimeout(timer);
      motion.removeEventListener("change", follow);
    };
  }, [demo]);

  const prompt = demo.prompts[view.prompt];
  const { state } = view;

  return (
    <figure className="mx-auto max-w-3xl overflow-hidden rounded-2xl bg-slate-900 text-slate-100 shadow-xl">
      <figcaption className="sr-only">
        Demo: an app is built from the prompt “{prompt}” in {demo.steps.length} steps.
      </figcaption>
      <div className="flex items-center gap-2 border-b border-slate-700 px-4 py-3" aria-hidden="true">
        <span className="h-3 w-3 rounded-full bg-red-400" />
        <span className="h-3 w-3 rounded-full bg-yellow-400" />
        <span className="h-3 w-3 rounded-full bg-green-400" />
      </div>

      <div className="space-y-5 p-4 sm:p-6">
        <div className="rounded-lg bg-slate-800 p-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-300">Your prompt</p>
          {/* Every prompt sits invisibly under the typed part, so the box keeps the height of the longest. */}
          <p className="mt-2 grid font-mono text-sm leading-relaxed sm:text-base" aria-hidden="true">
            {demo.prompts.map((text) => (
              <span key={text} className="invisible col-start-1 row-start-1">
                {text}▌
              </span>
            ))}
            {/* The caret is the typed text's own border: a separate caret element would jump lines and shift. */}
            <span className="col-start-1 row-start-1">
              <span className="border-r-8 border-slate-100 pr-px">{prompt.slice(0, state.typed)}</span>
            </span>
          </p>
        </div>

        <div
          className={`rounded-lg bg-black/40 p-4 font-mono text-sm transition-opacity duration-500 motion-reduce:transition-none ${
            state.terminalVisible ? "opacity-100" : "opacity-0"
          }`}
          aria-hidden={!state.terminalVisible}
        >
          <p className="text-green-400">$ build-saas --from-prompt</p>
          <ol className="mt-3 space-y-2">
            {demo.steps.map((step, i) => (
              <li key={step} className={`flex items-center gap-3 ${stepTextClass[state.steps[i]]}`}>
                <StepIcon status={state.steps[i]} />
                <span>{step}</span>
              </li>
            ))}
          </ol>
          <p className="mt-3 min-h-5 text-slate-300">{state.status ?? ""}</p>
          <p className={`mt-1 font-semibold text-green-400 ${state.finished ? "" : "invisible"}`}>✓ {demo.finalLine}</p>
        </div>

        <div className="grid justify-items-center">
          {/* Both buttons share one cell; only one is visible, so the swap moves nothing. */}
          <button
            type="button"
            disabled
            className={`col-start-1 row-start-1 inline-flex items-center gap-2 rounded-lg bg-slate-600 px-5 py-3 font-semibold text-white ${
              state.finished ? "invisible" : ""
            }`}
          >
            <span
              className="h-4 w-4 rounded-full border-2 border-white/40 border-t-white motion-safe:animate-spin"
              aria-hidden="true"
            />
            {demo.buildingLabel}
          </button>
          <span
            className={`col-start-1 row-start-1 inline-flex items-center gap-2 rounded-lg bg-green-700 px-5 py-3 font-semibold text-white ${
              state.finished ? "" : "invisible"
            }`}
          >
            <Icon name="rocket" className="h-5 w-5" />
            {demo.deployLabel}
          </span>
        </div>
      </div>
    </figure>
  );
}

const stepTextClass: Record<StepStatus, string> = {
  waiting: "text-slate-400",
  active: "text-white",
  complete: "text-green-400",
};

function StepIcon({ status }: { status: StepStatus }) {
  if (status === "complete") return <Icon name="check" className="h-4 w-4 flex-none" />;
  if (status === "active") {
    return (
      <span
        aria-hidden="true"
        className="h-4 w-4 flex-none rounded-full border-2 border-slate-500 border-t-white motion-safe:animate-spin"
      />
    );
  }
  return <span aria-hidden="true" className="h-4 w-4 flex-none rounded-full border-2 border-slate-500" />;
}
