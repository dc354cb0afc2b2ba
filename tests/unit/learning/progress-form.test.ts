import { describe, expect, it } from "vitest";
import { progressForm } from "~/features/learning/progress-form";
import { valueOf } from "../../support/form-submission";

describe("a course page's progress forms", () => {
  it("take the intent, the chapter and the fetcher's `respond`, which the progress code checks", () => {
    expect(valueOf(progressForm, { intent: "complete", chapterId: "c1", respond: "data" })).toEqual({
      intent: "complete",
      chapterId: "c1",
      respond: "data",
    });
    expect(valueOf(progressForm, { intent: "certificate", chapterId: "" })).toEqual({ intent: "certificate" });
    expect(valueOf(progressForm, {})).toEqual({});
  });
});
