// Turn 56: a "Sort by" select beside the filters: "Newest first" (the default), "Due date"
// (?ordering=due_date) and "Priority" (?ordering=priority).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastOrdering = (fetchMock) => listCalls(fetchMock).at(-1).query.ordering;

test("Due date and Priority reload the list with their ordering", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  await user.selectOptions(screen.getByLabelText("Sort by"), "Due date");
  await waitFor(() => expect(lastOrdering(fetchMock)).toBe("due_date"));
  await user.selectOptions(screen.getByLabelText("Sort by"), "Priority");
  await waitFor(() => expect(lastOrdering(fetchMock)).toBe("priority"));
});

test("Newest first is the default, newest first", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  const sortBy = screen.getByLabelText("Sort by");
  expect(sortBy.selectedOptions[0].textContent).toMatch(/newest first/i);
  // the API's own order is newest first, so no ordering or -created_at both say it
  expect([undefined, "-created_at"]).toContain(lastOrdering(fetchMock));
  await user.selectOptions(sortBy, "Due date");
  await waitFor(() => expect(lastOrdering(fetchMock)).toBe("due_date"));
  await user.selectOptions(sortBy, "Newest first");
  await waitFor(() => expect([undefined, "-created_at"]).toContain(lastOrdering(fetchMock)));
});
