import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import ProfilePage from "@app/components/ProfilePage";
import { stubStats } from "@bench/api-stub.js";

// Turn 65: the profile page shows the week's completions ("4 completed this week").

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the profile page shows completed_this_week", async () => {
  const stats = { total: 9, completed: 6, open: 3, completed_this_week: 4, by_priority: { low: 3, medium: 3, high: 3 } };
  stubStats(stats);
  render(<ProfilePage />);
  expect(await screen.findByText(/\b4 completed this week\b/)).toBeTruthy();
});

test("a week with none says 0 completed this week", async () => {
  const stats = { total: 2, completed: 1, open: 1, completed_this_week: 0, by_priority: { low: 1, medium: 1, high: 0 } };
  stubStats(stats);
  render(<ProfilePage />);
  expect(await screen.findByText(/\b0 completed this week\b/)).toBeTruthy();
});
