import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Idea } from "~/features/tools/idea-templates";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { packBonuses } from "../../../scripts/build-bonuses.js";
import { at } from "../../support/present";

const SUPPORT_EMAIL = "help@tools.example";
// A builder URL with its own query: the GET form must carry it as hidden fields.
const APP_BUILDER_URL = "https://builder.example/new?ref=labs&prompt=ignored";

let app: TestApp;
let member: Browser;
beforeAll(async () => {
  app = await startTestApp({ SUPPORT_EMAIL, APP_BUILDER_URL });
  const user = await createUser(app.db, { paid: "stripe-order" });
  member = await signIn(app.baseUrl, user.email);
});
afterAll(async () => {
  await app?.close();
});

const IDEA_QUERY =
  "industry=Real+estate&targetAudience=Independent+agents&complexity=high&monetizationModel=usage&techStack=React&techStack=Stripe&seed=2024";

const PAGES = ["/app-builder", "/app-idea-generator", `/app-idea-generator?${IDEA_QUERY}`, "/bonuses"];
const RESOURCES = [
  `/app-idea-generator/export?${IDEA_QUERY}`,
  "/bonuses/download/ai-todo-saas-starter.zip",
  "/bonuses/download/30-day-launch-plan.txt",
  "/bonuses/download/ai-prompt-engineering-vault.txt",
];

/** The text React rendered, with its entity escapes undone. */
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The ids of the idea cards on a page, in order. */
const cardIds = (page: string) => [...page.matchAll(/<article id="idea-card-([a-z-]+)"/g)].map((match) => match[1]);

async function html(browser: Browser, path: string) {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  return decode(await response.text());
}

describe("guards on every page and resource route", () => {
  it("send visitors to /login with the path they wanted", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const path of [...PAGES, ...RESOURCES, "/bonuses/download/no-such-file.txt"]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(302);
      expect(redirectTarget(response), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("send signed-in users who have not paid to /payment-options", async () => {
    const user = await createUser(app.db, { paid: "none" });
    const unpaid = await signIn(app.baseUrl, user.email);
    for (const path of [...PAGES, ...RESOURCES])
      expect(redirectTarget(await unpaid.get(path)), path).toBe("/payment-options");
  });

  it("let paid members and admins in", async () => {
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const browser of [member, admin]) {
      for (const path of [...PAGES, ...RESOURCES]) expect((await browser.get(path)).status, path).toBe(200);
    }
  });
});

describe("an unpaid user's locked member links (docs/product.md §2 navigation)", () => {
  // The nav's behaviour is tests/unit/catalogue/locked-links.test.tsx; here, that the server renders it so.
  it("lead to the plan page, which names the tool", async () => {
    const user = await createUser(app.db, { paid: "none" });
    const unpaid = await signIn(app.baseUrl, user.email);
    const page = await html(unpaid, "/upgrades");
    for (const key of ["dashboard", "app-builder", "app-idea-generator", "bonuses"]) {
      expect(page.split(`href="/payment-options?locked=${key}"`), key).toHaveLength(3); // the bar and the mobile menu
    }
    expect(page.split("(locked: lifetime access)")).toHaveLength(9);
    const plan = await html(unpaid, "/payment-options?locked=app-builder");
    expect(plan).toContain("You tried to open the AI App Builder. It is part of lifetime access");
    // A paid member's links are the tools themselves.
    expect(await html(member, "/upgrades")).not.toContain("?locked=");
  });
});

describe("/app-builder", () => {
  it("is a GET form that opens the configured builder in a new tab with the prompt in the query", async () => {
    const page = await html(member, "/app-builder");
    expect(page).toMatch(
      /<form method="get" action="https:\/\/builder\.example\/new" target="_blank" rel="noopener noreferrer"/,
    );
    expect(page).toContain('<input type="hidden" name="ref" value="labs"/>');
    expect(page).not.toContain('name="prompt" value="ignored"');
    expect(page).toMatch(/<label for="app-prompt"[^>]*>Your app prompt<\/label>/);
    expect(page).toMatch(/<textarea[^>]*id="app-prompt"[^>]*name="prompt"[^>]*required=""/);
    expect(page).toMatch(/<button type="submit"[^>]*>Build/);
    for (const tip of [
      "Name the user",
      "Describe the input",
      "Spell out the AI step",
      "Define the output",
      "Plan the monetisation",
    ]) {
      expect(page).toContain(tip);
    }
  });

  it("fills the textarea with an example prompt from ?example= (the no-JavaScript 'Use this prompt')", async () => {
    const empty = await html(member, "/app-builder");
    expect(empty).toMatch(/<textarea[^>]*><\/textarea>/);
    expect(empty).toContain('href="?example=resume-reviewer#app-prompt"');
    const filled = await html(member, "/app-builder?example=resume-reviewer");
    expect(filled).toMatch(/<textarea[^>]*>Build a web app for job seekers that reviews resumes\./);
    // An unknown example leaves it empty rather than failing.
    expect(await html(member, "/app-builder?example=nope")).toMatch(/<textarea[^>]*><\/textarea>/);
  });
});

describe("/app-idea-generator", () => {
  async function exportJson(query: string) {
    const response = await member.get(`/app-idea-generator/export?${query}`);
    expect(response.status).toBe(200);
    return {
      response,
      body: (await response.json()) as { seed?: number; filter?: unknown; error?: string; ideas: Idea[] },
    };
  }

  it("starts idle, with the filter panel: 3 text fields, 2 selects and exactly 24 tech options", async () => {
    const page = await html(member, "/app-idea-generator");
    expect(page).toContain("Choose your filters and press");
    expect(page).not.toContain('data-testid="idea-card"');
    for (const label of ["Industry", "Target audience", "Problem to solve", "Complexity", "Monetization model"]) {
      expect(page).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}</label>`));
    }
    expect(page.match(/type="checkbox" name="techStack"/g)).toHaveLength(24);
    expect(page).toContain('<form method="get" action="/app-idea-generator"');
    expect(page).toMatch(/<input type="hidden" name="seed" value="\d+"\/>/);
    expect(page).toContain("Generate Ideas");
  });

  it("generates on the server from the query: 3 personalised ideas, the same ones the export returns", async () => {
    const page = await html(member, `/app-idea-generator?${IDEA_QUERY}`);
    const { response, body } = await exportJson(IDEA_QUERY);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="saas-ideas-2024.json"');
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);

    expect(body.seed).toBe(2024);
    expect(body.filter).toEqual({
      industry: "Real estate",
      targetAudience: "Independent agents",
      problemToSolve: "",
      complexity: "high",
      monetizationModel: "usage",
      techStack: ["React", "Stripe"],
    });
    expect(body.ideas).toHaveLength(3);
    // The cards appear in the export's order, each showing the export's fields.
    expect(cardIds(page)).toEqual(body.ideas.map((idea) => idea.id));
    for (const idea of body.ideas) {
      expect(idea.title).toMatch(/^Real Estate /);
      expect(idea.estimatedDevTime).toBe("6-8 months");
      expect(idea.techStack).toEqual(["React", "Stripe"]);
      expect(idea.monetizationStrategy).toMatch(/^Usage-based: /);
      for (const text of [
        idea.title,
        idea.description,
        idea.targetMarket,
        idea.problemSolved,
        idea.monetizationStrategy,
        idea.marketPotential,
        ...idea.keyFeatures,
      ]) {
        expect(page).toContain(text);
      }
    }
    expect(page).toContain(`href="/app-idea-generator/export?${IDEA_QUERY}"`);
  });

  it("gives the same ideas for the same seed, and other ideas for other seeds", async () => {
    const first = (await exportJson(IDEA_QUERY)).body.ideas;
    expect((await exportJson(IDEA_QUERY)).body.ideas).toEqual(first);
    const others = new Set<string>();
    for (let seed = 1; seed <= 8; seed++)
      others.add((await exportJson(`seed=${seed}`)).body.ideas.map((idea) => idea.id).join());
    expect(others.size).toBeGreaterThan(1);
  });

  it("shows an idea's full details at ?idea=<id>, the export's competitor analysis included", async () => {
    const { body } = await exportJson(IDEA_QUERY);
    const idea = at(body.ideas, 1);
    const page = await html(member, `/app-idea-generator?${IDEA_QUERY}&idea=${idea.id}`);
    expect(page).toMatch(/<dialog open="" id="idea-details"/);
    expect(page).toContain(idea.competitorAnalysis);
    expect(page).toContain(`href="/app-idea-generator?${IDEA_QUERY}#idea-card-${idea.id}"`);
    // The export link never carries ?idea=.
    expect(page).toContain(`href="/app-idea-generator/export?${IDEA_QUERY}"`);
    // Without ?idea= (or with an unknown one) there is no details section.
    expect(await html(member, `/app-idea-generator?${IDEA_QUERY}&idea=nope`)).not.toContain('id="idea-details"');
  });

  it("falls back to the sample ideas with the spec's message on a bad query, on the page and in the export", async () => {
    const page = await html(member, "/app-idea-generator?complexity=extreme&seed=7");
    expect(page).toContain('Unknown complexity "extreme". Using sample ideas instead.');
    const { response, body } = await exportJson("complexity=extreme&seed=7");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="saas-ideas-samples.json"');
    expect(body.error).toBe('Unknown complexity "extreme". Using sample ideas instead.');
    expect(cardIds(page)).toEqual(body.ideas.map((idea) => idea.id));
    expect((await exportJson("seed=banana")).body.error).toBe("Invalid seed. Using sample ideas instead.");
  });

  it("refuses an export without a seed with a clear message", async () => {
    const response = await member.get("/app-idea-generator/export?industry=Legal");
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Generate ideas first/);
  });
});

describe("/bonuses", () => {
  it("shows the title, four cards with their values, the download links and the support box", async () => {
    const page = await html(member, "/bonuses");
    expect(page).toMatch(/<h1[^>]*>Premium Bonuses<\/h1>/);
    for (const title of [
      "AI To-Do SaaS Source Code",
      "30-Day Launch Plan",
      "AI Prompt Engineering Vault",
      "Private Community",
    ]) {
      expect(page).toMatch(new RegExp(`<h2[^>]*>${title}</h2>`));
    }
    for (const value of ["$197 value", "$97 value", "$147 value", "$347/year"]) expect(page).toContain(value);
    for (const file of ["ai-todo-saas-starter.zip", "30-day-launch-plan.txt", "ai-prompt-engineering-vault.txt"]) {
      expect(page).toContain(`href="/bonuses/download/${file}" download=""`);
    }
    expect(page).toContain('<form method="get" action="/bonuses"');
    expect(page).toMatch(
      /<button type="submit" name="notice" value="discord"[^>]*>Join Discord \(Coming Soon\)<\/button>/,
    );
    expect(page).not.toContain("Discord invite link coming soon!");
    expect(page).toContain("exclusively for course members");
    expect(page).toContain(`href="mailto:${SUPPORT_EMAIL}"`);
  });

  it("shows the Discord notice at ?notice=discord (the no-JavaScript button)", async () => {
    const page = await html(member, "/bonuses?notice=discord");
    expect(page).toMatch(/<p role="status"[^>]*>Discord invite link coming soon!<\/p>/);
  });
});

describe("bonus downloads", () => {
  // What `npm run build` packed from bonus-files/ (tests/unit/tools/bonus-files.test.ts checks the packing itself).
  const packed = packBonuses();

  it("serve the starter project as the build's zip of bonus-files/ai-todo-saas-starter/", async () => {
    const response = await member.get("/bonuses/download/ai-todo-saas-starter.zip");
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ai-todo-saas-starter.zip"');
    expect(response.headers.get("Cache-Control")).toMatch(/^private/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
    expect(body.equals(packed.get("ai-todo-saas-starter.zip")!)).toBe(true);
    const files = unzipSync(body);
    expect(strFromU8(files["ai-todo-saas-starter/README.md"]!)).toMatch(/^# TaskPilot: AI To-Do List SaaS Starter/);
  });

  it("serve the two text bonuses as text attachments, byte for byte", async () => {
    for (const [file, heading] of [
      ["30-day-launch-plan.txt", "THE 30-DAY AI SAAS LAUNCH PLAN"],
      ["ai-prompt-engineering-vault.txt", "THE AI PROMPT ENGINEERING VAULT"],
    ] as const) {
      const response = await member.get(`/bonuses/download/${file}`);
      expect(response.headers.get("Content-Type"), file).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Content-Disposition"), file).toBe(`attachment; filename="${file}"`);
      expect(response.headers.get("Cache-Control"), file).toMatch(/^private/);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(packed.get(file)!), file).toBe(true);
      expect(body.toString("utf8"), file).toContain(heading);
    }
  });

  it("answer 404 to unknown names and path tricks, and never read another file", async () => {
    for (const path of [
      "/bonuses/download/no-such-file.txt",
      "/bonuses/download/..%2F..%2Fpackage.json",
      "/bonuses/download/%2e%2e%2f%2e%2e%2fpackage.json",
      "/bonuses/download/..%5C..%5Cpackage.json",
      "/bonuses/download/__proto__",
      "/bonuses/download/30-DAY-LAUNCH-PLAN.TXT",
    ]) {
      const response = await member.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe("No such bonus file.");
    }
  });

  it("are not public static files", async () => {
    for (const path of ["/ai-todo-saas-starter.zip", "/30-day-launch-plan.txt", "/bonuses/ai-todo-saas-starter.zip"]) {
      const response = await new Browser(app.baseUrl).get(path);
      expect(response.status, path).not.toBe(200);
    }
  });
});

describe("issue 16: Markdown export, Send to App Builder, members on the upsells", () => {
  it("exports the page's ideas as Markdown, guarded like the JSON", async () => {
    const response = await member.get(`/app-idea-generator/export?${IDEA_QUERY}&format=markdown`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="saas-ideas-2024.md"');
    const markdown = await response.text();
    const page = decode(await html(member, `/app-idea-generator?${IDEA_QUERY}`));
    for (const id of cardIds(page)) {
      const title = new RegExp(`<h3 id="idea-card-${id}-title"[^>]*>([^<]+)</h3>`).exec(page)![1];
      expect(markdown).toContain(`\n## ${title}\n`);
    }
    expect(page).toContain(`href="/app-idea-generator/export?${IDEA_QUERY}&format=markdown"`);
    expect(page).toMatch(/href="\/app-builder\?prompt=Build\+a\+web\+app\+called/);
    expect(
      redirectTarget(await new Browser(app.baseUrl).get(`/app-idea-generator/export?${IDEA_QUERY}&format=markdown`)),
    ).toMatch(/^\/login/);
  });

  it("starts the app builder's textarea with ?prompt=", async () => {
    const page = decode(
      await html(member, `/app-builder?${new URLSearchParams({ prompt: "Build a <b>CRM</b> for dentists" })}`),
    );
    expect(page).toMatch(/<textarea[^>]*name="prompt"[^>]*>Build a <b>CRM<\/b> for dentists<\/textarea>/);
  });

  it("shows a member the member's line on the upsells, 'No Thanks' back to /upgrades; a visitor the spec's page", async () => {
    // The banner as rendered (the loader data further down carries the marketplace copy either way).
    const banner = (page: string) => /<div role="note"[^>]*>(.*?)<\/div>/.exec(page)?.[1] ?? "";
    const forMember = decode(await html(member, "/white-label-upsell"));
    expect(banner(forMember)).toContain("You already have lifetime access.");
    expect(banner(forMember)).not.toContain("Wait! Your order is not complete yet.");
    expect(forMember.match(/href="\/upgrades"[^>]*>No Thanks/g)).toHaveLength(4);
    const forVisitor = decode(await (await new Browser(app.baseUrl).get("/white-label-upsell")).text());
    expect(banner(forVisitor)).toContain("Wait! Your order is not complete yet.");
    expect(forVisitor).not.toContain("You already have lifetime access.");
  });
});
