// Turn 83: the form has a "Description" text area that says how many of its 2000 characters
// are left ("N characters left") and sends the description with the new todo.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import TodoForm from "@app/components/TodoForm";
import { describeCall, jsonResponse } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubCreate() {
  const fetchMock = vi.fn(async () => jsonResponse({ id: 9, title: "Flyers", description: "", completed: false }, 201));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

test("the description's counter starts at 2000 and counts down as I type", async () => {
  const user = userEvent.setup();
  stubCreate();
  render(<TodoForm onCreated={() => {}} />);
  expect(screen.getByText(/\b2000 characters left\b/i)).toBeTruthy();
  await user.type(screen.getByLabelText("Description"), "hello");
  expect(await screen.findByText(/\b1995 characters left\b/i)).toBeTruthy();
});

test("the description is sent with the new todo", async () => {
  const user = userEvent.setup();
  const fetchMock = stubCreate();
  render(<TodoForm onCreated={() => {}} />);
  await user.type(screen.getByLabelText("Title"), "Flyers");
  await user.type(screen.getByLabelText("Description"), "Print 200 for the school gate");
  await user.click(screen.getByRole("button", { name: "Add" }));
  await waitFor(() => expect(fetchMock.mock.calls.some((c) => describeCall(c).method === "POST")).toBe(true));
  const post = fetchMock.mock.calls.map(describeCall).find((c) => c.method === "POST");
  expect(post.path).toBe("/api/v1/todos/");
  expect(JSON.parse(post.body)).toMatchObject({ title: "Flyers", description: "Print 200 for the school gate" });
});
