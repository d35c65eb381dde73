// Turn 97: signed in, a "Sign out" button forgets both tokens (accessToken, refreshToken)
// and brings the sign-in form back; the sign-in form's "Create account" registers the typed
// username and password, then signs in with them; a refused account shows the server's
// message.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, TODOS } from "@bench/api-stub.js";

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const authOf = ([input, init = {}]) => new Headers(init.headers || {}).get("Authorization");
const unauthorised = () => jsonResponse({ error: { code: "AUTH_REQUIRED", message: "Sign in first." } }, 401);

// The API from turn 71 on: the list needs "Bearer access-1"; the token endpoint takes
// ann / pantry-door-42; register answers with register(call), or 201.
function stubAccounts(register = () => jsonResponse({ id: 4, username: "ann" }, 201)) {
  const fetchMock = vi.fn(async (...args) => {
    const call = describeCall(args);
    if (call.method === "POST" && call.path === "/api/v1/auth/register/") return register(call);
    if (call.method === "POST" && call.path === "/api/v1/auth/token/") {
      const { username, password } = JSON.parse(call.body);
      return username === "ann" && password === "pantry-door-42"
        ? jsonResponse({ access: "access-1", refresh: "refresh-1" })
        : unauthorised();
    }
    if (call.method === "POST" && call.path === "/api/v1/auth/token/refresh/") return unauthorised();
    if (authOf(args) !== "Bearer access-1") return unauthorised();
    if (call.method === "GET" && call.path === "/api/v1/todos/") {
      return jsonResponse({ count: TODOS.length, next: null, previous: null, results: TODOS });
    }
    return jsonResponse({ total: 2, completed: 0, open: 2, by_priority: { low: 1, medium: 0, high: 1 } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const calls = (fetchMock, path) => fetchMock.mock.calls.map(describeCall).filter((c) => c.path === path);

test("Sign out forgets both tokens and shows the sign-in form", async () => {
  const user = userEvent.setup();
  localStorage.setItem("accessToken", "access-1");
  localStorage.setItem("refreshToken", "refresh-1");
  stubAccounts();
  render(<App />);
  expect(await screen.findByText("Walk the dog")).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Sign out" }));
  expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
  expect(localStorage.getItem("accessToken")).toBeNull();
  expect(localStorage.getItem("refreshToken")).toBeNull();
  expect(screen.queryByText("Walk the dog")).toBeNull();
});

test("Create account registers, then signs in with the same name and password", async () => {
  const user = userEvent.setup();
  const fetchMock = stubAccounts();
  render(<App />);
  await screen.findByRole("button", { name: "Sign in" });
  await user.type(screen.getByLabelText(/username/i), "ann");
  await user.type(screen.getByLabelText(/password/i), "pantry-door-42");
  await user.click(screen.getByRole("button", { name: "Create account" }));
  expect(await screen.findByText("Walk the dog")).toBeTruthy();
  const [registered] = calls(fetchMock, "/api/v1/auth/register/");
  expect(registered.method).toBe("POST");
  expect(JSON.parse(registered.body)).toEqual({ username: "ann", password: "pantry-door-42" });
  expect(calls(fetchMock, "/api/v1/auth/token/")).toHaveLength(1);
  expect(localStorage.getItem("accessToken")).toBe("access-1");
});

test("a refused account shows the server's message and signs nobody in", async () => {
  const user = userEvent.setup();
  vi.spyOn(console, "error").mockImplementation(() => {});
  const error = { code: "VALIDATION_ERROR", message: "Invalid input.", fields: { password: ["The password needs at least 8 characters."] } };
  const fetchMock = stubAccounts(() => jsonResponse({ error }, 400));
  render(<App />);
  await screen.findByRole("button", { name: "Sign in" });
  await user.type(screen.getByLabelText(/username/i), "ann");
  await user.type(screen.getByLabelText(/password/i), "short");
  await user.click(screen.getByRole("button", { name: "Create account" }));
  expect(await screen.findByText(/at least 8 characters/)).toBeTruthy();
  await waitFor(() => expect(calls(fetchMock, "/api/v1/auth/token/")).toHaveLength(0));
  expect(localStorage.getItem("accessToken")).toBeNull();
});
