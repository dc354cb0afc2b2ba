import fs from "node:fs";
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

  const publicUser = (user) => ({
    id: user.id,
    email: user.email,
    plan: user.plan,
    todoLimit: user.plan === "pro" ? null : freeLimit,
  });

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
      const address = String(email || "")
        .trim()
        .toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return send(res, 400, { error: "Enter a valid email address" });
      if (String(password || "").length < 8)
        return send(res, 400, { error: "Use a password of at least 8 characters" });
      if (data.users.some((u) => u.email === address))
        return send(res, 409, { error: "That email already has an account" });
      const user = {
        id: newToken().slice(0, 12),
        email: address,
        passwordHash: hashPassword(String(password)),
        plan: "free",
      };
      data.users.push(user);
      return startSession(res, user, 201);
    }

    if (route === "POST /api/login") {
      const { email, password } = await readJson(req);
      const user = data.users.find(
        (u) =>
          u.email ===
          String(email || "")
            .trim()
            .toLowerCase(),
      );
      if (!user || !verifyPassword(String(password || ""), user.passwordHash))
        return send(res, 401, { error: "Wrong email or password" });
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
      if (!title || title.length > 200)
        return send(res, 400, { error: "A to-do needs a title of 1 to 200 characters" });
      if (user.plan !== "pro" && mine.length >= freeLimit) {
        return send(res, 402, {
          error: "The free plan keeps " + freeLimit + " to-dos. Upgrade to Pro for unlimited to-dos.",
        });
      }
      const todo = {
        id: newToken().slice(0, 12),
        userId: user.id,
        title,
        done: false,
        subtasks: [],
        createdAt: new Date().toISOString(),
      };
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
      send(res, error instanceof HttpError ? error.status : 500, {
        error: error instanceof HttpError ? error.message : "Something went wrong",
      });
    }
  };
}
