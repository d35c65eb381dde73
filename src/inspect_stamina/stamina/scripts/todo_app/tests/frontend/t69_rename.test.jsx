// Turn 69: each row's "Edit" turns its title into a "New title" text box with "Save" (sends
// the new title, reloads the list) and "Cancel"; a refused title says "Could not rename the
// todo" and keeps the box open.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const patches = (fetchMock) => fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "PATCH");

async function startEditing(user) {
  const row = (await screen.findByText("Walk the dog")).closest("tr");
  await user.click(within(row).getByRole("button", { name: "Edit" }));
  const box = screen.getByLabelText("New title");
  expect(box.value).toBe("Walk the dog");
  await user.clear(box);
  await user.type(box, "Walk the big dog");
}

test("Save sends the new title and reloads the list", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi((call) => (call.method === "PATCH" ? jsonResponse({ id: 3, title: "Walk the big dog" }) : undefined));
  render(<App />);
  await startEditing(user);
  const listsBefore = listCalls(fetchMock).length;
  await user.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
  const [patch] = patches(fetchMock);
  expect(patch.path).toBe("/api/v1/todos/3/");
  expect(JSON.parse(patch.body)).toMatchObject({ title: "Walk the big dog" });
  await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
  await waitFor(() => expect(screen.queryByLabelText("New title")).toBeNull());
});

test("Cancel sends nothing and shows the title again", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await startEditing(user);
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByLabelText("New title")).toBeNull();
  expect(screen.getByText("Walk the dog")).toBeTruthy();
  expect(patches(fetchMock)).toHaveLength(0);
});

test("a refused title says so and keeps the box open", async () => {
  const user = userEvent.setup();
  vi.spyOn(console, "error").mockImplementation(() => {});
  const error = { code: "VALIDATION_ERROR", message: "Invalid input.", fields: { title: ["This field may not be blank."] } };
  stubApi((call) => (call.method === "PATCH" ? jsonResponse({ error }, 400) : undefined));
  render(<App />);
  await startEditing(user);
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("Could not rename the todo")).toBeTruthy();
  expect(screen.getByLabelText("New title")).toBeTruthy();
});
