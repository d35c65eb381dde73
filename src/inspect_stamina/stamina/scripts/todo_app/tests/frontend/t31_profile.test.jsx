import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { getStats } from "@app/api/client";
import ProfilePage from "@app/components/ProfilePage";
import { stubStats } from "@bench/api-stub.js";

function requestedPaths(fetchMock) {
  return fetchMock.mock.calls.map(([input]) => (typeof input === "string" ? input : input.url).split("?")[0]);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("getStats GETs /api/v1/todos/stats/ and returns the counts", async () => {
  const stats = { total: 4, completed: 1, open: 3, by_priority: { low: 1, medium: 2, high: 1 } };
  const fetchMock = stubStats(stats);
  await expect(getStats()).resolves.toEqual(stats);
  expect(requestedPaths(fetchMock)).toEqual(["/api/v1/todos/stats/"]);
});

test("the profile page shows completed of total and the rounded percentage", async () => {
  const fetchMock = stubStats({ total: 3, completed: 2, open: 1, by_priority: { low: 0, medium: 3, high: 0 } });
  render(<ProfilePage />);
  expect(await screen.findByText(/2 of 3 done/)).toBeTruthy();
  expect(await screen.findByText(/67%/)).toBeTruthy();
  expect(requestedPaths(fetchMock)).toContain("/api/v1/todos/stats/");
});

test("the profile page shows 0% when there are no todos", async () => {
  stubStats({ total: 0, completed: 0, open: 0, by_priority: { low: 0, medium: 0, high: 0 } });
  render(<ProfilePage />);
  expect(await screen.findByText(/0 of 0 done/)).toBeTruthy();
  expect(await screen.findByText(/(^|\D)0%/)).toBeTruthy();
});
