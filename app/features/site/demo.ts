import type { DemoContent } from "~/platform/copy-types";

/** The five build steps the demo terminal runs (docs/product.md §2 Landing page). */
const BUILD_STEPS = [
  "Initializing project structure",
  "Setting up GPT API integration",
  "Creating user interface components",
  "Implementing payment system",
  "Finalizing and optimizing code",
];

const FINAL_LINE = "Build complete! Your SaaS application is ready to deploy.";

/** The landing page's version: its own heading, prompts and button labels. */
export const LANDING_DEMO: DemoContent = {
  heading: "Building Your SaaS Application",
  prompts: [
    "Build a GPT-powered email assistant that writes personalized follow-ups for sales teams",
    "Create an AI background remover that cleans up product photos for online stores",
    "Make an AI content writer that turns a keyword into a ready-to-publish blog post",
    "Build a voice transcriber that turns meeting recordings into searchable notes",
    "Create an AI code assistant that explains and improves code snippets",
  ],
  steps: BUILD_STEPS,
  finalLine: FINAL_LINE,
  buildingLabel: "Building App",
  deployLabel: "Deploy Now",
};

/** The sales pages' version (docs/product.md §4 Demo loop). */
export const SALES_DEMO: DemoContent = {
  heading: "Watch an App Get Built From One Prompt",
  intro: "Type what you want, and the AI does the heavy lifting. This is the workflow you will learn.",
  prompts: [
    "Build a GPT-powered email assistant that drafts replies for busy sales teams",
    "Create an AI resume reviewer that scores a resume and suggests improvements",
    "Make an AI image enhancer that sharpens and upscales blurry photos",
    "Build a content repurposer that turns one blog post into social media posts",
    "Create a voice transcription app that turns audio files into clean text",
  ],
  steps: BUILD_STEPS,
  finalLine: FINAL_LINE,
  buildingLabel: "Building Your SaaS Application",
  deployLabel: "Deploy Your SaaS Application",
};

/**
 * The demo video: the landing page's build demo recorded by scripts/record-demo-video.mjs, served
 * from public/media (serve-static: exact types, range requests; long caching by server/static-files.ts).
 * Change `version` whenever the files are re-recorded, so cached copies are replaced.
 */
export const DEMO_VIDEO_MEDIA = {
  version: "2026-11-23",
  mp4: "/media/demo.mp4",
  webm: "/media/demo.webm",
  poster: "/media/demo-poster.jpg",
  width: 960,
  height: 666,
  title: "Demo: an AI SaaS app built from a one-line prompt",
};
