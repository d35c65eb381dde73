import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { listTodos } from "@app/api/client";

const TODOS = [
  { id: 22, title: "Walk the dog", description: "", completed: false, priority: "medium", created_at: "2025-01-02T10:00:00Z" },
  { id: 21, title: "Buy milk", description: "", completed: false, priority: "low", created_at: "2025-01-01T10:00:00Z" },
];
const PAGE = { count: 22, next: "http://testserver/api/v1/todos/?page=2", previous: null, results: TODOS };

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function stubApi() {
  const fetchMock = vi.fn(async (input) => {
    const url = typeof input === "string" ? input : input.url;
    return url.split("?")[0] === "/api/v1/todos/" ? jsonResponse(PAGE) : jsonResponse({});
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("listTodos returns the results of the paginated response", async () => {
  stubApi();
  await expect(listTodos()).resolves.toEqual(TODOS);
});

test("the app shows the todos of a paginated response", async () => {
  stubApi();
  render(<App />);
  expect(await screen.findByText("Walk the dog")).toBeTruthy();
  expect(await screen.findByText("Buy milk")).toBeTruthy();
});
