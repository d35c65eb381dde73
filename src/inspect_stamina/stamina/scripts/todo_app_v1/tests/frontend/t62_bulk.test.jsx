import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { bulkComplete } from "@app/api/client";

const TODOS = [
  { id: 3, title: "Walk the dog", description: "", completed: false, priority: "high", due_date: null, created_at: "2025-01-03T10:00:00Z" },
  { id: 2, title: "Buy milk", description: "", completed: false, priority: "low", due_date: null, created_at: "2025-01-02T10:00:00Z" },
  { id: 1, title: "Read a book", description: "", completed: false, priority: "medium", due_date: null, created_at: "2025-01-01T10:00:00Z" },
];

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function describeCall([input, init = {}]) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  return { path: url.split("?")[0], method, body: init.body };
}

function stubApi() {
  const fetchMock = vi.fn(async (...args) => {
    const { path, method } = describeCall(args);
    if (path === "/api/v1/todos/bulk-complete/") return jsonResponse({ updated: 2 });
    if (method === "GET" && path === "/api/v1/todos/") {
      return jsonResponse({ count: TODOS.length, next: null, previous: null, results: TODOS });
    }
    if (method === "DELETE") return new Response(null, { status: 204 });
    return jsonResponse({ total: 3, completed: 0, open: 3, by_priority: { low: 1, medium: 1, high: 1 } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("bulkComplete POSTs the ids to /api/v1/todos/bulk-complete/", async () => {
  const fetchMock = stubApi();
  await expect(bulkComplete([3, 1])).resolves.toEqual({ updated: 2 });
  const call = describeCall(fetchMock.mock.calls[0]);
  expect(call.method).toBe("POST");
  expect(call.path).toBe("/api/v1/todos/bulk-complete/");
  expect(JSON.parse(call.body)).toEqual({ ids: [3, 1] });
});

test("ticking rows and clicking 'Complete selected' completes exactly those todos", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  const dogRow = (await screen.findByText("Walk the dog")).closest("tr");
  const bookRow = (await screen.findByText("Read a book")).closest("tr");
  await user.click(within(dogRow).getByRole("checkbox"));
  await user.click(within(bookRow).getByRole("checkbox"));
  await user.click(screen.getByRole("button", { name: "Complete selected" }));
  await waitFor(() => {
    expect(fetchMock.mock.calls.map(describeCall).some((c) => c.path === "/api/v1/todos/bulk-complete/")).toBe(true);
  });
  const post = fetchMock.mock.calls.map(describeCall).find((c) => c.path === "/api/v1/todos/bulk-complete/");
  expect(post.method).toBe("POST");
  expect([...JSON.parse(post.body).ids].sort((a, b) => a - b)).toEqual([1, 3]);
});
