import { describe, expect, it } from "vitest";
import { APP_PROMPT_MAX_LENGTH } from "~/features/tools/member-tools";
import { appBuilderHref, ideaAppPrompt, ideasMarkdown, parseExportFormat } from "~/features/tools/idea-export";
import { DEFAULT_FILTER, generateIdeas, seededRandom } from "~/features/tools/idea-generator";
import { first } from "../../support/present";

const filter = {
  ...DEFAULT_FILTER,
  industry: "Healthcare",
  problemToSolve: "Too many no-shows",
  techStack: ["React" as const],
};
const ideas = generateIdeas(filter, seededRandom(3));

describe("ideaAppPrompt and appBuilderHref", () => {
  it("turns an idea into an app prompt with its audience, problem, features, pricing and stack", () => {
    const idea = first(ideas, "idea");
    const prompt = ideaAppPrompt(idea);
    expect(prompt.startsWith(`Build a web app called "${idea.title}". ${idea.description}`)).toBe(true);
    for (const part of [
      idea.targetMarket,
      idea.problemSolved,
      idea.monetizationStrategy,
      ...idea.keyFeatures.map((f) => `- ${f}`),
    ]) {
      expect(prompt).toContain(part);
    }
    expect(prompt).toContain("Tech stack: React.");
    expect(prompt.length).toBeLessThanOrEqual(APP_PROMPT_MAX_LENGTH);
  });

  it("links to /app-builder with the prompt in the query string, so the textarea is filled without JavaScript", () => {
    const href = appBuilderHref(first(ideas, "idea"));
    const url = new URL(href, "http://site.test");
    expect(url.pathname).toBe("/app-builder");
    expect(url.searchParams.get("prompt")).toBe(ideaAppPrompt(first(ideas, "idea")));
    expect(url.hash).toBe("#app-prompt");
  });
});

describe("ideasMarkdown", () => {
  it("lists the filter and seed, then every idea as a section with every field", () => {
    const markdown = ideasMarkdown({ ideas, filter, seed: 3 });
    expect(
      markdown.startsWith("# SaaS ideas\n\n- **Industry:** Healthcare\n- **Problem to solve:** Too many no-shows\n"),
    ).toBe(true);
    expect(markdown).toContain("- **Tech stack:** React");
    expect(markdown).toContain("- **Seed:** 3");
    expect(markdown).not.toContain("**Target audience:**"); // left blank, so not listed
    for (const idea of ideas) {
      expect(markdown).toContain(`\n## ${idea.title}\n\n${idea.description}\n`);
      expect(markdown).toContain(`**Competitor analysis:** ${idea.competitorAnalysis}`);
      expect(markdown).toContain(`**Estimated dev time:** ${idea.estimatedDevTime}`);
      for (const feature of idea.keyFeatures) expect(markdown).toContain(`\n- ${feature}`);
    }
    expect(markdown.endsWith("\n")).toBe(true);
  });

  it("quotes the error for the sample ideas", () => {
    const markdown = ideasMarkdown({ ideas, error: "Invalid seed. Using sample ideas instead." });
    expect(markdown.startsWith("# SaaS ideas\n\n> Invalid seed. Using sample ideas instead.\n\n## ")).toBe(true);
  });

  it("reads the format parameter: Markdown when asked, JSON otherwise", () => {
    expect(parseExportFormat("markdown")).toBe("markdown");
    expect(parseExportFormat("json")).toBe("json");
    expect(parseExportFormat(null)).toBe("json");
    expect(parseExportFormat("pdf")).toBe("json");
  });
});
