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

const TEXT_FIELDS = [
  ["industry", "Industry"],
  ["targetAudience", "Target audience"],
  ["problemToSolve", "Problem to solve"],
] as const;

function oneOf<T extends string>(options: readonly T[], raw: string, what: string): T {
  if ((options as readonly string[]).includes(raw)) return raw as T;
  throw new IdeaGenerationError(`Unknown ${what} "${raw}"`);
}

const orDefault = <T extends string>(options: readonly T[], raw: string | null, fallback: T, what: string): T =>
  raw === null || raw === "" ? fallback : oneOf(options, raw, what);

/** The filter from a query string; anything the form could not have sent is an error, not a guess. */
export function parseIdeaFilter(params: URLSearchParams): IdeaFilter {
  const text = Object.fromEntries(
    TEXT_FIELDS.map(([name, label]) => {
      const value = (params.get(name) ?? "").trim().replace(/\s+/g, " ");
      if (value.length > TEXT_FIELD_MAX)
        throw new IdeaGenerationError(`${label} must be ${TEXT_FIELD_MAX} characters or fewer`);
      return [name, value];
    }),
  ) as Pick<IdeaFilter, (typeof TEXT_FIELDS)[number][0]>;
  const techStack = params.getAll("techStack").map((raw) => oneOf(TECH_STACK_OPTIONS, raw, "tech stack option"));
  return {
    ...text,
    complexity: orDefault(COMPLEXITY_LEVELS, params.get("complexity"), DEFAULT_FILTER.complexity, "complexity"),
    monetizationModel: orDefault(
      MONETIZATION_MODELS,
      params.get("monetizationModel"),
      DEFAULT_FILTER.monetizationModel,
      "monetization model",
    ),
    // The options' own order and no repeats, so the same choice always gives the same list.
    techStack: TECH_STACK_OPTIONS.filter((option) => techStack.includes(option)),
  };
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
