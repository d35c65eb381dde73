// Benchmark-owned: a stand-in for the API in tests that render the whole App, whose fetch
// calls they then read. Imported as "@bench/api-stub.js" (run-vitest.sh).
import { vi } from "vitest";

export const TODOS = [
  { id: 3, title: "Walk the dog", description: "", completed: false, priority: "high", due_date: null, created_at: "2025-01-03T10:00:00Z" },
  { id: 2, title: "Buy milk", description: "", completed: false, priority: "low", due_date: null, created_at: "2025-01-02T10:00:00Z" },
];

export function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

// a fetch call as method, path and query parameters
export function describeCall([input, init = {}]) {
  const url = new URL(typeof input === "string" ? input : input.url, "http://app.test");
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  return { path: url.pathname, query: Object.fromEntries(url.searchParams), method, body: init.body };
}

// the signed-in user as GET /api/v1/auth/me/ answers (date_joined since turn 98), for an
// app that asks who is signed in
export const ME = { id: 1, username: "volunteer", date_joined: "2025-01-01T10:00:00Z" };

// fetch answers the list with TODOS, the signed-in user with ME, deletes with 204 and
// anything else with stats; answer(call) may answer a call first (a Response), or leave
// it (undefined)
export function stubApi(answer = () => undefined) {
  const fetchMock = vi.fn(async (...args) => {
    const call = describeCall(args);
    const answered = answer(call);
    if (answered) return answered;
    if (call.method === "GET" && call.path === "/api/v1/todos/") {
      return jsonResponse({ count: TODOS.length, next: null, previous: null, results: TODOS });
    }
    if (call.method === "GET" && call.path === "/api/v1/auth/me/") return jsonResponse(ME);
    if (call.method === "DELETE") return new Response(null, { status: 204 });
    return jsonResponse({ total: 2, completed: 0, open: 2, completed_this_week: 0, by_priority: { low: 1, medium: 0, high: 1 } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

// the list requests made so far
export const listCalls = (fetchMock) =>
  fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "GET" && c.path === "/api/v1/todos/");

// fetch answers every call with these stats but the signed-in user's (ME): the profile
// page's tests
export function stubStats(stats) {
  return stubApi((call) => (call.path === "/api/v1/auth/me/" ? undefined : jsonResponse(stats)));
}
