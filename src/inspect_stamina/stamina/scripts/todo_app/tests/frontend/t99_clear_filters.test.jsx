// Turn 99: a "Clear filters" button puts every filter back to its default (no search, all
// priorities, not only overdue, not archived, newest first, no due-before date); the
// list asks again without any of them.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FILTERS = ["search", "priority", "overdue", "archived", "ordering", "due_before"];

test("Clear filters asks for the whole list again", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  await user.type(screen.getByLabelText("Search"), "dog");
  await user.click(screen.getByRole("checkbox", { name: "Overdue only" }));
  await user.selectOptions(screen.getByLabelText("Sort by"), "Due date");
  await user.type(screen.getByLabelText("Due before"), "2031-05-01");
  await waitFor(() => expect(listCalls(fetchMock).at(-1).query.due_before).toBe("2031-05-01"));
  await user.click(screen.getByRole("button", { name: "Clear filters" }));
  await waitFor(() => {
    const query = listCalls(fetchMock).at(-1).query;
    expect(FILTERS.filter((name) => query[name] !== undefined && query[name] !== "")).toEqual([]);
  });
  expect(screen.getByLabelText("Search").value).toBe("");
  expect(screen.getByRole("checkbox", { name: "Overdue only" }).checked).toBe(false);
});
