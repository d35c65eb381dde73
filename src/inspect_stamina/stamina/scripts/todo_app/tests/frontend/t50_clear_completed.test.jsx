// Turn 50: a "Clear completed" button asks first, then DELETEs /api/v1/todos/completed/ and
// reloads the list; cancelling the question deletes nothing.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const clears = (fetchMock) =>
  fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "DELETE" && c.path === "/api/v1/todos/completed/");

function stubClear() {
  return stubApi((call) =>
    call.method === "DELETE" && call.path === "/api/v1/todos/completed/" ? jsonResponse({ deleted: 1 }) : undefined,
  );
}

test("Clear completed asks, deletes the completed todos and reloads the list", async () => {
  const user = userEvent.setup();
  const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
  const fetchMock = stubClear();
  render(<App />);
  await screen.findByText("Walk the dog");
  const listsBefore = listCalls(fetchMock).length;
  await user.click(screen.getByRole("button", { name: "Clear completed" }));
  await waitFor(() => expect(clears(fetchMock)).toHaveLength(1));
  expect(confirm).toHaveBeenCalled();
  await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
});

test("cancelling the question deletes nothing", async () => {
  const user = userEvent.setup();
  vi.spyOn(window, "confirm").mockReturnValue(false);
  const fetchMock = stubClear();
  render(<App />);
  await screen.findByText("Walk the dog");
  await user.click(screen.getByRole("button", { name: "Clear completed" }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(clears(fetchMock)).toHaveLength(0);
});
