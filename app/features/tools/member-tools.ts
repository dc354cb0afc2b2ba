/** Copy for the app prompt page (/app-builder): prompt-writing tips and example prompts. */

/** The external app-building service reads the prompt from this query parameter (APP_BUILDER_URL?prompt=...). */
export const APP_BUILDER_PROMPT_PARAM = "prompt";

/** Long enough for a detailed brief, short enough for the URL the prompt travels in. */
export const APP_PROMPT_MAX_LENGTH = 4000;

export type PromptTip = { title: string; body: string };

/** The five parts of a good app prompt: who, what goes in, what the AI does, what comes out, who pays. */
export const PROMPT_TIPS: PromptTip[] = [
  {
    title: "Name the user",
    body: 'Say exactly who the app is for ("freelance copywriters", "dental clinics"). The builder designs screens, wording and defaults around that person.',
  },
  {
    title: "Describe the input",
    body: "List what the user gives the app: a text box, an uploaded PDF, a URL, a photo, a CSV. Mention limits such as file types and sizes.",
  },
  {
    title: "Spell out the AI step",
    body: "Say which AI model to call and what it must do with the input, in one or two sentences, plus the tone or format of its answer.",
  },
  {
    title: "Define the output",
    body: "Describe the result screen: a list, a table, a downloadable file, an email draft. Add copy, edit and history features if users will want them.",
  },
  {
    title: "Plan the monetisation",
    body: 'Ask for sign-up, a free limit and a paid plan with Stripe checkout ("3 free runs, then $19/month"), so the first version can already earn.',
  },
];

/** Habits that save credits and rebuilds. */
export const PROMPT_HABITS = [
  "Start small: ask for the core flow first, then add features one prompt at a time.",
  "Name the stack if you care (for example React, Tailwind and Supabase); otherwise let the builder choose.",
  "Describe the look in a few words: clean, dark mode, brand colour, mobile first.",
  "When something breaks, paste the exact error message and ask for a fix instead of starting over.",
];

export type ExamplePrompt = { id: string; title: string; prompt: string };

export const EXAMPLE_PROMPTS: ExamplePrompt[] = [
  {
    id: "email-assistant",
    title: "GPT email assistant for sales teams",
    prompt:
      "Build a web app for B2B sales reps that writes personalised cold emails. The user pastes a prospect's LinkedIn summary and company website URL and picks a tone (friendly, direct, formal). Use the OpenAI API to write a subject line and a 120-word email that references one specific detail about the prospect, plus two follow-ups. Show the results in editable cards with Copy buttons and keep a history of past emails. Add email sign-up, 10 free emails per month and a $29/month Pro plan with Stripe checkout. Clean, modern design with a blue accent, mobile friendly.",
  },
  {
    id: "resume-reviewer",
    title: "AI resume reviewer",
    prompt:
      "Build a web app for job seekers that reviews resumes. The user uploads a PDF resume and pastes a job description. Use the OpenAI API to score how well the resume matches the job (0-100), list missing keywords, and rewrite the three weakest bullet points. Show the score as a gauge, the keywords as tags and the rewrites side by side with the originals. Add sign-up, one free review, and a $9 one-time payment for 10 more reviews with Stripe. Friendly, encouraging tone and a light design.",
  },
  {
    id: "content-repurposer",
    title: "Content repurposer for coaches",
    prompt:
      "Build a web app for coaches and course creators that turns one blog post or transcript into social content. The user pastes text or a URL. Use the OpenAI API to create 5 LinkedIn posts, a 7-tweet thread, 3 Instagram captions with hashtags and a newsletter intro, all in the voice of a saved brand profile. Show each channel in its own tab with Copy and Regenerate buttons, and save every project. Add sign-up, a free plan with 3 projects per month and a $24/month unlimited plan with Stripe. Dark mode, purple accent.",
  },
];
