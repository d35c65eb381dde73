import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

const TODOS = [
  { id: 2, title: "Walk the dog", description: "", completed: false, priority: "medium", created_at: "2025-01-02T10:00:00Z" },
  { id: 1, title: "Buy milk", description: "", completed: true, priority: "low", created_at: "2025-01-01T10:00:00Z" },
];

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the app loads the todos on mount and shows every title", async () => {
  const fetchMock = vi.fn(async (input) => {
    const url = typeof input === "string" ? input : input.url;
    return url.split("?")[0] === "/api/v1/todos/" ? jsonResponse(TODOS) : jsonResponse({});
  });
  vi.stubGlobal("fetch", fetchMock);
  render(<App />);
  expect(await screen.findByText("Walk the dog")).toBeTruthy();
  expect(await screen.findByText("Buy milk")).toBeTruthy();
  const urls = fetchMock.mock.calls.map(([input]) => (typeof input === "string" ? input : input.url));
  expect(urls.some((url) => url.split("?")[0] === "/api/v1/todos/")).toBe(true);
});
