import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import ProfilePage from "@app/components/ProfilePage";
import { stubStats } from "@bench/api-stub.js";

// Turn 34: the profile page also says how many todos are still open ("3 still open").

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the profile page shows the open count", async () => {
  stubStats({ total: 4, completed: 1, open: 3, by_priority: { low: 1, medium: 2, high: 1 } });
  render(<ProfilePage />);
  expect(await screen.findByText(/(^|\D)3 still open/)).toBeTruthy();
  expect(await screen.findByText(/1 of 4 done/)).toBeTruthy();
});

test("nothing open says 0 still open", async () => {
  stubStats({ total: 2, completed: 2, open: 0, by_priority: { low: 0, medium: 2, high: 0 } });
  render(<ProfilePage />);
  expect(await screen.findByText(/(^|\D)0 still open/)).toBeTruthy();
});
