import assert from "node:assert/strict";
import http from "node:http";
import { after, test } from "node:test";
import { createHandler } from "../src/app.js";

// The real server on a free port with an in-memory store and a predictable AI helper.
const server = http.createServer(
  createHandler({ freeLimit: 2, suggest: async (title) => ["Plan: " + title, "Do: " + title] }),
);
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
  assert.equal(
    (await call("POST", "/api/login", { email: "owner@example.com", password: "wrong-password" })).status,
    401,
  );
  const owner = (await call("POST", "/api/login", { email: "OWNER@example.com", password: "owner-password" })).body
    .token;
  const todo = (await call("POST", "/api/todos", { title: "Secret plan" }, owner)).body;

  const other = (await call("POST", "/api/signup", { email: "other@example.com", password: "other-password" })).body
    .token;
  assert.deepEqual((await call("GET", "/api/todos", null, other)).body, []);
  assert.equal((await call("PATCH", "/api/todos/" + todo.id, { done: true }, other)).status, 404);
  assert.equal((await call("GET", "/api/todos", null)).status, 401);
});

test("bad input gets a clear message", async () => {
  assert.equal(
    (await call("POST", "/api/signup", { email: "not-an-email", password: "long-enough" })).body.error,
    "Enter a valid email address",
  );
  assert.equal((await call("POST", "/api/signup", { email: "short@example.com", password: "short" })).status, 400);
  const token = (await call("POST", "/api/signup", { email: "blank@example.com", password: "long-enough" })).body.token;
  assert.equal((await call("POST", "/api/todos", { title: "   " }, token)).status, 400);
});
