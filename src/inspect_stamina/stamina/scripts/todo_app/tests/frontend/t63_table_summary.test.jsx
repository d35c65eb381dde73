import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

// Turn 63: under the table, a line says how many todos are listed and how many are done ("3 todos, 1 done").

const TODOS = [
  { id: 3, title: "Walk the dog", description: "", completed: false, priority: "high", due_date: null, created_at: "2025-01-03T10:00:00Z" },
  { id: 2, title: "Buy milk", description: "", completed: true, priority: "low", due_date: null, created_at: "2025-01-02T10:00:00Z" },
  { id: 1, title: "Read a book", description: "", completed: false, priority: "medium", due_date: null, created_at: "2025-01-01T10:00:00Z" },
];

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function stubApi() {
  const fetchMock = vi.fn(async (input, init = {}) => {
    const url = typeof input === "string" ? input : input.url;
    const method = (init.method || "GET").toUpperCase();
    if (method === "GET" && url.split("?")[0] === "/api/v1/todos/") {
      return jsonResponse({ count: TODOS.length, next: null, previous: null, results: TODOS });
    }
    return jsonResponse({ total: 3, completed: 1, open: 2, by_priority: { low: 1, medium: 1, high: 1 } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the table's summary line counts the todos and the done ones", async () => {
  stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  expect(await screen.findByText(/(^|\D)3 todos, 1 done/)).toBeTruthy();
  // the done row keeps the class turn 19 asked for
  expect(screen.getByText("Buy milk").closest("tr").classList.contains("done")).toBe(true);
});
