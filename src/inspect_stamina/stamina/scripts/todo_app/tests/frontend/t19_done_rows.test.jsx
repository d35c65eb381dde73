import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

// Turn 19: the row of a done todo has the CSS class "done"; an open todo's row does not.

const TODOS = [
  { id: 2, title: "Walk the dog", description: "", completed: false, priority: "high", due_date: null, created_at: "2025-01-02T10:00:00Z" },
  { id: 1, title: "Buy milk", description: "", completed: true, priority: "low", due_date: null, created_at: "2025-01-01T10:00:00Z" },
];

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

// the list as the API answers it until pagination (turn 28): a plain list; the check
// retires there, and turn 63's check keeps asking for the class on a paged list
function stubApi() {
  const fetchMock = vi.fn(async (input, init = {}) => {
    const url = typeof input === "string" ? input : input.url;
    const method = (init.method || "GET").toUpperCase();
    if (method === "GET" && url.split("?")[0] === "/api/v1/todos/") {
      return jsonResponse(TODOS);
    }
    return jsonResponse({ total: 2, completed: 1, open: 1, by_priority: { low: 1, medium: 0, high: 1 } });
  });
  vi.stubGlobal("fetch", fetchMock);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("a done todo's row has the class done", async () => {
  stubApi();
  render(<App />);
  const done = (await screen.findByText("Buy milk")).closest("tr");
  const open = (await screen.findByText("Walk the dog")).closest("tr");
  expect(done.classList.contains("done")).toBe(true);
  expect(open.classList.contains("done")).toBe(false);
});
