// Turn 62: "Delete selected" asks first, then POSTs the ticked ids to
// /api/v1/todos/bulk-delete/ and reloads; cancelling deletes nothing.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bulkDeletes = (fetchMock) =>
  fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "POST" && c.path === "/api/v1/todos/bulk-delete/");

function stubBulkDelete() {
  return stubApi((call) => (call.path === "/api/v1/todos/bulk-delete/" ? jsonResponse({ deleted: 2 }) : undefined));
}

async function tickBoth(user) {
  for (const title of ["Walk the dog", "Buy milk"]) {
    const row = (await screen.findByText(title)).closest("tr");
    await user.click(within(row).getByRole("checkbox"));
  }
}

test("Delete selected asks, then deletes exactly the ticked todos", async () => {
  const user = userEvent.setup();
  const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
  const fetchMock = stubBulkDelete();
  render(<App />);
  await tickBoth(user);
  await user.click(screen.getByRole("button", { name: "Delete selected" }));
  await waitFor(() => expect(bulkDeletes(fetchMock)).toHaveLength(1));
  expect(confirm).toHaveBeenCalled();
  expect([...JSON.parse(bulkDeletes(fetchMock)[0].body).ids].sort()).toEqual([2, 3]);
});

test("cancelling the question deletes nothing", async () => {
  const user = userEvent.setup();
  vi.spyOn(window, "confirm").mockReturnValue(false);
  const fetchMock = stubBulkDelete();
  render(<App />);
  await tickBoth(user);
  await user.click(screen.getByRole("button", { name: "Delete selected" }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(bulkDeletes(fetchMock)).toHaveLength(0);
});
