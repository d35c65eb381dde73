import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import App from "@app/App";

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function describeCall([input, init = {}]) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  const headers = new Headers(init.headers || (typeof input === "string" ? {} : input.headers));
  return { path: url.split("?")[0], method, body: init.body, auth: headers.get("Authorization") };
}

// The API as it is from turn 71: lists need a token, the token endpoint checks the password.
function stubApi() {
  const fetchMock = vi.fn(async (...args) => {
    const { path, method, body, auth } = describeCall(args);
    if (method === "POST" && path === "/api/v1/auth/token/") {
      const { username, password } = JSON.parse(body);
      if (username === "ann" && password === "secret-pass-1") {
        return jsonResponse({ access: "token-for-ann", refresh: "refresh-for-ann" });
      }
      return jsonResponse({ error: { code: "AUTH_REQUIRED", message: "No active account" } }, 401);
    }
    if (auth !== "Bearer token-for-ann") {
      return jsonResponse({ error: { code: "AUTH_REQUIRED", message: "Sign in first." } }, 401);
    }
    if (method === "GET" && path === "/api/v1/todos/") {
      const todo = { id: 1, title: "Ann's todo", description: "", completed: false, priority: "medium",
        due_date: null, tags: [], subtasks_total: 0, subtasks_done: 0, created_at: "2025-01-01T10:00:00Z" };
      return jsonResponse({ count: 1, next: null, previous: null, results: [todo] });
    }
    return jsonResponse({ total: 1, completed: 0, open: 1, by_priority: { low: 0, medium: 1, high: 0 } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

test("signed out, the app asks to sign in and then shows the user's todos", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  const signIn = await screen.findByRole("button", { name: /sign in/i });
  await user.type(screen.getByLabelText(/username/i), "ann");
  await user.type(screen.getByLabelText(/password/i), "secret-pass-1");
  await user.click(signIn);
  expect(await screen.findByText("Ann's todo")).toBeTruthy();
  const tokenCall = fetchMock.mock.calls.map(describeCall).find((c) => c.path === "/api/v1/auth/token/");
  expect(tokenCall.method).toBe("POST");
  expect(JSON.parse(tokenCall.body)).toEqual({ username: "ann", password: "secret-pass-1" });
  expect(screen.queryByRole("button", { name: /sign in/i })).toBeNull();
});

test("a wrong password keeps the form and says so", async () => {
  const user = userEvent.setup();
  stubApi();
  render(<App />);
  await screen.findByRole("button", { name: /sign in/i });
  await user.type(screen.getByLabelText(/username/i), "ann");
  await user.type(screen.getByLabelText(/password/i), "wrong");
  await user.click(screen.getByRole("button", { name: /sign in/i }));
  await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/wrong|invalid|incorrect/i));
  expect(screen.getByRole("button", { name: /sign in/i })).toBeTruthy();
  expect(screen.queryByText("Ann's todo")).toBeNull();
});
