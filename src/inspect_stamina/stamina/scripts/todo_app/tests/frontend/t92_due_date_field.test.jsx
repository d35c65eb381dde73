// Turn 92: the form has a "Due date" field whose date goes with the new todo (a todo without
// one sends no date, not an empty string), and the server's due_date error shows.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import TodoForm from "@app/components/TodoForm";
import { describeCall, jsonResponse } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubCreate(answer = () => jsonResponse({ id: 9, title: "Flyers", completed: false }, 201)) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const posted = (fetchMock) => {
  const post = fetchMock.mock.calls.map(describeCall).find((c) => c.method === "POST");
  return post && JSON.parse(post.body);
};

async function add(user, title, dueDate) {
  await user.type(screen.getByLabelText("Title"), title);
  if (dueDate) await user.type(screen.getByLabelText("Due date"), dueDate);
  await user.click(screen.getByRole("button", { name: "Add" }));
}

test("the due date goes with the new todo", async () => {
  const user = userEvent.setup();
  const fetchMock = stubCreate();
  render(<TodoForm onCreated={() => {}} />);
  await add(user, "Flyers", "2031-05-01");
  await waitFor(() => expect(posted(fetchMock)).toBeTruthy());
  expect(posted(fetchMock)).toMatchObject({ title: "Flyers", due_date: "2031-05-01" });
});

test("without a date no due date is sent", async () => {
  const user = userEvent.setup();
  const fetchMock = stubCreate();
  render(<TodoForm onCreated={() => {}} />);
  await add(user, "Flyers");
  await waitFor(() => expect(posted(fetchMock)).toBeTruthy());
  expect([undefined, null]).toContain(posted(fetchMock).due_date);
});

test("a past date's error from the server shows in the form", async () => {
  const user = userEvent.setup();
  vi.spyOn(console, "error").mockImplementation(() => {});
  const error = { code: "VALIDATION_ERROR", message: "Invalid input.", fields: { due_date: ["The due date cannot be in the past."] } };
  stubCreate(() => jsonResponse({ error }, 400));
  render(<TodoForm onCreated={() => {}} />);
  await add(user, "Flyers", "2020-01-01");
  expect(await screen.findByText(/The due date cannot be in the past\./)).toBeTruthy();
});
