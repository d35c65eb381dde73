// Turn 53: the profile page says who is signed in, "Signed in as <username>", from
// GET /api/v1/auth/me/.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import ProfilePage from "@app/components/ProfilePage";
import { describeCall, ME, stubStats } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the profile page names the signed-in user", async () => {
  const fetchMock = stubStats({ total: 3, completed: 1, open: 2, by_priority: { low: 1, medium: 1, high: 1 } });
  render(<ProfilePage />);
  expect(await screen.findByText(`Signed in as ${ME.username}`)).toBeTruthy();
  const asked = fetchMock.mock.calls.map(describeCall).some((c) => c.method === "GET" && c.path === "/api/v1/auth/me/");
  expect(asked).toBe(true);
});
