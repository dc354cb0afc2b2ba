// The browser side: keeps the session token in localStorage and talks to the JSON API.
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
