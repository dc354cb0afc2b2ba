/**
 * Bonus 1: "TaskPilot", a small but complete to-do list SaaS (accounts, free and Pro plans, an AI
 * step) with no dependencies, shipped to members as a zip (see app/lib/bonus-downloads.server.ts).
 * Kept as text so `remix build` bundles it and it never sits in public/. The code inside uses no
 * backticks or dollar-brace sequences, so String.raw keeps it byte for byte; tests/unit/bonus-files.test.ts
 * unzips the download and runs the project's own tests.
 */
export const TODO_SAAS_STARTER_FILES: Record<string, string> = {
  "README.md": String.raw`# TaskPilot: AI To-Do List SaaS Starter

A complete, working starter for a small software-as-a-service product: a to-do list where users
sign up, keep their tasks, and (on the Pro plan) let AI break a big task into small steps. It has
no dependencies at all: Node.js 20 or newer is the only requirement.

It is a bonus of the AI SaaS training. Use it three ways:

1. Run it as it is, to see every part of a SaaS working together (accounts, plans, limits, an AI step).
2. Read it: each file is short and commented, so you learn what your AI app builder generates for you.
3. Upload it to your AI app builder and extend it with the prompts below.

## Run it

    npm start          # http://localhost:3000
    npm test           # the API tests (node:test, no extra tools)

Copy .env.example to .env (or set the variables in your host's dashboard) to change the port,
the free plan's limit, or to turn on real AI with an OpenAI API key. Without a key a built-in
rule-based helper writes the subtasks, so everything works offline.

## What is inside

    server.js          starts the HTTP server
    src/app.js         the JSON API: sign-up, login, plans, to-dos, AI subtasks
    src/auth.js        scrypt password hashing and session tokens
    src/ai.js          the AI step (OpenAI API, with an offline fallback)
    src/store.js       a JSON-file database with atomic writes
    public/            the web app (plain HTML, CSS and JavaScript)
    test/api.test.js   tests that start the real server and call the API

The business model is already in place: free accounts keep up to 10 to-dos (FREE_PLAN_LIMIT);
Pro accounts get unlimited to-dos and AI subtasks.

## Make it a real business

The Upgrade button calls POST /api/upgrade, which switches the plan directly so you can try Pro.
Before you charge anyone, replace that with real payments. Paste this into your AI app builder:

    Replace POST /api/upgrade with Stripe Checkout: create a Checkout Session for a $9/month
    subscription and redirect the user to it. Add a POST /api/stripe-webhook route that verifies
    the Stripe signature and sets the user's plan to "pro" on checkout.session.completed and back
    to "free" on customer.subscription.deleted. Keep the secret keys in environment variables.

## Prompts to extend it

    Move the data from the JSON file to a Supabase Postgres database, keeping the same API.

    Add due dates and a "Today" view that lists overdue and due-today tasks first.

    Add shared lists: a Pro user can invite a teammate by email to view and edit a list.

    Send a weekly email summary of completed tasks using Resend.

    Add a landing page at / with a headline, three benefits, pricing (Free and Pro at $9/month)
    and a sign-up button; move the app itself to /app.

## Deploy

Any Node host works (Render, Railway, Fly.io, a small VPS). Set PORT if the host asks, and point
DATA_FILE at a persistent disk, or move to a hosted database first (see the prompts above).
Serve it over HTTPS: the session token travels in the Authorization header.

## Licence

You may use, change and sell products built from this starter. You may not resell the starter
itself as a template or course material.
`,
  "package.json": String.raw`{
  "name": "ai-todo-saas-starter",
  "version": "1.0.0",
  "private": true,
  "description": "A small to-do list SaaS with accounts, a free and a Pro plan, and AI subtasks. No dependencies.",
  "type": "module",
  "scripts": {
    "start": "node server.js",
    "test": "node --test"
  },
  "engines": {
    "node": ">=20"
  }
}
`,
  ".env.example": String.raw`# Port the server listens on
PORT=3000
# Where the JSON database file lives
DATA_FILE=data/db.json
# How many to-dos a free account may keep
FREE_PLAN_LIMIT=10
# Optional: turns on real AI subtasks (without it a built-in rule-based helper answers)
OPENAI_API_KEY=
OPENAI_MODEL=gpt-4o-mini
`,
  "server.js": String.raw`import http from "node:http";
import { createHandler } from "./src/app.js";

const port = Number(process.env.PORT || 3000);
const handler = createHandler({
  dataFile: process.env.DATA_FILE || "data/db.json",
  freeLimit: Number(process.env.FREE_PLAN_LIMIT || 10),
});

http.createServer(handler).listen(port, () => {
  console.log("Todo SaaS running on http://localhost:" + port);
});
`,
  "src/app.js": String.raw`import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { suggestSubtasks } from "./ai.js";
import { hashPassword, newToken, verifyPassword } from "./auth.js";
import { openStore } from "./store.js";

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
const STATIC_FILES = {
  "/": ["index.html", "text/html; charset=utf-8"],
  "/app.js": ["app.js", "text/javascript; charset=utf-8"],
  "/styles.css": ["styles.css", "text/css; charset=utf-8"],
};

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The whole back end: static files plus a JSON API.
 *   POST /api/signup, POST /api/login        -> { token, user }
 *   GET  /api/me, POST /api/upgrade          -> the signed-in user and plan
 *   GET/POST /api/todos, PATCH/DELETE /api/todos/:id, POST /api/todos/:id/suggest
 * Requests carry "Authorization: Bearer <token>". Free accounts keep up to freeLimit to-dos;
 * Pro accounts have no limit and get AI subtasks.
 */
export function createHandler({ dataFile, freeLimit = 10, suggest = suggestSubtasks } = {}) {
  const store = openStore(dataFile);
  const { data } = store;

  const send = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };

  async function readJson(req) {
    let raw = "";
    for await (const chunk of req) {
      raw += chunk;
      if (raw.length > 100000) throw new HttpError(413, "Request too large");
    }
    try {
      return raw ? JSON.parse(raw) : {};
    } catch {
      throw new HttpError(400, "Invalid JSON");
    }
  }

  const publicUser = (user) => ({ id: user.id, email: user.email, plan: user.plan, todoLimit: user.plan === "pro" ? null : freeLimit });

  function startSession(res, user, status) {
    const token = newToken();
    data.sessions.push({ token, userId: user.id, createdAt: new Date().toISOString() });
    store.save();
    send(res, status, { token, user: publicUser(user) });
  }

  function currentUser(req) {
    const token = (req.headers.authorization || "").replace(/^Bearer /, "");
    const session = token && data.sessions.find((s) => s.token === token);
    return session ? data.users.find((u) => u.id === session.userId) : undefined;
  }

  async function api(req, res, url) {
    const route = req.method + " " + url.pathname;

    if (route === "POST /api/signup") {
      const { email, password } = await readJson(req);
      const address = String(email || "").trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return send(res, 400, { error: "Enter a valid email address" });
      if (String(password || "").length < 8) return send(res, 400, { error: "Use a password of at least 8 characters" });
      if (data.users.some((u) => u.email === address)) return send(res, 409, { error: "That email already has an account" });
      const user = { id: newToken().slice(0, 12), email: address, passwordHash: hashPassword(String(password)), plan: "free" };
      data.users.push(user);
      return startSession(res, user, 201);
    }

    if (route === "POST /api/login") {
      const { email, password } = await readJson(req);
      const user = data.users.find((u) => u.email === String(email || "").trim().toLowerCase());
      if (!user || !verifyPassword(String(password || ""), user.passwordHash)) return send(res, 401, { error: "Wrong email or password" });
      return startSession(res, user, 200);
    }

    const user = currentUser(req);
    if (!user) return send(res, 401, { error: "Please log in" });

    if (route === "GET /api/me") return send(res, 200, publicUser(user));

    if (route === "POST /api/upgrade") {
      // Demo only: connect Stripe Checkout and set the plan from its webhook (see README).
      user.plan = "pro";
      store.save();
      return send(res, 200, publicUser(user));
    }

    const mine = data.todos.filter((t) => t.userId === user.id);
    if (route === "GET /api/todos") return send(res, 200, mine);

    if (route === "POST /api/todos") {
      const title = String((await readJson(req)).title || "").trim();
      if (!title || title.length > 200) return send(res, 400, { error: "A to-do needs a title of 1 to 200 characters" });
      if (user.plan !== "pro" && mine.length >= freeLimit) {
        return send(res, 402, { error: "The free plan keeps " + freeLimit + " to-dos. Upgrade to Pro for unlimited to-dos." });
      }
      const todo = { id: newToken().slice(0, 12), userId: user.id, title, done: false, subtasks: [], createdAt: new Date().toISOString() };
      data.todos.push(todo);
      store.save();
      return send(res, 201, todo);
    }

    const match = url.pathname.match(/^\/api\/todos\/([a-f0-9]+)(\/suggest)?$/);
    if (!match) return send(res, 404, { error: "Not found" });
    const todo = mine.find((t) => t.id === match[1]);
    if (!todo) return send(res, 404, { error: "No such to-do" });

    if (match[2] && req.method === "POST") {
      if (user.plan !== "pro") return send(res, 402, { error: "AI subtasks are a Pro feature" });
      todo.subtasks = await suggest(todo.title);
      store.save();
      return send(res, 200, todo);
    }
    if (!match[2] && req.method === "PATCH") {
      const changes = await readJson(req);
      if (typeof changes.done === "boolean") todo.done = changes.done;
      if (typeof changes.title === "string" && changes.title.trim()) todo.title = changes.title.trim().slice(0, 200);
      store.save();
      return send(res, 200, todo);
    }
    if (!match[2] && req.method === "DELETE") {
      data.todos.splice(data.todos.indexOf(todo), 1);
      store.save();
      return send(res, 200, { deleted: todo.id });
    }
    return send(res, 405, { error: "Method not allowed" });
  }

  return async function handle(req, res) {
    try {
      const url = new URL(req.url, "http://localhost");
      const file = req.method === "GET" && STATIC_FILES[url.pathname];
      if (file) {
        res.writeHead(200, { "Content-Type": file[1] });
        res.end(fs.readFileSync(path.join(publicDir, file[0])));
        return;
      }
      if (url.pathname.startsWith("/api/")) return await api(req, res, url);
      send(res, 404, { error: "Not found" });
    } catch (error) {
      if (!(error instanceof HttpError)) console.error(error);
      send(res, error instanceof HttpError ? error.status : 500, { error: error instanceof HttpError ? error.message : "Something went wrong" });
    }
  };
}
`,
  "src/auth.js": String.raw`import crypto from "node:crypto";

/** Passwords are stored as scrypt hashes with a random salt, never as plain text. */
export function hashPassword(password) {
  const salt = crypto.randomBytes(16).toString("hex");
  const hash = crypto.scryptSync(password, salt, 64).toString("hex");
  return salt + ":" + hash;
}

export function verifyPassword(password, stored) {
  const [salt, hash] = stored.split(":");
  const candidate = crypto.scryptSync(password, salt, 64);
  const expected = Buffer.from(hash, "hex");
  // Constant-time comparison, so response times do not leak how close a guess was.
  return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected);
}

export function newToken() {
  return crypto.randomBytes(24).toString("hex");
}
`,
  "src/ai.js": String.raw`/**
 * The AI step: splits a to-do into 3 to 5 concrete subtasks. With OPENAI_API_KEY set it asks the
 * OpenAI API; without it, a rule-based helper answers, so the app also works offline.
 */
export async function suggestSubtasks(title, { apiKey = process.env.OPENAI_API_KEY, model = process.env.OPENAI_MODEL || "gpt-4o-mini" } = {}) {
  if (!apiKey) return fallbackSubtasks(title);
  const response = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + apiKey },
    body: JSON.stringify({
      model,
      temperature: 0.4,
      messages: [
        {
          role: "system",
          content: "You split a to-do item into 3 to 5 short, concrete subtasks. Answer with a JSON array of strings and nothing else.",
        },
        { role: "user", content: title },
      ],
    }),
  });
  if (!response.ok) throw new Error("The AI service answered with status " + response.status);
  const answer = await response.json();
  const text = answer.choices?.[0]?.message?.content ?? "[]";
  // Models sometimes wrap the array in prose or a code block: keep only the array.
  const list = JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1) || "[]");
  return list.filter((item) => typeof item === "string" && item.trim()).slice(0, 5);
}

export function fallbackSubtasks(title) {
  const subject = title.trim().replace(/[.!?]+$/, "");
  return [
    "Write down what done looks like for: " + subject,
    "Gather what you need before you start",
    "Work on it for one focused 25-minute block",
    "Review the result and plan the next step",
  ];
}
`,
  "src/store.js": String.raw`import fs from "node:fs";
import path from "node:path";

/**
 * A tiny JSON-file database: enough for a prototype and your first users, and easy to swap for
 * PostgreSQL or Supabase later (every read and write goes through the data object and save()).
 * Without a file name the data lives in memory only (used by the tests).
 */
export function openStore(file) {
  let data = { users: [], sessions: [], todos: [] };
  if (file && fs.existsSync(file)) data = JSON.parse(fs.readFileSync(file, "utf8"));

  function save() {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Write a temporary file, then rename it: a crash never leaves half a database behind.
    const temporary = file + ".tmp";
    fs.writeFileSync(temporary, JSON.stringify(data, null, 2));
    fs.renameSync(temporary, file);
  }

  return { data, save };
}
`,
  "public/index.html": String.raw`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>TaskPilot: AI to-do lists</title>
    <link rel="stylesheet" href="/styles.css" />
  </head>
  <body>
    <main>
      <header>
        <h1>TaskPilot</h1>
        <p>To-do lists that break big tasks into small steps with AI.</p>
      </header>

      <section id="auth">
        <h2>Sign up or log in</h2>
        <form id="auth-form">
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="email" required />
          <label for="password">Password (8+ characters)</label>
          <input id="password" name="password" type="password" autocomplete="current-password" minlength="8" required />
          <div class="row">
            <button type="submit" data-action="signup">Sign up free</button>
            <button type="submit" data-action="login" class="secondary">Log in</button>
          </div>
        </form>
      </section>

      <section id="app" hidden>
        <div class="row spread">
          <p id="account"></p>
          <div class="row">
            <button id="upgrade" type="button">Upgrade to Pro</button>
            <button id="logout" type="button" class="secondary">Log out</button>
          </div>
        </div>
        <form id="todo-form" class="row">
          <label for="title" class="visually-hidden">New to-do</label>
          <input id="title" name="title" maxlength="200" placeholder="What needs doing?" required />
          <button type="submit">Add</button>
        </form>
        <ul id="todos"></ul>
      </section>

      <p id="message" role="status"></p>
    </main>
    <script type="module" src="/app.js"></script>
  </body>
</html>
`,
  "public/styles.css": String.raw`* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, sans-serif; background: #f5f6fb; color: #1f2333; }
main { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
header h1 { margin: 0; color: #4f46e5; }
section { background: #fff; border-radius: 1rem; padding: 1.5rem; margin-top: 1.5rem; box-shadow: 0 1px 3px #0002; }
label { display: block; margin-top: 0.75rem; font-weight: 600; }
input { width: 100%; padding: 0.6rem; border: 1px solid #c9cbd6; border-radius: 0.5rem; font: inherit; }
button { padding: 0.6rem 1rem; border: 0; border-radius: 0.5rem; background: #4f46e5; color: #fff; font: inherit; cursor: pointer; }
button.secondary { background: #e7e8f2; color: #1f2333; }
.row { display: flex; gap: 0.5rem; align-items: center; margin-top: 1rem; }
.spread { justify-content: space-between; margin-top: 0; }
#todos { list-style: none; padding: 0; }
#todos li { border-top: 1px solid #eceef5; padding: 0.75rem 0; }
#todos li.done .title { text-decoration: line-through; color: #8a8fa3; }
#todos ol { margin: 0.5rem 0 0 2rem; color: #4b5068; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
#message { min-height: 1.5rem; color: #b42318; }
`,
  "public/app.js": String.raw`// The browser side: keeps the session token in localStorage and talks to the JSON API.
// Everything user-typed is shown with textContent, never innerHTML, so it cannot inject markup.
const $ = (selector) => document.querySelector(selector);
let token = localStorage.getItem("token");
let me = null;

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: "Bearer " + token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (response.status === 401 && path !== "/api/login") logout();
  if (!response.ok) throw new Error(data.error || "Request failed");
  return data;
}

function say(text) {
  $("#message").textContent = text || "";
}

function logout() {
  token = null;
  me = null;
  localStorage.removeItem("token");
  $("#app").hidden = true;
  $("#auth").hidden = false;
}

function renderAccount() {
  const limit = me.todoLimit === null ? "unlimited to-dos and AI subtasks" : "up to " + me.todoLimit + " to-dos";
  $("#account").textContent = me.email + " - " + (me.plan === "pro" ? "Pro" : "Free") + " plan (" + limit + ")";
  $("#upgrade").hidden = me.plan === "pro";
}

function renderTodos(todos) {
  const list = $("#todos");
  list.replaceChildren();
  for (const todo of todos) {
    const item = document.createElement("li");
    item.className = todo.done ? "done" : "";
    const row = document.createElement("div");
    row.className = "row";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = todo.done;
    box.style.width = "auto";
    box.setAttribute("aria-label", "Done: " + todo.title);
    box.addEventListener("change", () => act(() => api("PATCH", "/api/todos/" + todo.id, { done: box.checked })));
    const title = document.createElement("span");
    title.className = "title";
    title.textContent = todo.title;
    const suggest = document.createElement("button");
    suggest.type = "button";
    suggest.className = "secondary";
    suggest.textContent = "AI subtasks";
    suggest.addEventListener("click", () => act(() => api("POST", "/api/todos/" + todo.id + "/suggest")));
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "secondary";
    remove.textContent = "Delete";
    remove.addEventListener("click", () => act(() => api("DELETE", "/api/todos/" + todo.id)));
    row.append(box, title, suggest, remove);
    item.append(row);
    if (todo.subtasks.length) {
      const steps = document.createElement("ol");
      for (const step of todo.subtasks) {
        const li = document.createElement("li");
        li.textContent = step;
        steps.append(li);
      }
      item.append(steps);
    }
    list.append(item);
  }
}

async function refresh() {
  me = await api("GET", "/api/me");
  renderAccount();
  renderTodos(await api("GET", "/api/todos"));
  $("#auth").hidden = true;
  $("#app").hidden = false;
}

async function act(step) {
  try {
    say("");
    await step();
    await refresh();
  } catch (error) {
    say(error.message);
  }
}

$("#auth-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const action = event.submitter?.dataset.action === "login" ? "login" : "signup";
  act(async () => {
    const result = await api("POST", "/api/" + action, { email: $("#email").value, password: $("#password").value });
    token = result.token;
    localStorage.setItem("token", token);
  });
});

$("#todo-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act(async () => {
    await api("POST", "/api/todos", { title: $("#title").value });
    $("#title").value = "";
  });
});

$("#upgrade").addEventListener("click", () => act(() => api("POST", "/api/upgrade")));
$("#logout").addEventListener("click", logout);

if (token) act(async () => {});
`,
  "test/api.test.js": String.raw`import assert from "node:assert/strict";
import http from "node:http";
import { after, test } from "node:test";
import { createHandler } from "../src/app.js";

// The real server on a free port with an in-memory store and a predictable AI helper.
const server = http.createServer(createHandler({ freeLimit: 2, suggest: async (title) => ["Plan: " + title, "Do: " + title] }));
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = "http://127.0.0.1:" + server.address().port;
after(() => {
  server.closeAllConnections();
  server.close();
});

async function call(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, body: await response.json() };
}

test("a free account keeps up to the limit, Pro removes it and adds AI subtasks", async () => {
  const signup = await call("POST", "/api/signup", { email: "Ada@Example.com", password: "long-enough" });
  assert.equal(signup.status, 201);
  assert.deepEqual(signup.body.user.plan, "free");
  const token = signup.body.token;

  assert.equal((await call("POST", "/api/todos", { title: "Write landing page" }, token)).status, 201);
  const second = await call("POST", "/api/todos", { title: "Record demo video" }, token);
  assert.equal(second.status, 201);
  const third = await call("POST", "/api/todos", { title: "One too many" }, token);
  assert.equal(third.status, 402);
  assert.match(third.body.error, /free plan keeps 2 to-dos/);
  assert.equal((await call("POST", "/api/todos/" + second.body.id + "/suggest", null, token)).status, 402);

  assert.equal((await call("POST", "/api/upgrade", null, token)).body.plan, "pro");
  assert.equal((await call("POST", "/api/todos", { title: "Now allowed" }, token)).status, 201);
  const suggested = await call("POST", "/api/todos/" + second.body.id + "/suggest", null, token);
  assert.deepEqual(suggested.body.subtasks, ["Plan: Record demo video", "Do: Record demo video"]);

  const done = await call("PATCH", "/api/todos/" + second.body.id, { done: true }, token);
  assert.equal(done.body.done, true);
  assert.equal((await call("DELETE", "/api/todos/" + second.body.id, null, token)).status, 200);
  assert.equal((await call("GET", "/api/todos", null, token)).body.length, 2);
});

test("login checks the password, and to-dos are private to their owner", async () => {
  await call("POST", "/api/signup", { email: "owner@example.com", password: "owner-password" });
  assert.equal((await call("POST", "/api/login", { email: "owner@example.com", password: "wrong-password" })).status, 401);
  const owner = (await call("POST", "/api/login", { email: "OWNER@example.com", password: "owner-password" })).body.token;
  const todo = (await call("POST", "/api/todos", { title: "Secret plan" }, owner)).body;

  const other = (await call("POST", "/api/signup", { email: "other@example.com", password: "other-password" })).body.token;
  assert.deepEqual((await call("GET", "/api/todos", null, other)).body, []);
  assert.equal((await call("PATCH", "/api/todos/" + todo.id, { done: true }, other)).status, 404);
  assert.equal((await call("GET", "/api/todos", null)).status, 401);
});

test("bad input gets a clear message", async () => {
  assert.equal((await call("POST", "/api/signup", { email: "not-an-email", password: "long-enough" })).body.error, "Enter a valid email address");
  assert.equal((await call("POST", "/api/signup", { email: "short@example.com", password: "short" })).status, 400);
  const token = (await call("POST", "/api/signup", { email: "blank@example.com", password: "long-enough" })).body.token;
  assert.equal((await call("POST", "/api/todos", { title: "   " }, token)).status, 400);
});
`,
};
