import { useEffect, useRef } from "react";
import type { DemoContent } from "~/platform/copy-types";
import { finishedDemoState } from "./demo-timeline";
import { Icon } from "~/platform/ui/icon";

/**
 * The animated build demo (decoration only: nothing is saved, nothing is called). The server and
 * a browser without JavaScript show the finished build of the first prompt; in the browser
 * `playBuildDemo` (build-demo-player.ts) plays the timeline from there by changing the texts and
 * the `data-*` attributes below, which the classes turn into colours, icons and visibility.
 * React pages start it here; `/`, which loads no React, with `BuildDemoScript`. Every part keeps
 * its space in every state, so the animation never shifts the page.
 */
export function BuildDemo({ demo }: { demo: DemoContent }) {
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import("./build-demo-player").then(({ playBuildDemo }) => {
      if (!left && figure.current) stop = playBuildDemo(figure.current);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);

  const prompt = demo.prompts[0];
  const state = finishedDemoState(prompt.length, demo.steps.length);

  return (
    <figure
      ref={figure}
      data-build-demo=""
      data-prompts={JSON.stringify(demo.prompts)}
      data-finished={String(state.finished)}
      className="group/demo mx-auto max-w-3xl overflow-hidden rounded-2xl bg-slate-900 text-slate-100 shadow-xl"
    >
      <figcaption className="sr-only">
        Demo: an app is built from the prompt “<span data-demo-part="caption">{prompt}</span>” in {demo.steps.length}{" "}
        steps.
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
              <span data-demo-part="typed" className="border-r-8 border-slate-100 pr-px">
                {prompt.slice(0, state.typed)}
              </span>
            </span>
          </p>
        </div>

        <div
          data-demo-part="terminal"
          data-visible={String(state.terminalVisible)}
          className="rounded-lg bg-black/40 p-4 font-mono text-sm opacity-0 transition-opacity duration-500 data-[visible=true]:opacity-100 motion-reduce:transition-none"
          aria-hidden={!state.terminalVisible}
        >
          <p className="text-green-400">$ build-saas --from-prompt</p>
          <ol className="mt-3 space-y-2">
            {demo.steps.map((step, i) => (
              <li
                key={step}
                data-demo-part="step"
                data-status={state.steps[i]}
                className="group/step flex items-center gap-3 text-slate-400 data-[status=active]:text-white data-[status=complete]:text-green-400"
              >
                <StepIcons />
                <span>{step}</span>
              </li>
            ))}
          </ol>
          <p data-demo-part="status" className="mt-3 min-h-5 text-slate-300">
            {state.status ?? ""}
          </p>
          <p className="invisible mt-1 font-semibold text-green-400 group-data-[finished=true]/demo:visible">
            ✓ {demo.finalLine}
          </p>
        </div>

        <div className="grid justify-items-center">
          {/* Both buttons share one cell; only one is visible, so the swap moves nothing. */}
          <button
            type="button"
            disabled
            className="col-start-1 row-start-1 inline-flex items-center gap-2 rounded-lg bg-slate-600 px-5 py-3 font-semibold text-white group-data-[finished=true]/demo:invisible"
          >
            <span
              className="h-4 w-4 rounded-full border-2 border-white/40 border-t-white motion-safe:animate-spin"
              aria-hidden="true"
            />
            {demo.buildingLabel}
          </button>
          <span className="invisible col-start-1 row-start-1 inline-flex items-center gap-2 rounded-lg bg-green-700 px-5 py-3 font-semibold text-white group-data-[finished=true]/demo:visible">
            <Icon name="rocket" className="h-5 w-5" />
            {demo.deployLabel}
          </span>
        </div>
      </div>
    </figure>
  );
}

/** All three icons of a step; its `data-status` shows one: done, in progress or waiting. */
function StepIcons() {
  return (
    <>
      <Icon name="check" className="hidden h-4 w-4 flex-none group-data-[status=complete]/step:block" />
      <span
        aria-hidden="true"
        className="hidden h-4 w-4 flex-none rounded-full border-2 border-slate-500 border-t-white group-data-[status=active]/step:block motion-safe:animate-spin"
      />
      <span
        aria-hidden="true"
        className="hidden h-4 w-4 flex-none rounded-full border-2 border-slate-500 group-data-[status=waiting]/step:block"
      />
    </>
  );
}

/**
 * Starts the demo on a page React does not hydrate (`/`): the player, built by the Remix compiler
 * as its own small chunk (`src`, from `clientModuleUrl`), loaded as Remix loads its own modules: a
 * module preload (which 'strict-dynamic' lets through) and an inline module script that imports it
 * (allowed by the request's nonce, or by its hash on a cached page).
 */
export function BuildDemoScript({ src, nonce }: { src: string; nonce?: string }) {
  const code = `import{playBuildDemo}from${JSON.stringify(src).replace(/</g, "\\u003c")};playBuildDemo(document.querySelector("[data-build-demo]"));`;
  return (
    <>
      <link rel="modulepreload" href={src} nonce={nonce} />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />
    </>
  );
}
