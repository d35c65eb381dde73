// Turn 88: each row has an "Archive" button: POST /api/v1/todos/<id>/archive/, then the list reloads.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, listCalls, stubApi, TODOS } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("'Archive' on a row archives that todo and reloads the list", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi((call) =>
    call.method === "POST" && call.path === "/api/v1/todos/2/archive/" ? jsonResponse({ ...TODOS[1], archived: true }) : undefined,
  );
  render(<App />);
  const row = (await screen.findByText("Buy milk")).closest("tr");
  const before = listCalls(fetchMock).length;
  await user.click(within(row).getByRole("button", { name: "Archive" }));
  await waitFor(() => {
    expect(fetchMock.mock.calls.map(describeCall).some((c) => c.method === "POST" && c.path === "/api/v1/todos/2/archive/")).toBe(true);
  });
  await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
  // nothing else was changed
  const others = fetchMock.mock.calls.map(describeCall).filter((c) => c.method !== "GET" && c.path !== "/api/v1/todos/2/archive/");
  expect(others).toEqual([]);
});
