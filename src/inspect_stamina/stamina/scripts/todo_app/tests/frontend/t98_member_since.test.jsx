// Turn 98: the profile page shows the day the user joined ("Member since YYYY-MM-DD"), from
// date_joined in GET /api/v1/auth/me/.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import ProfilePage from "@app/components/ProfilePage";
import { jsonResponse, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATS = { total: 3, completed: 2, open: 1, completed_this_week: 1, by_priority: { low: 1, medium: 1, high: 1 } };

// the API answers the signed-in user (who joined on dateJoined) and the stats
function stubJoined(dateJoined) {
  stubApi((call) =>
    call.path === "/api/v1/auth/me/"
      ? jsonResponse({ id: 7, username: "maria", date_joined: dateJoined })
      : jsonResponse(STATS),
  );
}

test("the profile page says when the user joined, beside the stats", async () => {
  stubJoined("2024-11-05T09:30:00Z");
  render(<ProfilePage />);
  expect(await screen.findByText(/member since:?\s*2024-11-05/i)).toBeTruthy();
  expect(await screen.findByText(/2 of 3 done/)).toBeTruthy();
});

test("another user's day is their own", async () => {
  stubJoined("2023-02-17T12:00:00Z");
  render(<ProfilePage />);
  expect(await screen.findByText(/member since:?\s*2023-02-17/i)).toBeTruthy();
});
