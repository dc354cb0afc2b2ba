/**
 * The SaaS idea generator's content (SPEC §3 Idea, Idea filter; §9 counts): the filter's choices and
 * the five idea templates the generator personalises. Placeholders in template text: {industry},
 * {audience} and {problem}, filled from the member's filter or from the template's own defaults when
 * a field is left blank; a capitalised placeholder ({Problem}) starts a sentence with a capital.
 * Titles are title-cased after filling.
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
 * SPEC §9 fixes low and high; medium is not shown there, so it sits between them: a product with
 * a few more integrations than an MVP but no enterprise features.
 */
export const DEV_TIME_BY_COMPLEXITY: Record<Complexity, string> = {
  low: "1-2 months",
  medium: "3-5 months",
  high: "6-8 months",
};

/** How many of a template's key features an idea lists, by complexity: a bigger build does more. */
export const FEATURE_COUNT_BY_COMPLEXITY: Record<Complexity, number> = { low: 4, medium: 5, high: 6 };

/** SPEC §9: exactly 24 tech stack options. */
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
  "id" | "title" | "description" | "targetMarket" | "problemSolved" | "keyFeatures" | "marketPotential" | "competitorAnalysis"
> & {
  /** keyFeatures: six, most important first; complexity decides how many an idea lists. */
  techStack: TechStackOption[];
  defaults: { industry: string; audience: string; problem: string };
  /** Inputs for the monetisation sentence of each model. */
  pricing: { monthly: number; unit: string; unitPrice: string; freeAllowance: string };
};

export const IDEA_TEMPLATES: IdeaTemplate[] = [
  {
    id: "support-copilot",
    title: "{industry} Support Copilot",
    description:
      "An AI help desk for {industry} that learns from your help articles, past tickets and policies, then drafts accurate replies and resolves routine questions around the clock.",
    targetMarket: "{Audience} in {industry} who answer the same customer questions every day",
    problemSolved:
      "{Problem}: support teams drown in repetitive tickets, so customers wait hours for answers a well-trained assistant could give in seconds.",
    keyFeatures: [
      "Knowledge base import from help docs, PDFs and website pages",
      "AI-drafted replies that agents approve with one click",
      "Website chat widget that answers 24/7 and hands over to a human",
      "Tone and policy guardrails per brand",
      "Ticket tagging, sentiment and urgency detection",
      "Analytics on deflected tickets and unanswered questions",
    ],
    marketPotential:
      "High: customer service software is a $10B+ market and {industry} businesses adopt AI support fastest where ticket volume grows faster than headcount.",
    competitorAnalysis:
      "Zendesk and Intercom bundle AI at enterprise prices; generic chatbots lack {industry} knowledge. Win with a niche-trained setup that works in an afternoon at a small-business price.",
    techStack: ["Next.js", "Supabase", "OpenAI API", "Pinecone", "Stripe"],
    defaults: { industry: "E-commerce", audience: "Online store owners", problem: "Slow, repetitive customer support" },
    pricing: { monthly: 49, unit: "resolved conversation", unitPrice: "0.40", freeAllowance: "50 AI-resolved conversations" },
  },
  {
    id: "content-studio",
    title: "{industry} Content Studio",
    description:
      "Turns one long piece of content (a webinar, podcast or article) into a week of {industry} social posts, emails and blog drafts in the brand's own voice.",
    targetMarket: "{Audience} who need a steady stream of {industry} content without a content team",
    problemSolved:
      "{Problem}: creating consistent, on-brand content for every channel takes hours each week that small teams do not have.",
    keyFeatures: [
      "Upload a video, audio file or URL and get a transcript",
      "One-click repurposing into posts, threads, emails and blog outlines",
      "Brand voice profile trained on past content",
      "Content calendar with scheduling to social networks",
      "Compliance checklist for {industry} claims and disclaimers",
      "Team workspaces with approval flows",
    ],
    marketPotential:
      "High: over 200 million people create content for work, and repurposing tools grow quickly because each upload produces many outputs.",
    competitorAnalysis:
      "Jasper and Copy.ai are general-purpose writers; repurposing tools rarely know {industry} rules. A niche voice and compliance checks justify a premium over generic AI writers.",
    techStack: ["React", "Node.js", "OpenAI API", "PostgreSQL", "Stripe"],
    defaults: { industry: "Marketing", audience: "Coaches and creators", problem: "Too little time to create content" },
    pricing: { monthly: 39, unit: "repurposed piece", unitPrice: "1.50", freeAllowance: "3 repurposed pieces" },
  },
  {
    id: "document-analyzer",
    title: "{industry} Document Analyzer",
    description:
      "Reads {industry} documents such as contracts, forms and reports, extracts the key data into structured fields and flags risks and missing items for review.",
    targetMarket: "{Audience} handling dozens of {industry} documents a week",
    problemSolved:
      "{Problem}: reviewing documents by hand is slow, error-prone and expensive, and important clauses or numbers get missed.",
    keyFeatures: [
      "Drag-and-drop upload of PDFs, scans and Word files with OCR",
      "Automatic extraction of dates, parties, amounts and obligations",
      "Risk flags with plain-language explanations",
      "Ask questions about any document in chat",
      "Export to spreadsheets and CRMs",
      "Audit trail and role-based access for sensitive files",
    ],
    marketPotential:
      "Very high: intelligent document processing grows over 30% a year, and {industry} firms pay well for hours saved on paperwork.",
    competitorAnalysis:
      "Enterprise tools like Kira and DocuSign Insight need long sales cycles; small {industry} firms are underserved. Self-serve onboarding and templates per document type are the edge.",
    techStack: ["Next.js", "Python", "FastAPI", "OpenAI API", "PostgreSQL", "AWS"],
    defaults: { industry: "Legal", audience: "Small law firms and agencies", problem: "Hours lost reviewing paperwork" },
    pricing: { monthly: 79, unit: "document", unitPrice: "0.90", freeAllowance: "10 documents" },
  },
  {
    id: "sales-assistant",
    title: "{industry} Sales Assistant",
    description:
      "Researches each lead, scores it against the ideal customer profile and writes personalised {industry} outreach emails and follow-ups that sound human.",
    targetMarket: "{Audience} selling {industry} products or services through outbound and inbound leads",
    problemSolved:
      "{Problem}: salespeople spend most of their week researching prospects and writing emails instead of talking to buyers.",
    keyFeatures: [
      "Lead import from CSV, forms and CRMs",
      "AI lead scoring with the reasons behind each score",
      "Personalised first emails from public company and profile data",
      "Automatic follow-up sequences that stop on reply",
      "Meeting booking links and reminders",
      "Pipeline dashboard with reply and conversion rates",
    ],
    marketPotential:
      "High: sales engagement software is a $5B+ market, and AI personalisation measurably lifts reply rates, which makes the ROI easy to sell.",
    competitorAnalysis:
      "Apollo and Outreach are broad platforms with steep learning curves. A focused {industry} assistant with ready-made playbooks wins smaller teams who want results in a day.",
    techStack: ["Remix", "Node.js", "Anthropic Claude", "PostgreSQL", "Redis", "Stripe"],
    defaults: { industry: "B2B services", audience: "Small sales teams", problem: "Too little time for personalised outreach" },
    pricing: { monthly: 59, unit: "enriched lead", unitPrice: "0.25", freeAllowance: "100 enriched leads" },
  },
  {
    id: "insights-dashboard",
    title: "{industry} Insights Dashboard",
    description:
      "Connects the tools a {industry} business already uses and answers questions about its numbers in plain English, with forecasts and weekly AI summaries.",
    targetMarket: "{Audience} in {industry} who make decisions from spreadsheets and gut feeling",
    problemSolved:
      "{Problem}: business data is scattered across apps, so owners cannot see what is working without hiring an analyst.",
    keyFeatures: [
      "One-click connectors for payments, accounting and analytics tools",
      "Ask questions in plain English and get charts back",
      "Weekly AI summary email with wins, risks and next steps",
      "Revenue and demand forecasts",
      "Anomaly alerts when a metric moves unexpectedly",
      "Shareable dashboards for partners and investors",
    ],
    marketPotential:
      "High: business intelligence is a $25B+ market, yet most small {industry} businesses still use spreadsheets; AI makes analytics usable without training.",
    competitorAnalysis:
      "Tableau and Power BI need analysts; lightweight dashboards lack AI answers. Natural-language questions plus {industry} metrics out of the box set it apart.",
    techStack: ["React", "Python", "Django", "PostgreSQL", "OpenAI API", "Vercel"],
    defaults: { industry: "Retail", audience: "Small business owners", problem: "No clear view of business performance" },
    pricing: { monthly: 69, unit: "AI report", unitPrice: "2.00", freeAllowance: "1 connected data source" },
  },
];
