import { WHITE_LABEL_LICENCE } from "./legal";
import { WHITE_LABEL_TOOLS } from "./upsells";
import type { IncludedCourse } from "./included-courses";

/**
 * The White-label course (issue 25): "Your 12 White-Label AI Apps", one chapter per app of the
 * white-label upsell page, each a setup guide with the app's kit attached as a zip (built when the
 * course is installed, ./included-courses.server.ts). Installed on every install that lacks it
 * (./included-courses.ts). The licence is in the course description, which the course page shows,
 * and in every kit.
 */

/** The product that opens this course ('White-label' on the course form, decision 051). */
export const WHITE_LABEL_COURSE_PRODUCT = "white_label";

export const WHITE_LABEL_COURSE_TITLE = "Your 12 White-Label AI Apps";

export type WhiteLabelTool = {
  name: (typeof WHITE_LABEL_TOOLS)[number];
  /** The kit's folder and zip name. */
  slug: string;
  /** What the app does for your customer, in one sentence. */
  does: string;
  /** The system prompt the app runs with (the kit's prompt.txt). */
  prompt: string;
};

const details: Record<WhiteLabelTool["name"], Omit<WhiteLabelTool, "name" | "slug">> = {
  "AI Content Generator": {
    does: "turns a topic and a tone into a ready-to-publish blog post or article.",
    prompt:
      "You write clear, well-structured articles. Given a topic, an audience and a tone, write a post with a title, short sections with headings and a closing call to action.",
  },
  "AI Image Creator": {
    does: "turns a short description into image prompts and generates the pictures with your image model.",
    prompt:
      "You write prompts for an image model. Given a description, write one detailed prompt naming the subject, style, lighting, composition and colours.",
  },
  "AI Chatbot Assistant": {
    does: "answers your customer's visitors from the FAQ and documents your customer uploads.",
    prompt:
      "You are a friendly support assistant for the business described below. Answer only from the provided documents; when they do not say, offer to pass the question to a person.",
  },
  "AI Email Writer": {
    does: "drafts sales, follow-up and newsletter emails from a few bullet points.",
    prompt:
      "You write short, persuasive emails. Given the goal, the reader and key points, write a subject line and a body under 200 words with one clear call to action.",
  },
  "AI SEO Optimizer": {
    does: "suggests a title, meta description, headings and keywords for a page.",
    prompt:
      "You are an SEO editor. Given a page's text and its target keyword, suggest a title under 60 characters, a meta description under 155, headings and related keywords.",
  },
  "AI Social Media Manager": {
    does: "writes a week of posts for each network from one announcement.",
    prompt:
      "You write social media posts. Given an announcement and the networks, write one post per network in its usual length and style, with fitting hashtags.",
  },
  "AI Video Script Generator": {
    does: "writes short video scripts with a hook, scenes and a call to action.",
    prompt:
      "You write scripts for short videos. Given a topic and a length, write a hook for the first three seconds, numbered scenes with narration, and a closing call to action.",
  },
  "AI Product Description Writer": {
    does: "writes product descriptions for online shops from a product's features.",
    prompt:
      "You write product descriptions that sell. Given a product name and its features, write a headline, a short paragraph on the benefit and a bullet list of features.",
  },
  "AI Landing Page Builder": {
    does: "writes the sections of a landing page: headline, benefits, proof, FAQ and offer.",
    prompt:
      "You write landing pages. Given a product and its audience, write a headline, a subheadline, three benefits, a testimonial placeholder, five FAQs and an offer section.",
  },
  "AI Business Name Generator": {
    does: "suggests brandable business names with a tagline for each.",
    prompt:
      "You name businesses. Given an industry, the values and the audience, suggest ten short, brandable names, each with a one-line tagline.",
  },
  "AI Ad Copy Creator": {
    does: "writes ad variations for search and social campaigns.",
    prompt:
      "You write ad copy. Given a product, an audience and a platform, write five ad variations within the platform's length limits, each with a headline and a call to action.",
  },
  "AI Market Research Tool": {
    does: "summarises a market: customer segments, competitors, pains and pricing ideas.",
    prompt:
      "You are a market analyst. Given a product idea and a market, describe the customer segments, their main pains, typical competitors and three pricing ideas, and say which facts to verify.",
  },
};

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export const WHITE_LABEL_APPS: WhiteLabelTool[] = WHITE_LABEL_TOOLS.map((name) => ({
  name,
  slug: slugOf(name),
  ...details[name],
}));

/** A kit's files: the setup guide, the brand settings to edit, the prompt and the licence. */
export function kitFiles(tool: WhiteLabelTool): Record<string, string> {
  const brand = {
    appName: tool.name.replace(/^AI /, "Your "),
    tagline: `An AI app that ${tool.does}`,
    logoUrl: "https://example.com/your-logo.png",
    primaryColour: "#4f46e5",
    supportEmail: "support@example.com",
    priceMonthlyUsd: 19,
  };
  return {
    "README.md": [
      `# ${tool.name}: setup guide`,
      "",
      `This app ${tool.does}`,
      "",
      "1. Edit `brand.json`: your app's name, tagline, logo, colour, support address and price.",
      "2. Create an API key with your AI provider and keep it in your host's secret settings, never in these files.",
      "3. Paste `prompt.txt` into your app builder's system prompt, and adjust it to your niche.",
      "4. Publish on your own domain, connect your payment link, and test one purchase yourself.",
      "",
      "Licence: see LICENSE.txt.",
      "",
    ].join("\n"),
    "brand.json": `${JSON.stringify(brand, null, 2)}\n`,
    "prompt.txt": `${tool.prompt}\n`,
    "LICENSE.txt": `White-Label Licence\n\n${WHITE_LABEL_LICENCE}\n`,
  };
}

const chapterHtml = (tool: WhiteLabelTool) =>
  `<h2>Set up ${tool.name}</h2>` +
  `<p>This app ${tool.does} Its kit (below) holds the setup guide, the brand settings, the prompt it runs with and your licence.</p>` +
  "<ol>" +
  "<li>Download the kit and unzip it.</li>" +
  "<li>Edit <strong>brand.json</strong>: your app's name, tagline, logo, colour, support address and price.</li>" +
  "<li>Create an API key with your AI provider and keep it in your host's secret settings, never in the files.</li>" +
  "<li>Paste <strong>prompt.txt</strong> into your app builder's system prompt and adjust it to your niche.</li>" +
  "<li>Publish on your own domain, connect your payment link, and test one purchase yourself.</li>" +
  "</ol>";

export const whiteLabelCourse = {
  title: WHITE_LABEL_COURSE_TITLE,
  product: WHITE_LABEL_COURSE_PRODUCT,
  description: `Twelve AI app kits to build, brand and sell as your own: for each app, a setup guide, the prompt it runs on, a brand file and the licence. White-Label Licence: ${WHITE_LABEL_LICENCE}`,
  chapters: WHITE_LABEL_APPS.map((tool) => ({
    title: tool.name,
    content: chapterHtml(tool),
    kit: { fileName: `${tool.slug}-kit.zip`, folder: tool.slug, files: kitFiles(tool) },
  })),
} satisfies IncludedCourse;
