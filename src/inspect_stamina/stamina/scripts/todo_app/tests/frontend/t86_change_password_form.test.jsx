// Turn 86: the profile page has a "Change password" form (Current password, New password)
// that posts old_password and new_password, says "Password changed" when it worked and
// shows the server's message when it did not.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import ProfilePage from "@app/components/ProfilePage";
import { describeCall, jsonResponse, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubPassword(answer) {
  return stubApi((call) => (call.path === "/api/v1/auth/password/" ? answer() : undefined));
}

async function change(user, current, next) {
  await user.type(await screen.findByLabelText("Current password"), current);
  await user.type(screen.getByLabelText("New password"), next);
  await user.click(screen.getByRole("button", { name: "Change password" }));
}

test("the form posts both passwords and says when it worked", async () => {
  const user = userEvent.setup();
  const fetchMock = stubPassword(() => new Response(null, { status: 204 }));
  render(<ProfilePage />);
  await change(user, "old-secret-1", "pantry-door-42");
  expect(await screen.findByText("Password changed")).toBeTruthy();
  const post = fetchMock.mock.calls.map(describeCall).find((c) => c.path === "/api/v1/auth/password/");
  expect(post.method).toBe("POST");
  expect(JSON.parse(post.body)).toEqual({ old_password: "old-secret-1", new_password: "pantry-door-42" });
});

test("a refused change shows the server's message", async () => {
  const user = userEvent.setup();
  vi.spyOn(console, "error").mockImplementation(() => {});
  const error = { code: "VALIDATION_ERROR", message: "Invalid input.", fields: { old_password: ["The current password is wrong."] } };
  stubPassword(() => jsonResponse({ error }, 400));
  render(<ProfilePage />);
  await change(user, "not-it", "pantry-door-42");
  expect(await screen.findByText(/The current password is wrong\./)).toBeTruthy();
  await waitFor(() => expect(screen.queryByText("Password changed")).toBeNull());
});
