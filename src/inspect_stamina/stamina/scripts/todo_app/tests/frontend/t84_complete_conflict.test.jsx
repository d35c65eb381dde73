// Turn 84: the app's Complete sends the version its row showed; when the API answers 409
// (CONFLICT), the app says "Someone else changed this todo" and loads the list again.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TODO = {
  id: 7, title: "Sort the tins", description: "", completed: false, priority: "medium",
  due_date: null, created_at: "2025-01-03T10:00:00Z", version: 4,
};

function stub(patchAnswer) {
  return stubApi((call) => {
    if (call.method === "GET" && call.path === "/api/v1/todos/") {
      return jsonResponse({ count: 1, next: null, previous: null, results: [TODO] });
    }
    if (call.method === "PATCH") return patchAnswer();
    return undefined;
  });
}

const patches = (fetchMock) => fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "PATCH");

async function complete(user) {
  const row = (await screen.findByText("Sort the tins")).closest("tr");
  await user.click(within(row).getByRole("button", { name: "Complete" }));
}

test("Complete sends the version the row showed", async () => {
  const user = userEvent.setup();
  const fetchMock = stub(() => jsonResponse({ ...TODO, completed: true, version: 5 }));
  render(<App />);
  await complete(user);
  await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
  const [patch] = patches(fetchMock);
  expect(patch.path).toBe("/api/v1/todos/7/");
  expect(JSON.parse(patch.body)).toMatchObject({ completed: true, version: 4 });
});

test("a conflict says someone else changed the todo and reloads the list", async () => {
  const user = userEvent.setup();
  vi.spyOn(console, "error").mockImplementation(() => {});
  const conflict = { error: { code: "CONFLICT", message: "This todo was changed by someone else." } };
  const fetchMock = stub(() => jsonResponse(conflict, 409));
  render(<App />);
  await complete(user);
  await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
  expect(await screen.findByText(/someone else changed this todo/i)).toBeTruthy();
  await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThanOrEqual(2));
});
