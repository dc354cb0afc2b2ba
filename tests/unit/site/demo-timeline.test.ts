import { describe, expect, it } from "vitest";
import {
  DEMO_TIMINGS,
  demoCycle,
  finishedDemoState,
  initialDemoState,
  pickNextPrompt,
  type DemoFrame,
} from "~/features/site/demo-timeline";
import { at } from "../../support/present";

const PROMPT_LENGTH = 87;
const STEPS = 5;
const frames = demoCycle(PROMPT_LENGTH, STEPS);
const elapsed = (list: DemoFrame[]) => list.reduce((sum, frame) => sum + frame.afterMs, 0);
const indexWhere = (test: (frame: DemoFrame) => boolean) => frames.findIndex(test);

describe("demoCycle", () => {
  it("resets 4 s after the previous finish", () => {
    expect(frames[0]).toEqual({ afterMs: 4000, state: initialDemoState(STEPS) });
  });

  it("restarts 2 s after the reset and types the prompt in 40 steps over 2 s", () => {
    const typing = frames.slice(1, 41);
    expect(typing[0]?.afterMs).toBe(2000);
    expect(typing.slice(1).every((frame) => frame.afterMs === 50)).toBe(true);
    const counts = typing.map((frame) => frame.state.typed);
    expect(counts.every((count, i) => i === 0 || count >= at(counts, i - 1))).toBe(true);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[39]).toBe(PROMPT_LENGTH);
    expect(typing.every((frame) => !frame.state.terminalVisible)).toBe(true);
    // 40 steps of 50 ms: the terminal appears 2 s after the first character.
    const terminal = indexWhere((frame) => frame.state.terminalVisible);
    expect(terminal).toBe(41);
    expect(elapsed(frames.slice(2, terminal + 1))).toBe(DEMO_TIMINGS.typingMs);
  });

  it("types a short prompt without overshooting", () => {
    const short = demoCycle(3, STEPS)
      .slice(1, 41)
      .map((frame) => frame.state.typed);
    expect(Math.max(...short)).toBe(3);
    expect(short.at(-1)).toBe(3);
  });

  it("fades the terminal in for 0.5 s before step 1 starts", () => {
    const terminal = indexWhere((frame) => frame.state.terminalVisible);
    const step1 = at(frames, terminal + 1, "frame");
    expect(step1.afterMs).toBe(500);
    expect(step1.state.steps).toEqual(["active", "waiting", "waiting", "waiting", "waiting"]);
    expect(step1.state.status).toBe("Processing step 1 of 5...");
  });

  it("runs each step waiting -> in progress -> complete: 1 s for step 1, 1.5 s after, 0.7 s between", () => {
    const start = indexWhere((frame) => frame.state.steps[0] === "active");
    for (let step = 0; step < STEPS; step++) {
      const active = at(frames, start + step * 2, "frame");
      const complete = at(frames, start + step * 2 + 1, "frame");
      expect(active.state.steps[step]).toBe("active");
      expect(active.state.steps.slice(step + 1).every((s) => s === "waiting")).toBe(true);
      expect(active.state.steps.slice(0, step).every((s) => s === "complete")).toBe(true);
      expect(active.state.status).toBe(`Processing step ${step + 1} of 5...`);
      if (step > 0) expect(active.afterMs).toBe(700);
      expect(complete.state.steps[step]).toBe("complete");
      expect(complete.afterMs).toBe(step === 0 ? 1000 : 1500);
      expect(complete.state.finished).toBe(false);
    }
  });

  it("ends with the final line and the deploy button, equal to the static finished picture", () => {
    const last = frames.at(-1)!;
    expect(last.afterMs).toBe(700);
    expect(last.state).toEqual(finishedDemoState(PROMPT_LENGTH, STEPS));
    expect(frames.slice(0, -1).every((frame) => !frame.state.finished)).toBe(true);
  });

  it("takes the sum of the spec's timings", () => {
    // reset 4 + restart 2 + typing 2 + fade 0.5 + steps (1 + 4 x 1.5) + 4 gaps x 0.7 + final 0.7
    expect(elapsed(frames)).toBe(4000 + 2000 + 2000 + 500 + 1000 + 4 * 1500 + 4 * 700 + 700);
    expect(frames).toHaveLength(1 + 40 + 1 + STEPS * 2 + 1);
  });
});

describe("pickNextPrompt", () => {
  it("never repeats the prompt just shown and reaches every other one", () => {
    for (let previous = 0; previous < 5; previous++) {
      const seen = new Set<number>();
      for (const r of [0, 0.2, 0.4, 0.6, 0.8, 0.99]) {
        const next = pickNextPrompt(5, previous, () => r);
        expect(next).not.toBe(previous);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(5);
        seen.add(next);
      }
      expect(seen.size).toBe(4);
    }
  });

  it("stays on the only prompt there is", () => {
    expect(pickNextPrompt(1, 0, () => 0.5)).toBe(0);
  });
});
