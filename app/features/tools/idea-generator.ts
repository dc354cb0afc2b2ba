import * as z from "zod/mini";
import {
  COMPLEXITY_LEVELS,
  DEV_TIME_BY_COMPLEXITY,
  FEATURE_COUNT_BY_COMPLEXITY,
  IDEA_TEMPLATES,
  MONETIZATION_MODELS,
  TECH_STACK_OPTIONS,
  type Complexity,
  type Idea,
  type IdeaTemplate,
  type MonetizationModel,
  type TechStackOption,
} from "./idea-templates";

/**
 * The SaaS idea generator (docs/decisions/014-idea-generator-one-pure-module.md): one pure module that the server runs for the
 * no-JavaScript form and the browser runs for the enhanced one. Everything it produces follows from
 * the filter and a seed, both carried in the page's URL, so the page, a reload and the JSON export
 * show the same ideas.
 */

export type IdeaFilter = {
  industry: string;
  targetAudience: string;
  problemToSolve: string;
  complexity: Complexity;
  monetizationModel: MonetizationModel;
  techStack: TechStackOption[];
};

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number;

export const IDEAS_PER_RUN = 3; // docs/product.md §9
export const GENERATION_DELAY_MS = 1200; // docs/product.md §9: the enhanced page's 'generating' state
export const TEXT_FIELD_MAX = 80;

export const DEFAULT_FILTER: IdeaFilter = {
  industry: "",
  targetAudience: "",
  problemToSolve: "",
  complexity: "medium",
  monetizationModel: "subscription",
  techStack: [],
};

/** A problem with the request; its message is shown as '{message}. Using sample ideas instead.' */
export class IdeaGenerationError extends Error {}

/** mulberry32: a tiny, well-distributed 32-bit generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh seed for the next run (Web Crypto exists in browsers and in Node 20). */
export function newSeed(): number {
  const [seed = 0] = crypto.getRandomValues(new Uint32Array(1));
  return seed;
}

export function parseSeed(raw: string | null): number {
  const seed = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(seed <= 0xffffffff)) throw new IdeaGenerationError("Invalid seed");
  return seed;
}

/** A typed filter: spaces trimmed and collapsed, at most TEXT_FIELD_MAX characters. */
const textFilter = (label: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => (value ?? "").trim().replace(/\s+/g, " ")),
    ),
    z.string().check(z.maxLength(TEXT_FIELD_MAX, { error: `${label} must be ${TEXT_FIELD_MAX} characters or fewer` })),
  );

/** One of the options; an empty or missing one is the default (the form always sends one). */
const choice = <T extends string>(options: readonly [T, ...T[]], fallback: T, what: string) =>
  z._default(z.enum(options, { error: (issue) => `Unknown ${what} "${String(issue.input)}"` }), fallback);

/**
 * The filter form's query (docs/product.md §3 Idea filter): anything the form could not have sent
 * is an error with its message, not a guess. zod's mini build: the browser runs it too.
 */
export const ideaFilterSchema = z.object({
  industry: textFilter("Industry"),
  targetAudience: textFilter("Target audience"),
  problemToSolve: textFilter("Problem to solve"),
  complexity: choice(COMPLEXITY_LEVELS, DEFAULT_FILTER.complexity, "complexity"),
  monetizationModel: choice(MONETIZATION_MODELS, DEFAULT_FILTER.monetizationModel, "monetization model"),
  techStack: z.pipe(
    z.pipe(
      // One ticked box is one value, several are a list.
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((value) => (value === undefined ? [] : [value].flat())),
    ),
    z.pipe(
      z.array(z.enum(TECH_STACK_OPTIONS, { error: (issue) => `Unknown tech stack option "${String(issue.input)}"` })),
      // The options' own order and no repeats, so the same choice always gives the same list.
      z.transform((chosen) => TECH_STACK_OPTIONS.filter((option) => chosen.includes(option))),
    ),
  ),
});

/** A query's fields by name, a repeated one as a list; an empty one is left out, as a missing one. */
function queryFields(params: URLSearchParams): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    if (value === "") continue;
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return fields;
}

/** The filter from a query string, through ideaFilterSchema; a bad query throws its first message. */
export function parseIdeaFilter(params: URLSearchParams): IdeaFilter {
  const result = z.safeParse(ideaFilterSchema, queryFields(params));
  if (!result.success) throw new IdeaGenerationError(result.error.issues[0]?.message ?? "Invalid filter");
  return result.data;
}

/** The filter the form shows: the query's, or the defaults when the query is not one the form sent. */
export function filterForForm(params: URLSearchParams): IdeaFilter {
  const result = z.safeParse(ideaFilterSchema, queryFields(params));
  return result.success ? result.data : DEFAULT_FILTER;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const titleCase = (text: string) => text.split(" ").map(capitalise).join(" ");

/** The audience an idea names when the member chose an industry but no audience. */
export const AUDIENCE_FOR_CHOSEN_INDUSTRY = "small businesses";

/** Quotation marks and end punctuation the member typed: the sentence supplies its own. */
const strayPunctuation = /^["'“”‘’\s]+|["'“”‘’.!?,;:\s]+$/g;

/** A typed value cleaned of the punctuation a sentence adds itself; "" when nothing is left. */
export function cleanValue(raw: string): string {
  return raw.replace(strayPunctuation, "").replace(/\s+/g, " ");
}

/**
 * A value as it reads inside a sentence: a first word typed in sentence case ("Healthcare",
 * "Real estate", "E-commerce") is lower-cased; anything else (SaaS, B2B, AI) is kept as typed.
 */
export function inSentence(value: string): string {
  return value.replace(/^[A-Z][a-z]*(?:-[a-z]+)*(?=\s|$)/, (word) => word.toLowerCase());
}

function monetizationStrategy(
  model: MonetizationModel,
  { monthly, unit, unitPrice, freeAllowance }: IdeaTemplate["pricing"],
): string {
  switch (model) {
    case "subscription":
      return `Subscription: Starter at $${monthly}/month and Pro at $${monthly * 3}/month, with a 14-day free trial and two months free on annual plans.`;
    case "freemium":
      return `Freemium: a free plan with ${freeAllowance} per month; Pro at $${monthly}/month unlocks unlimited use, team seats and priority support.`;
    case "one-time":
      return `One-time purchase: a lifetime licence at $${monthly * 6}, with paid upgrades for major versions and an optional done-for-you setup.`;
    case "usage":
      return `Usage-based: $${unitPrice} per ${unit}, billed monthly with volume discounts, plus ${freeAllowance} free to start.`;
  }
}

/**
 * One template made concrete for the filter. The placeholders and where each may stand are
 * described in app/features/tools/idea-templates.ts; this fills them so that any typed value reads.
 */
export function personalise(template: IdeaTemplate, filter: IdeaFilter): Idea {
  const typed = {
    industry: cleanValue(filter.industry),
    audience: cleanValue(filter.targetAudience),
    problem: cleanValue(filter.problemToSolve),
  };
  const industry = inSentence(typed.industry) || template.defaults.industry;
  const audience =
    inSentence(typed.audience) || (typed.industry ? AUDIENCE_FOR_CHOSEN_INDUSTRY : template.defaults.audience);
  const values: Record<string, string> = {
    industry,
    audience,
    audienceinindustry: audience.toLowerCase().includes(industry.toLowerCase())
      ? audience
      : `${audience} in ${industry}`,
    problem: `“${typed.problem}”`,
  };
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
      const value = values[key.toLowerCase()];
      if (value === undefined) throw new Error(`Unknown placeholder ${placeholder} in idea template ${template.id}`);
      return /^[A-Z]/.test(key) ? capitalise(value) : value;
    });
  return {
    id: template.id,
    title: titleCase(fill(template.title)),
    description: fill(template.description),
    targetMarket: fill(template.targetMarket),
    problemSolved: typed.problem ? fill(template.problemSolved.named) : fill(template.problemSolved.own),
    keyFeatures: template.keyFeatures.slice(0, FEATURE_COUNT_BY_COMPLEXITY[filter.complexity]).map(fill),
    monetizationStrategy: monetizationStrategy(filter.monetizationModel, template.pricing),
    estimatedDevTime: DEV_TIME_BY_COMPLEXITY[filter.complexity],
    marketPotential: fill(template.marketPotential),
    competitorAnalysis: fill(template.competitorAnalysis),
    techStack: filter.techStack.length > 0 ? [...filter.techStack] : [...template.techStack],
  };
}

/** Three ideas picked at random from the five templates (docs/product.md §4), personalised from the filter. */
export function generateIdeas(
  filter: IdeaFilter,
  random: RandomSource,
  templates: IdeaTemplate[] = IDEA_TEMPLATES,
): Idea[] {
  const pool = [...templates];
  const picked: IdeaTemplate[] = [];
  while (picked.length < IDEAS_PER_RUN && pool.length > 0) {
    const r = random();
    if (!(r >= 0 && r < 1)) throw new IdeaGenerationError("The random source returned an invalid number");
    picked.push(...pool.splice(Math.floor(r * pool.length), 1));
  }
  return picked.map((template) => personalise(template, filter));
}

/** What the page shows after an error (docs/product.md §4): the first three templates with the default filter. */
export function sampleIdeas(): Idea[] {
  return IDEA_TEMPLATES.slice(0, IDEAS_PER_RUN).map((template) => personalise(template, DEFAULT_FILTER));
}

export function fallbackMessage(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : "Unknown error";
  return `${message}. Using sample ideas instead.`;
}

export type IdeaRun =
  | { status: "idle"; ideas: []; seed: null; error: null }
  | { status: "generated"; ideas: Idea[]; filter: IdeaFilter; seed: number; error: null }
  | { status: "failed"; ideas: Idea[]; seed: null; error: string };

/**
 * The ideas a query string stands for: none before the first run (no seed), the generated ones,
 * or the sample ideas with the spec's message when the query is bad or generation fails.
 */
export function ideasForQuery(params: URLSearchParams, random: (seed: number) => RandomSource = seededRandom): IdeaRun {
  if (!params.has("seed")) return { status: "idle", ideas: [], seed: null, error: null };
  try {
    const filter = parseIdeaFilter(params);
    const seed = parseSeed(params.get("seed"));
    return { status: "generated", ideas: generateIdeas(filter, random(seed)), filter, seed, error: null };
  } catch (error) {
    return { status: "failed", ideas: sampleIdeas(), seed: null, error: fallbackMessage(error) };
  }
}
