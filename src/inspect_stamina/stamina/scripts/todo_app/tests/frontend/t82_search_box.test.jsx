// Turn 82: a "Search" box in the app searches the list as one types (?search=).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("typing in 'Search' reloads the list with ?search=", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  await user.type(screen.getByLabelText("Search"), "groceries");
  await waitFor(() => expect(listCalls(fetchMock).some((c) => c.query.search === "groceries")).toBe(true));
});

test("an empty search box sends no search", async () => {
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  expect(listCalls(fetchMock).every((c) => !c.query.search)).toBe(true);
});
