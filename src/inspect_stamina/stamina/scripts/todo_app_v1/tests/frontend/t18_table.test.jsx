import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

const TODOS = [
  { id: 4, title: "Walk the dog", description: "", completed: false, priority: "high", created_at: "2025-01-02T10:00:00Z" },
  { id: 3, title: "Buy milk", description: "", completed: true, priority: "low", created_at: "2025-01-01T10:00:00Z" },
];

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function describeCall([input, init = {}]) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  return { path: url.split("?")[0], method, body: init.body };
}

// Answers like the API: the list for GET /api/v1/todos/, the todo for PATCH, 204 for DELETE.
function stubApi() {
  const fetchMock = vi.fn(async (...args) => {
    const { path, method } = describeCall(args);
    if (method === "DELETE") return new Response(null, { status: 204 });
    if (method === "PATCH") return jsonResponse({ ...TODOS[0], completed: true });
    if (path === "/api/v1/todos/") return jsonResponse(TODOS);
    return jsonResponse({});
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function rowOf(title) {
  return (await screen.findByText(title)).closest("tr");
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("rows show title, priority and Done/Open; only open todos have Complete", async () => {
  stubApi();
  render(<App />);
  const open = await rowOf("Walk the dog");
  const done = await rowOf("Buy milk");
  expect(open.textContent).toContain("high");
  expect(open.textContent).toContain("Open");
  expect(done.textContent).toContain("low");
  expect(done.textContent).toContain("Done");
  expect(within(open).getByRole("button", { name: "Complete" })).toBeTruthy();
  expect(within(open).getByRole("button", { name: "Delete" })).toBeTruthy();
  expect(within(done).queryByRole("button", { name: "Complete" })).toBeNull();
  expect(within(done).getByRole("button", { name: "Delete" })).toBeTruthy();
});

test("Complete PATCHes the todo with completed: true", async () => {
  const fetchMock = stubApi();
  render(<App />);
  fireEvent.click(within(await rowOf("Walk the dog")).getByRole("button", { name: "Complete" }));
  await waitFor(() => {
    expect(fetchMock.mock.calls.map(describeCall).some((c) => c.method === "PATCH")).toBe(true);
  });
  const patch = fetchMock.mock.calls.map(describeCall).find((c) => c.method === "PATCH");
  expect(patch.path).toBe("/api/v1/todos/4/");
  expect(JSON.parse(patch.body)).toEqual({ completed: true });
});

test("Delete asks for confirmation and DELETEs when confirmed", async () => {
  const fetchMock = stubApi();
  const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
  render(<App />);
  fireEvent.click(within(await rowOf("Buy milk")).getByRole("button", { name: "Delete" }));
  expect(confirm).toHaveBeenCalledWith("Delete this todo?");
  await waitFor(() => {
    expect(fetchMock.mock.calls.map(describeCall).some((c) => c.method === "DELETE")).toBe(true);
  });
  const del = fetchMock.mock.calls.map(describeCall).find((c) => c.method === "DELETE");
  expect(del.path).toBe("/api/v1/todos/3/");
});

test("Delete sends nothing when the confirmation is declined", async () => {
  const fetchMock = stubApi();
  const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
  render(<App />);
  fireEvent.click(within(await rowOf("Buy milk")).getByRole("button", { name: "Delete" }));
  expect(confirm).toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchMock.mock.calls.map(describeCall).some((c) => c.method === "DELETE")).toBe(false);
});
