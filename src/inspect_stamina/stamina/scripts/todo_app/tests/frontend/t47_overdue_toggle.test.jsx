// Turn 47: an "Overdue only" checkbox in the app lists only overdue todos (?overdue=true).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("ticking 'Overdue only' reloads the list with ?overdue=true, unticking without it", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  expect(listCalls(fetchMock).every((c) => c.query.overdue === undefined)).toBe(true);
  await user.click(screen.getByLabelText("Overdue only"));
  await waitFor(() => expect(listCalls(fetchMock).some((c) => c.query.overdue === "true")).toBe(true));
  const before = listCalls(fetchMock).length;
  await user.click(screen.getByLabelText("Overdue only"));
  await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
  expect(listCalls(fetchMock).at(-1).query.overdue).toBeUndefined();
});
