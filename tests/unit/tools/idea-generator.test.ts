import { describe, expect, it } from "vitest";
import {
  AUDIENCE_SUGGESTIONS,
  COMPLEXITY_LEVELS,
  DEV_TIME_BY_COMPLEXITY,
  IDEA_TEMPLATES,
  INDUSTRY_SUGGESTIONS,
  MONETIZATION_MODELS,
  TECH_STACK_OPTIONS,
} from "~/features/tools/idea-templates";
import {
  DEFAULT_FILTER,
  generateIdeas,
  ideasForQuery,
  parseIdeaFilter,
  filterForForm,
  parseSeed,
  personalise,
  sampleIdeas,
  seededRandom,
  TEXT_FIELD_MAX,
  type IdeaFilter,
} from "~/features/tools/idea-generator";
import { at, first } from "../../support/present";

/** The first idea of a run: the one `() => 0` picks. */
const firstIdea = (...args: Parameters<typeof generateIdeas>) => first(generateIdeas(...args), "idea");
const filter = (overrides: Partial<IdeaFilter> = {}): IdeaFilter => ({ ...DEFAULT_FILTER, ...overrides });
const ideaKeys = [
  "id",
  "title",
  "description",
  "targetMarket",
  "problemSolved",
  "keyFeatures",
  "monetizationStrategy",
  "estimatedDevTime",
  "marketPotential",
  "competitorAnalysis",
  "techStack",
];

describe("the content", () => {
  it("offers exactly 24 distinct tech stack options and 5 templates", () => {
    expect(TECH_STACK_OPTIONS).toHaveLength(24);
    expect(new Set(TECH_STACK_OPTIONS).size).toBe(24);
    expect(IDEA_TEMPLATES).toHaveLength(5);
    expect(new Set(IDEA_TEMPLATES.map((t) => t.id)).size).toBe(5);
  });

  it("uses only known tech options in the templates' default stacks", () => {
    for (const template of IDEA_TEMPLATES)
      for (const tech of template.techStack) expect(TECH_STACK_OPTIONS).toContain(tech);
  });
});

describe("generateIdeas", () => {
  it("returns 3 ideas from 3 different templates, with every field of docs/product.md §3", () => {
    const ideas = generateIdeas(filter(), seededRandom(42));
    expect(ideas).toHaveLength(3);
    expect(new Set(ideas.map((idea) => idea.id)).size).toBe(3);
    for (const idea of ideas) {
      expect(Object.keys(idea).sort()).toEqual([...ideaKeys].sort());
      expect(IDEA_TEMPLATES.map((t) => t.id)).toContain(idea.id);
      expect(idea.keyFeatures.length).toBeGreaterThan(0);
      expect(idea.techStack.length).toBeGreaterThan(0);
      expect(JSON.stringify(idea)).not.toMatch(/\{(industry|audience|problem)\}/i);
    }
  });

  it("is deterministic for a seed, and different seeds reach every template", () => {
    expect(generateIdeas(filter(), seededRandom(7))).toEqual(generateIdeas(filter(), seededRandom(7)));
    const seen = new Set<string>();
    const sets = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const ids = generateIdeas(filter(), seededRandom(seed)).map((idea) => idea.id);
      ids.forEach((id) => seen.add(id));
      sets.add(ids.join(","));
    }
    expect(seen.size).toBe(5);
    // 5 * 4 * 3 ordered picks exist; a fair generator reaches most of them in 200 runs.
    expect(sets.size).toBeGreaterThan(40);
  });

  it("picks by the random source: 0 always takes the first remaining template", () => {
    expect(generateIdeas(filter(), () => 0).map((idea) => idea.id)).toEqual(
      IDEA_TEMPLATES.slice(0, 3).map((t) => t.id),
    );
    expect(generateIdeas(filter(), () => 0.999).map((idea) => idea.id)).toEqual(
      IDEA_TEMPLATES.slice(-3)
        .map((t) => t.id)
        .reverse(),
    );
  });

  it("personalises title, text and audience from the filter, quoting the member's problem", () => {
    const idea = firstIdea(
      filter({ industry: "Real estate", targetAudience: "Independent agents", problemToSolve: "Too many no-shows." }),
      () => 0,
    );
    expect(idea.title).toBe("Real Estate Support Copilot");
    expect(idea.description).toContain("for businesses in real estate");
    expect(idea.targetMarket).toBe(
      "Independent agents in real estate who answer the same customer questions every day.",
    );
    expect(idea.problemSolved).toMatch(/^It takes on “Too many no-shows” for independent agents: /);
    expect(idea.problemSolved).not.toContain("support teams drown");
    expect(idea.competitorAnalysis).toContain("real estate");
  });

  it("keeps acronyms as typed and does not repeat an industry the audience already names", () => {
    const idea = firstIdea(filter({ industry: "SaaS", targetAudience: "SaaS founders" }), () => 0);
    expect(idea.title).toBe("SaaS Support Copilot");
    expect(idea.targetMarket).toBe("SaaS founders who answer the same customer questions every day.");
  });

  it("falls back to the template's own audience and problem for blank text fields", () => {
    const idea = firstIdea(filter(), () => 0);
    const template = at(IDEA_TEMPLATES, 0, "template");
    expect(idea.title).toBe("E-commerce Support Copilot");
    expect(idea.targetMarket).toBe(
      `${template.defaults.audience.charAt(0).toUpperCase()}${template.defaults.audience.slice(1)} in e-commerce who answer the same customer questions every day.`,
    );
    expect(idea.problemSolved).toBe(template.problemSolved.own);
    // An industry alone gets a neutral audience rather than the template's own niche.
    expect(firstIdea(filter({ industry: "Fitness" }), () => 0).targetMarket).toMatch(
      /^Small businesses in fitness who /,
    );
  });

  it("maps complexity to the development time (docs/product.md §9) and to the number of features", () => {
    const devTime = (complexity: IdeaFilter["complexity"]) => firstIdea(filter({ complexity }), () => 0);
    expect(devTime("low").estimatedDevTime).toBe("1-2 months");
    expect(devTime("high").estimatedDevTime).toBe("6-8 months");
    expect(devTime("medium").estimatedDevTime).toBe("3-5 months");
    expect(DEV_TIME_BY_COMPLEXITY.medium).toBe("3-5 months");
    expect(devTime("low").keyFeatures).toHaveLength(4);
    expect(devTime("medium").keyFeatures).toHaveLength(5);
    expect(devTime("high").keyFeatures).toHaveLength(6);
  });

  it("describes the chosen monetisation model", () => {
    const strategy = (monetizationModel: IdeaFilter["monetizationModel"]) =>
      firstIdea(filter({ monetizationModel }), () => 0).monetizationStrategy;
    expect(strategy("subscription")).toMatch(/^Subscription: Starter at \$49\/month and Pro at \$147\/month/);
    expect(strategy("freemium")).toMatch(/^Freemium: a free plan with 50 AI-resolved conversations per month/);
    expect(strategy("one-time")).toMatch(/^One-time purchase: a lifetime licence at \$294/);
    expect(strategy("usage")).toMatch(/^Usage-based: \$0\.40 per resolved conversation/);
  });

  it("uses the chosen tech stack, else the template's", () => {
    const chosen = generateIdeas(filter({ techStack: ["Svelte", "Go"] }), seededRandom(1));
    for (const idea of chosen) expect(idea.techStack).toEqual(["Svelte", "Go"]);
    const own = firstIdea(filter(), () => 0);
    expect(own.techStack).toEqual(at(IDEA_TEMPLATES, 0, "template").techStack);
  });

  it("refuses a random source that is out of range", () => {
    expect(() => generateIdeas(filter(), () => 1)).toThrow("The random source returned an invalid number");
    expect(() => generateIdeas(filter(), () => Number.NaN)).toThrow("The random source returned an invalid number");
  });
});

describe("parseIdeaFilter and parseSeed", () => {
  it("reads every field, trims text and orders the tech stack like the options", () => {
    const params = new URLSearchParams(
      "industry=%20Fitness%20%20studios%20&targetAudience=Gym+owners&problemToSolve=Churn&complexity=high&monetizationModel=usage&techStack=Stripe&techStack=React&techStack=Stripe",
    );
    expect(parseIdeaFilter(params)).toEqual({
      industry: "Fitness studios",
      targetAudience: "Gym owners",
      problemToSolve: "Churn",
      complexity: "high",
      monetizationModel: "usage",
      techStack: ["React", "Stripe"],
    });
  });

  it("uses the defaults for an empty query", () => {
    expect(parseIdeaFilter(new URLSearchParams())).toEqual(DEFAULT_FILTER);
    expect(parseIdeaFilter(new URLSearchParams("complexity=&monetizationModel="))).toEqual(DEFAULT_FILTER);
  });

  it("names what is wrong with a bad query", () => {
    expect(() => parseIdeaFilter(new URLSearchParams("complexity=extreme"))).toThrow('Unknown complexity "extreme"');
    expect(() => parseIdeaFilter(new URLSearchParams("monetizationModel=ads"))).toThrow(
      'Unknown monetization model "ads"',
    );
    expect(() => parseIdeaFilter(new URLSearchParams("techStack=COBOL"))).toThrow('Unknown tech stack option "COBOL"');
    expect(() => parseIdeaFilter(new URLSearchParams({ industry: "x".repeat(81) }))).toThrow(
      "Industry must be 80 characters or fewer",
    );
  });

  it("reads one ticked tech box as a list of one, and leaves out the run's other parameters", () => {
    expect(parseIdeaFilter(new URLSearchParams("techStack=React&seed=7&idea=x&format=json"))).toEqual({
      ...DEFAULT_FILTER,
      techStack: ["React"],
    });
  });

  it("gives the form the query's filter, or the defaults for a query the form could not have sent", () => {
    expect(filterForForm(new URLSearchParams("industry=Legal&complexity=low"))).toEqual({
      ...DEFAULT_FILTER,
      industry: "Legal",
      complexity: "low",
    });
    expect(filterForForm(new URLSearchParams("industry=Legal&complexity=extreme"))).toEqual(DEFAULT_FILTER);
  });

  it("accepts 32-bit unsigned seeds only", () => {
    expect(parseSeed("0")).toBe(0);
    expect(parseSeed("4294967295")).toBe(4294967295);
    for (const bad of [null, "", "-1", "1.5", "4294967296", "abc", "12345678901"])
      expect(() => parseSeed(bad)).toThrow("Invalid seed");
  });
});

describe("ideasForQuery", () => {
  it("is idle before the first run", () => {
    expect(ideasForQuery(new URLSearchParams("industry=Legal"))).toEqual({
      status: "idle",
      ideas: [],
      seed: null,
      error: null,
    });
  });

  it("generates from the query's filter and seed", () => {
    const run = ideasForQuery(new URLSearchParams("industry=Legal&complexity=low&seed=99"));
    expect(run.status).toBe("generated");
    expect(run.ideas).toEqual(generateIdeas(filter({ industry: "Legal", complexity: "low" }), seededRandom(99)));
  });

  it("returns the sample ideas with the spec's message on a bad query", () => {
    const run = ideasForQuery(new URLSearchParams("seed=banana"));
    expect(run).toEqual({
      status: "failed",
      ideas: sampleIdeas(),
      seed: null,
      error: "Invalid seed. Using sample ideas instead.",
    });
    expect(ideasForQuery(new URLSearchParams("seed=1&complexity=extreme")).error).toBe(
      'Unknown complexity "extreme". Using sample ideas instead.',
    );
  });

  it("returns the sample ideas when generation itself fails", () => {
    const broken = () => () => {
      throw new Error("Random source unavailable");
    };
    const run = ideasForQuery(new URLSearchParams("seed=5"), broken);
    expect(run.error).toBe("Random source unavailable. Using sample ideas instead.");
    expect(run.ideas.map((idea) => idea.id)).toEqual(IDEA_TEMPLATES.slice(0, 3).map((t) => t.id));
  });
});

describe("every generated sentence reads correctly", () => {
  // Values a member might type: our suggestions, lower case, acronyms, stray punctuation and
  // quotes, whole sentences, the longest allowed, and blanks (the template's defaults).
  const industries = [
    ...INDUSTRY_SUGGESTIONS,
    "",
    "dental clinics",
    "SaaS",
    "B2B software",
    "  Real estate. ",
    "E-commerce",
    "x".repeat(TEXT_FIELD_MAX),
  ];
  const audiences = [
    ...AUDIENCE_SUGGESTIONS,
    "",
    "dentists",
    "Gym owners!",
    "HR managers",
    '"busy parents"',
    "Real estate agents",
  ];
  const problems = [
    "",
    "Too many no-shows",
    "too many no-shows.",
    "Clients forget to pay invoices on time",
    "Churn",
    "“Slow onboarding”",
    "What do I post today?",
    "Manual data entry; lost leads",
  ];

  const sentenceFields = [
    "description",
    "targetMarket",
    "problemSolved",
    "monetizationStrategy",
    "marketPotential",
    "competitorAnalysis",
  ] as const;

  /** Problems a filled template could show: left-over placeholders, doubled words or punctuation, empty slots. */
  function flaws(text: string): string[] {
    const found: string[] = [];
    if (/[{}]/.test(text)) found.push("a placeholder");
    if (/\s{2,}/.test(text) || text !== text.trim()) found.push("extra spaces");
    if (/\s[.,;:!?]/.test(text)) found.push("a space before punctuation");
    if (/[.,;:!?]\s*[.,;:!?]/.test(text.replace(/\.\.\./g, ""))) found.push("doubled punctuation");
    if (/\b(\w+)\s+\1\b/i.test(text)) found.push(`a doubled word (${/\b(\w+)\s+\1\b/i.exec(text)?.[0]})`);
    if (/\b(a|an|the|for|in|of|to|and|or|with|by|on)\s*[.,;:!?]/i.test(text))
      found.push("a dangling word before punctuation");
    if (/“\s*”|\(\s*\)/.test(text)) found.push("an empty quotation");
    if (/["'“”‘’]{2,}/.test(text)) found.push("doubled quotation marks");
    if (/\b(undefined|null|NaN)\b/.test(text)) found.push("a missing value");
    return found;
  }

  const random = seededRandom(20261123);
  const pick = <T>(options: readonly T[]) => options[Math.floor(random() * options.length)];
  const combinations = Array.from({ length: 50 }, (_, index) => ({
    index,
    filter: filter({
      industry: pick(industries),
      targetAudience: pick(audiences),
      problemToSolve: pick(problems),
      complexity: pick(COMPLEXITY_LEVELS),
      monetizationModel: pick(MONETIZATION_MODELS),
      techStack: TECH_STACK_OPTIONS.filter(() => random() < 0.1),
    }),
  }));

  it.each(combinations)("combination $index: every field of every idea is well formed", ({ filter: chosen }) => {
    // Each combination runs all five templates, not only the three a seed would pick.
    for (const template of IDEA_TEMPLATES) {
      const idea = personalise(template, chosen);
      const context = `${template.id} for ${JSON.stringify(chosen)}`;
      for (const field of sentenceFields) {
        const text = idea[field];
        expect(flaws(text), `${field} of ${context}: ${text}`).toEqual([]);
        expect(text, `${field} of ${context}`).toMatch(/^[A-Z“]/);
        expect(text, `${field} of ${context}`).toMatch(/[.!?]$/);
      }
      expect(flaws(idea.title), `title of ${context}`).toEqual([]);
      expect(idea.title, `title of ${context}`).toMatch(/^\S.*\S$/);
      expect(idea.title, `title of ${context}`).not.toMatch(/[.,;:!?]$/);
      for (const feature of idea.keyFeatures) {
        expect(flaws(feature), `feature of ${context}`).toEqual([]);
        expect(feature).toMatch(/^[A-Z][^.]*[^.\s]$/);
      }
      const problem = chosen.problemToSolve.replace(/^["“\s]+|["”.!?;:,\s]+$/g, "");
      if (problem) expect(idea.problemSolved, context).toContain(`“${problem}”`);
      else expect(idea.problemSolved, context).toBe(template.problemSolved.own);
      expect(idea.estimatedDevTime).toBe(DEV_TIME_BY_COMPLEXITY[chosen.complexity]);
    }
  });
});
