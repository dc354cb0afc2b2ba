/**
 * The SaaS idea generator's content (docs/product.md §3 Idea, Idea filter; §9 counts): the filter's choices and
 * the five idea templates the generator personalises.
 *
 * Placeholders, filled from the member's filter or from the template's own defaults when a field is
 * left blank (see `personalise` in app/features/tools/idea-generator.ts):
 * - {industry}: a noun phrase, only ever after "in", "for" or "of" ("in real estate"), never used as
 *   an adjective, so any value the member types still reads as English;
 * - {audience}: a plural noun phrase ("for {audience}"); {Audience} starts a sentence;
 * - {audienceInIndustry}: "{audience} in {industry}", or just the audience when it already names
 *   the industry ("real estate agents", not "real estate agents in real estate");
 * - {problem}: the member's own words in quotation marks, because a problem is typed as a phrase
 *   or a sentence ("Too many no-shows") and cannot be bent into grammar.
 * The problem the member names replaces the template's own problem sentence (`problemSolved.own`)
 * by `problemSolved.named`, which says how this product tackles any problem of its audience.
 * Titles put {industry} first and are title-cased after filling.
 */

/** One generated idea: what the generator returns, the page shows and the export writes. */
export type Idea = {
  id: string;
  title: string;
  description: string;
  targetMarket: string;
  problemSolved: string;
  keyFeatures: string[];
  monetizationStrategy: string;
  estimatedDevTime: string;
  marketPotential: string;
  competitorAnalysis: string;
  techStack: string[];
};

export const COMPLEXITY_LEVELS = ["low", "medium", "high"] as const;
export type Complexity = (typeof COMPLEXITY_LEVELS)[number];

export const MONETIZATION_MODELS = ["subscription", "freemium", "one-time", "usage"] as const;
export type MonetizationModel = (typeof MONETIZATION_MODELS)[number];

export const COMPLEXITY_LABELS: Record<Complexity, string> = {
  low: "Low (simple MVP)",
  medium: "Medium",
  high: "High (advanced product)",
};

export const MONETIZATION_LABELS: Record<MonetizationModel, string> = {
  subscription: "Subscription",
  freemium: "Freemium",
  "one-time": "One-time purchase",
  usage: "Usage-based",
};

/**
 * docs/product.md §9 fixes low and high; medium is not shown there, so it sits between them: a product with
 * a few more integrations than an MVP but no enterprise features.
 */
export const DEV_TIME_BY_COMPLEXITY: Record<Complexity, string> = {
  low: "1-2 months",
  medium: "3-5 months",
  high: "6-8 months",
};

/** How many of a template's key features an idea lists, by complexity: a bigger build does more. */
export const FEATURE_COUNT_BY_COMPLEXITY: Record<Complexity, number> = { low: 4, medium: 5, high: 6 };

/** docs/product.md §9: exactly 24 tech stack options. */
export const TECH_STACK_OPTIONS = [
  "React",
  "Next.js",
  "Vue.js",
  "Svelte",
  "Remix",
  "Tailwind CSS",
  "Node.js",
  "Python",
  "FastAPI",
  "Django",
  "Ruby on Rails",
  "Go",
  "PostgreSQL",
  "MongoDB",
  "Supabase",
  "Firebase",
  "Redis",
  "Stripe",
  "OpenAI API",
  "Anthropic Claude",
  "LangChain",
  "Pinecone",
  "Vercel",
  "AWS",
] as const;
export type TechStackOption = (typeof TECH_STACK_OPTIONS)[number];

/** Suggestions offered under the free-text fields (any text is accepted). */
export const INDUSTRY_SUGGESTIONS = [
  "Healthcare",
  "Real estate",
  "E-commerce",
  "Education",
  "Fitness",
  "Legal",
  "Finance",
  "Marketing",
  "Hospitality",
  "Recruiting",
];
export const AUDIENCE_SUGGESTIONS = [
  "Small business owners",
  "Freelancers",
  "Marketing agencies",
  "Coaches and consultants",
  "Online course creators",
  "Real estate agents",
  "Startup founders",
];

/** An idea's own text, with placeholders; the generator adds pricing, dev time and the stack. */
export type IdeaTemplate = Pick<
  Idea,
  "id" | "title" | "description" | "targetMarket" | "keyFeatures" | "marketPotential" | "competitorAnalysis"
> & {
  /** own: the template's problem, used when the member names none; named: built around {problem}. */
  problemSolved: { own: string; named: string };
  /** keyFeatures: six, most important first; complexity decides how many an idea lists. */
  techStack: TechStackOption[];
  defaults: { industry: string; audience: string };
  /** Inputs for the monetisation sentence of each model. */
  pricing: { monthly: number; unit: string; unitPrice: string; freeAllowance: string };
};

export const IDEA_TEMPLATES: IdeaTemplate[] = [
  {
    id: "support-copilot",
    title: "{industry} Support Copilot",
    description:
      "An AI help desk for businesses in {industry} that learns from their help articles, past tickets and policies, then drafts accurate replies and resolves routine questions around the clock.",
    targetMarket: "{AudienceInIndustry} who answer the same customer questions every day.",
    problemSolved: {
      own: "Support teams drown in repetitive tickets, so customers wait hours for answers a well-trained assistant could give in seconds.",
      named:
        "It takes on {problem} for {audience}: an assistant that answers, reminds and follows up with customers around the clock does the routine work, so people handle only the cases that need them.",
    },
    keyFeatures: [
      "Knowledge base import from help docs, PDFs and website pages",
      "AI-drafted replies that agents approve with one click",
      "Website chat widget that answers 24/7 and hands over to a human",
      "Tone and policy guardrails per brand",
      "Ticket tagging, sentiment and urgency detection",
      "Analytics on deflected tickets and unanswered questions",
    ],
    marketPotential:
      "High: customer service software is a $10B+ market, and businesses in {industry} adopt AI support fastest where ticket volume grows faster than headcount.",
    competitorAnalysis:
      "Zendesk and Intercom bundle AI at enterprise prices, and generic chatbots know nothing about {industry}. Win with a niche-trained setup that works in an afternoon at a small-business price.",
    techStack: ["Next.js", "Supabase", "OpenAI API", "Pinecone", "Stripe"],
    defaults: { industry: "e-commerce", audience: "online store owners" },
    pricing: {
      monthly: 49,
      unit: "resolved conversation",
      unitPrice: "0.40",
      freeAllowance: "50 AI-resolved conversations",
    },
  },
  {
    id: "content-studio",
    title: "{industry} Content Studio",
    description:
      "Turns one long piece of content (a webinar, podcast or article) into a week of social posts, emails and blog drafts about {industry}, in the brand's own voice.",
    targetMarket: "{AudienceInIndustry} who need a steady stream of content without a content team.",
    problemSolved: {
      own: "Creating consistent, on-brand content for every channel takes hours each week that small teams do not have.",
      named:
        "It takes on {problem} for {audience}: one recording becomes a week of posts and emails that explain, remind and persuade, without hours of writing.",
    },
    keyFeatures: [
      "Upload a video, audio file or URL and get a transcript",
      "One-click repurposing into posts, threads, emails and blog outlines",
      "Brand voice profile trained on past content",
      "Content calendar with scheduling to social networks",
      "Compliance checklist for industry claims and disclaimers",
      "Team workspaces with approval flows",
    ],
    marketPotential:
      "High: over 200 million people create content for work, and repurposing tools grow quickly because each upload produces many outputs.",
    competitorAnalysis:
      "Jasper and Copy.ai are general-purpose writers, and repurposing tools rarely know the rules of {industry}. A niche voice and compliance checks justify a premium over generic AI writers.",
    techStack: ["React", "Node.js", "OpenAI API", "PostgreSQL", "Stripe"],
    defaults: { industry: "marketing", audience: "coaches and creators" },
    pricing: { monthly: 39, unit: "repurposed piece", unitPrice: "1.50", freeAllowance: "3 repurposed pieces" },
  },
  {
    id: "document-analyzer",
    title: "{industry} Document Analyzer",
    description:
      "Reads the contracts, forms and reports of a business in {industry}, extracts the key data into structured fields and flags risks and missing items for review.",
    targetMarket: "{AudienceInIndustry} who handle dozens of documents a week.",
    problemSolved: {
      own: "Reviewing documents by hand is slow, error-prone and expensive, and important clauses or numbers get missed.",
      named:
        "It takes on {problem} for {audience}: the paperwork behind it is read, checked and summarised in minutes, so nothing important waits in an inbox.",
    },
    keyFeatures: [
      "Drag-and-drop upload of PDFs, scans and Word files with OCR",
      "Automatic extraction of dates, parties, amounts and obligations",
      "Risk flags with plain-language explanations",
      "Questions about any document answered in chat",
      "Export to spreadsheets and CRMs",
      "Audit trail and role-based access for sensitive files",
    ],
    marketPotential:
      "Very high: intelligent document processing grows over 30% a year, and firms in {industry} pay well for hours saved on paperwork.",
    competitorAnalysis:
      "Enterprise tools like Kira and DocuSign Insight need long sales cycles, so small firms in {industry} are underserved. Self-serve onboarding and templates per document type are the edge.",
    techStack: ["Next.js", "Python", "FastAPI", "OpenAI API", "PostgreSQL", "AWS"],
    defaults: { industry: "legal services", audience: "small law firms and agencies" },
    pricing: { monthly: 79, unit: "document", unitPrice: "0.90", freeAllowance: "10 documents" },
  },
  {
    id: "sales-assistant",
    title: "{industry} Sales Assistant",
    description:
      "Researches each lead, scores it against the ideal customer profile and writes personalised outreach emails and follow-ups that sound human, tuned to buyers in {industry}.",
    targetMarket: "{AudienceInIndustry} who win customers through outbound and inbound leads.",
    problemSolved: {
      own: "Salespeople spend most of their week researching prospects and writing emails instead of talking to buyers.",
      named:
        "It takes on {problem} for {audience}: every lead gets researched, a personal first email and timely follow-ups, so fewer opportunities slip away.",
    },
    keyFeatures: [
      "Lead import from CSV, forms and CRMs",
      "AI lead scoring with the reasons behind each score",
      "Personalised first emails from public company and profile data",
      "Automatic follow-up sequences that stop on reply",
      "Meeting booking links and reminders",
      "Pipeline dashboard with reply and conversion rates",
    ],
    marketPotential:
      "High: sales engagement software is a $5B+ market, and AI personalisation measurably lifts reply rates, which makes the return easy to sell.",
    competitorAnalysis:
      "Apollo and Outreach are broad platforms with steep learning curves. A focused assistant with ready-made playbooks for {industry} wins smaller teams who want results in a day.",
    techStack: ["Remix", "Node.js", "Anthropic Claude", "PostgreSQL", "Redis", "Stripe"],
    defaults: { industry: "B2B services", audience: "small sales teams" },
    pricing: { monthly: 59, unit: "enriched lead", unitPrice: "0.25", freeAllowance: "100 enriched leads" },
  },
  {
    id: "insights-dashboard",
    title: "{industry} Insights Dashboard",
    description:
      "Connects the tools a business in {industry} already uses and answers questions about its numbers in plain English, with forecasts and weekly AI summaries.",
    targetMarket: "{AudienceInIndustry} who make decisions from spreadsheets and gut feeling.",
    problemSolved: {
      own: "Business data is scattered across apps, so owners cannot see what is working without hiring an analyst.",
      named:
        "It takes on {problem} for {audience}: the numbers behind it are measured every day, and a weekly summary says what changed and what to try next.",
    },
    keyFeatures: [
      "One-click connectors for payments, accounting and analytics tools",
      "Questions in plain English answered with charts",
      "Weekly AI summary email with wins, risks and next steps",
      "Revenue and demand forecasts",
      "Anomaly alerts when a metric moves unexpectedly",
      "Shareable dashboards for partners and investors",
    ],
    marketPotential:
      "High: business intelligence is a $25B+ market, yet most small businesses in {industry} still run on spreadsheets, and AI makes analytics usable without training.",
    competitorAnalysis:
      "Tableau and Power BI need analysts, and lightweight dashboards lack AI answers. Questions in plain English plus the metrics of {industry} out of the box set it apart.",
    techStack: ["React", "Python", "Django", "PostgreSQL", "OpenAI API", "Vercel"],
    defaults: { industry: "retail", audience: "small business owners" },
    pricing: { monthly: 69, unit: "AI report", unitPrice: "2.00", freeAllowance: "1 connected data source" },
  },
];
