// Turn 64: a done row says the day it was completed, "Done on YYYY-MM-DD" from completed_at;
// a done todo without completed_at (completed before the field existed) still says "Done".
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { jsonResponse, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (id, title, completed, completedAt) => ({
  id, title, description: "", completed, completed_at: completedAt, priority: "medium",
  due_date: null, created_at: "2025-01-02T10:00:00Z",
});
const ROWS = [
  row(5, "Stack the crates", true, "2025-03-01T09:30:00Z"),
  row(6, "Label the shelves", true, null),
  row(7, "Call the bakery", false, null),
];

async function rowOf(title) {
  return (await screen.findByText(title)).closest("tr");
}

test("a done row says the day it was completed", async () => {
  stubApi((call) =>
    call.method === "GET" && call.path === "/api/v1/todos/"
      ? jsonResponse({ count: 3, next: null, previous: null, results: ROWS })
      : undefined,
  );
  render(<App />);
  expect((await rowOf("Stack the crates")).textContent).toContain("Done on 2025-03-01");
  const older = (await rowOf("Label the shelves")).textContent;
  expect(older).toContain("Done");
  expect(older).not.toContain("Done on");
  expect((await rowOf("Call the bakery")).textContent).toContain("Open");
});
