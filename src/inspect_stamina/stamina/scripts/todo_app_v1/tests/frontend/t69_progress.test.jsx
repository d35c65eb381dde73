import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

const TODOS = [
  { id: 2, title: "Plan the trip", description: "", completed: false, priority: "high", due_date: null, subtasks_total: 3, subtasks_done: 1, created_at: "2025-01-02T10:00:00Z" },
  { id: 1, title: "Buy milk", description: "", completed: false, priority: "low", due_date: null, subtasks_total: 0, subtasks_done: 0, created_at: "2025-01-01T10:00:00Z" },
];

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the table has a Subtasks column showing done/total per todo", async () => {
  vi.stubGlobal("fetch", vi.fn(async (input) => {
    const path = (typeof input === "string" ? input : input.url).split("?")[0];
    if (path === "/api/v1/todos/") {
      return jsonResponse({ count: TODOS.length, next: null, previous: null, results: TODOS });
    }
    return jsonResponse({ total: 2, completed: 0, open: 2, by_priority: { low: 1, medium: 0, high: 1 } });
  }));
  render(<App />);
  const tripRow = (await screen.findByText("Plan the trip")).closest("tr");
  const milkRow = (await screen.findByText("Buy milk")).closest("tr");
  expect(screen.getByRole("columnheader", { name: "Subtasks" })).toBeTruthy();
  expect(within(tripRow).getByText("1/3")).toBeTruthy();
  expect(within(milkRow).getByText("0/0")).toBeTruthy();
});
