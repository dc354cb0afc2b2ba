/**
 * The animated build demo of docs/product.md §1/§4 as a pure timeline, so its timings are unit-tested and the
 * component only plays frames. One cycle starts from the finished picture of the previous prompt
 * (which is also what the server renders, so the page looks complete without JavaScript):
 *
 *   reset (4 s after finishing) -> restart typing a new prompt (2 s later), 40 steps over 2 s
 *   -> terminal fades in (0.5 s) -> five build steps: in progress, then complete after 1 s for the
 *   first step and 1.5 s for the others, 0.7 s between steps -> the final line and the deploy button.
 */
export type StepStatus = "waiting" | "active" | "complete";

export type DemoState = {
  /** How many characters of the prompt are typed. */
  typed: number;
  terminalVisible: boolean;
  steps: StepStatus[];
  /** 'Processing step N of 5...' while building; null before the build and once it is done. */
  status: string | null;
  /** The final line shows and the disabled build button has become the deploy button. */
  finished: boolean;
};

/** A state to show `afterMs` milliseconds after the previous frame. */
export type DemoFrame = { afterMs: number; state: DemoState };

export const DEMO_TIMINGS = {
  resetAfterMs: 4000,
  restartAfterMs: 2000,
  typingMs: 2000,
  typingSteps: 40,
  terminalFadeMs: 500,
  firstStepMs: 1000,
  laterStepMs: 1500,
  betweenStepsMs: 700,
} as const;

export const processingStatus = (step: number, total: number) => `Processing step ${step} of ${total}...`;

export function initialDemoState(stepCount: number): DemoState {
  return { typed: 0, terminalVisible: false, steps: Array(stepCount).fill("waiting"), status: null, finished: false };
}

/** The end of a cycle: the whole prompt, every step complete, the final line and the deploy button. */
export function finishedDemoState(promptLength: number, stepCount: number): DemoState {
  return {
    typed: promptLength,
    terminalVisible: true,
    steps: Array(stepCount).fill("complete"),
    status: null,
    finished: true,
  };
}

/** The frames of one cycle for a prompt of `promptLength` characters, from the reset to the finish. */
export function demoCycle(promptLength: number, stepCount: number): DemoFrame[] {
  const t = DEMO_TIMINGS;
  const typingStepMs = t.typingMs / t.typingSteps;
  const frames: DemoFrame[] = [];
  let state = initialDemoState(stepCount);
  const push = (afterMs: number, change: Partial<DemoState>) => {
    state = { ...state, ...change };
    frames.push({ afterMs, state });
  };

  push(t.resetAfterMs, {});
  for (let i = 1; i <= t.typingSteps; i++) {
    push(i === 1 ? t.restartAfterMs : typingStepMs, { typed: Math.ceil((promptLength * i) / t.typingSteps) });
  }
  // The last typing step lasts its 50 ms like the others, then the terminal starts to fade in.
  push(typingStepMs, { terminalVisible: true });

  for (let step = 0; step < stepCount; step++) {
    const withStatus = (status: StepStatus) => state.steps.map((s, i) => (i === step ? status : s));
    push(step === 0 ? t.terminalFadeMs : t.betweenStepsMs, {
      steps: withStatus("active"),
      status: processingStatus(step + 1, stepCount),
    });
    push(step === 0 ? t.firstStepMs : t.laterStepMs, { steps: withStatus("complete") });
  }
  // The final line follows the same 0.7 s gap that separates the steps.
  push(t.betweenStepsMs, { status: null, finished: true });
  return frames;
}

/** A random prompt for the next cycle, never the one just shown (when there is a choice). */
export function pickNextPrompt(count: number, previous: number, random: () => number = Math.random): number {
  if (count <= 1) return 0;
  const offset = 1 + Math.floor(random() * (count - 1));
  return (previous + offset) % count;
}
