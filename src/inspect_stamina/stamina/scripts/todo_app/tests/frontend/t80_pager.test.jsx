// Turn 80: "Previous" and "Next" buttons under the list move between the API's pages, each
// disabled when there is no page in its direction.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { TODOS, jsonResponse, stubApi } from "@bench/api-stub.js";

const LATER = [
  { id: 1, title: "Feed the cat", description: "", completed: false, priority: "medium", due_date: null, created_at: "2025-01-01T10:00:00Z" },
];
const LIST = "http://app.test/api/v1/todos/";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the API's two pages: the first unless the request asks for page 2 (by number or link)
function stubTwoPages() {
  return stubApi((call) => {
    if (call.method !== "GET" || call.path !== "/api/v1/todos/") return undefined;
    if (call.query.page === "2") {
      return jsonResponse({ count: 3, next: null, previous: LIST, results: LATER });
    }
    return jsonResponse({ count: 3, next: `${LIST}?page=2`, previous: null, results: TODOS });
  });
}

const button = (name) => screen.getByRole("button", { name });

test("Next shows the second page and Previous the first again", async () => {
  const user = userEvent.setup();
  stubTwoPages();
  render(<App />);
  await screen.findByText("Walk the dog");
  expect(screen.queryByText("Feed the cat")).toBeNull();
  await user.click(button(/\bnext\b/i));
  await screen.findByText("Feed the cat");
  expect(screen.queryByText("Walk the dog")).toBeNull();
  await user.click(button(/\bprevious\b/i));
  await screen.findByText("Walk the dog");
  expect(screen.queryByText("Feed the cat")).toBeNull();
});

test("each button is disabled when there is no page in its direction", async () => {
  const user = userEvent.setup();
  stubTwoPages();
  render(<App />);
  await screen.findByText("Walk the dog");
  expect(button(/\bprevious\b/i).disabled).toBe(true);
  expect(button(/\bnext\b/i).disabled).toBe(false);
  await user.click(button(/\bnext\b/i));
  await screen.findByText("Feed the cat");
  await waitFor(() => expect(button(/\bnext\b/i).disabled).toBe(true));
  expect(button(/\bprevious\b/i).disabled).toBe(false);
});

test("with a single page both buttons are disabled", async () => {
  stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  await waitFor(() => expect(button(/\bnext\b/i).disabled).toBe(true));
  expect(button(/\bprevious\b/i).disabled).toBe(true);
});
