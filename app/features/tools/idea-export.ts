import { APP_BUILDER_PROMPT_PARAM, APP_PROMPT_MAX_LENGTH } from "./member-tools";
import type { Idea } from "./idea-templates";
import type { IdeaFilter } from "./idea-generator";

/**
 * What the idea generator hands on: an idea as an app prompt for /app-builder, and a run's ideas as
 * a Markdown document (the JSON export is the ideas themselves). Pure, so the page, the export
 * route and the tests share it.
 */

/** The app prompt an idea stands for: who, what the app does, its features, how it earns. */
export function ideaAppPrompt(idea: Idea): string {
  const prompt = [
    `Build a web app called "${idea.title}". ${idea.description}`,
    `Who it is for: ${idea.targetMarket}`,
    `Problem it solves: ${idea.problemSolved}`,
    ["Key features:", ...idea.keyFeatures.map((feature) => `- ${feature}`)].join("\n"),
    `Monetization: ${idea.monetizationStrategy}`,
    `Tech stack: ${idea.techStack.join(", ")}.`,
    "Start with a working MVP: sign-up and login, the main screen with the first two features, and a pricing page.",
  ].join("\n\n");
  return prompt.slice(0, APP_PROMPT_MAX_LENGTH);
}

/** /app-builder with the idea's prompt already in its textarea; a plain link, so no JavaScript is needed. */
export function appBuilderHref(idea: Idea): string {
  return `/app-builder?${new URLSearchParams({ [APP_BUILDER_PROMPT_PARAM]: ideaAppPrompt(idea) })}#app-prompt`;
}

export const EXPORT_FORMATS = ["json", "markdown"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export's format from its `format` parameter: JSON unless Markdown is asked for. */
export function parseExportFormat(raw: string | null): ExportFormat {
  return raw === "markdown" ? "markdown" : "json";
}

function filterSummary(filter: IdeaFilter): string[] {
  const rows: Array<[string, string]> = [
    ["Industry", filter.industry],
    ["Target audience", filter.targetAudience],
    ["Problem to solve", filter.problemToSolve],
    ["Complexity", filter.complexity],
    ["Monetization model", filter.monetizationModel],
    ["Tech stack", filter.techStack.join(", ")],
  ];
  return rows.filter(([, value]) => value !== "").map(([label, value]) => `- **${label}:** ${value}`);
}

/** One idea as a Markdown section. */
export function ideaMarkdown(idea: Idea): string {
  return [
    `## ${idea.title}`,
    idea.description,
    `**Target market:** ${idea.targetMarket}`,
    `**Problem solved:** ${idea.problemSolved}`,
    ["**Key features:**", "", ...idea.keyFeatures.map((feature) => `- ${feature}`)].join("\n"),
    `**Monetization strategy:** ${idea.monetizationStrategy}`,
    `**Estimated dev time:** ${idea.estimatedDevTime}`,
    `**Market potential:** ${idea.marketPotential}`,
    `**Competitor analysis:** ${idea.competitorAnalysis}`,
    `**Tech stack:** ${idea.techStack.join(", ")}`,
  ].join("\n\n");
}

/** A run's ideas as one Markdown document: the filter that produced them (or the error), then each idea. */
export function ideasMarkdown(run: {
  ideas: Idea[];
  filter?: IdeaFilter;
  seed?: number | null;
  error?: string | null;
}): string {
  const intro = run.error
    ? [`> ${run.error}`]
    : [...(run.filter ? filterSummary(run.filter) : []), ...(run.seed != null ? [`- **Seed:** ${run.seed}`] : [])];
  return [["# SaaS ideas", "", ...intro].join("\n"), ...run.ideas.map(ideaMarkdown)].join("\n\n") + "\n";
}
