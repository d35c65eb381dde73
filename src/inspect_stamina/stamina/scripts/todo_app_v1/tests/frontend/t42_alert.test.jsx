import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function pathOf(input) {
  return (typeof input === "string" ? input : input.url).split("?")[0];
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("the app shows an alert when the request for todos fails", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubGlobal("fetch", vi.fn(async () => {
    throw new TypeError("Failed to fetch");
  }));
  render(<App />);
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain("Could not load todos");
});

test("the app shows an alert when the todo list answers with an error status", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubGlobal("fetch", vi.fn(async (input) => {
    if (pathOf(input) === "/api/v1/todos/") {
      return jsonResponse({ error: { code: "ERROR", message: "Server error" } }, 500);
    }
    return jsonResponse({ total: 0, completed: 0, open: 0, by_priority: { low: 0, medium: 0, high: 0 } });
  }));
  render(<App />);
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain("Could not load todos");
});

test("no alert when the todos load", async () => {
  vi.stubGlobal("fetch", vi.fn(async (input) => {
    if (pathOf(input) === "/api/v1/todos/") {
      const todo = { id: 1, title: "Buy milk", description: "", completed: false, priority: "medium", due_date: null, created_at: "2025-01-01T10:00:00Z" };
      return jsonResponse({ count: 1, next: null, previous: null, results: [todo] });
    }
    return jsonResponse({ total: 1, completed: 0, open: 1, by_priority: { low: 0, medium: 1, high: 0 } });
  }));
  render(<App />);
  expect(await screen.findByText("Buy milk")).toBeTruthy();
  expect(screen.queryByText("Could not load todos")).toBeNull();
});
