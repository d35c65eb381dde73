// Turn 36: each row's "Subtasks" button shows that todo's subtasks (from
// /api/v1/todos/<id>/subtasks/, in pages like the todo list), and a "New subtask" field
// with an "Add subtask" button adds one.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, stubApi } from "@bench/api-stub.js";

const page = (results) => ({ count: results.length, next: null, previous: null, results });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the dog walk (id 3) has two subtasks; a new one is added to them; the milk (id 2) has none
function stubSubtasks() {
  const subtasks = [
    { id: 11, title: "Buy a leash", done: true },
    { id: 12, title: "Find the park", done: false },
  ];
  return stubApi((call) => {
    if (call.path === "/api/v1/todos/3/subtasks/" && call.method === "GET") return jsonResponse(page(subtasks));
    if (call.path === "/api/v1/todos/3/subtasks/" && call.method === "POST") {
      const created = { id: 13, title: JSON.parse(call.body).title, done: false };
      subtasks.push(created);
      return jsonResponse(created, 201);
    }
    if (call.path === "/api/v1/todos/2/subtasks/") return jsonResponse(page([]));
    return undefined;
  });
}

const rowOf = async (title) => (await screen.findByText(title)).closest("tr");

test("a row's Subtasks button shows that todo's subtasks", async () => {
  const user = userEvent.setup();
  stubSubtasks();
  render(<App />);
  await user.click(within(await rowOf("Walk the dog")).getByRole("button", { name: "Subtasks" }));
  expect(await screen.findByText("Buy a leash")).toBeTruthy();
  expect(screen.getByText("Find the park")).toBeTruthy();
});

test("Add subtask POSTs the new subtask's title and shows it", async () => {
  const user = userEvent.setup();
  const fetchMock = stubSubtasks();
  render(<App />);
  await user.click(within(await rowOf("Walk the dog")).getByRole("button", { name: "Subtasks" }));
  await screen.findByText("Buy a leash");
  await user.type(screen.getByLabelText("New subtask"), "Bring water");
  await user.click(screen.getByRole("button", { name: "Add subtask" }));
  await waitFor(() => {
    const posts = fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "POST");
    expect(posts.map((c) => [c.path, JSON.parse(c.body).title])).toEqual([["/api/v1/todos/3/subtasks/", "Bring water"]]);
  });
  expect(await screen.findByText("Bring water")).toBeTruthy();
});

test("another row asks for its own subtasks, not the first one's", async () => {
  const user = userEvent.setup();
  const fetchMock = stubSubtasks();
  render(<App />);
  await user.click(within(await rowOf("Buy milk")).getByRole("button", { name: "Subtasks" }));
  const paths = () => fetchMock.mock.calls.map((call) => describeCall(call).path);
  await waitFor(() => expect(paths()).toContain("/api/v1/todos/2/subtasks/"));
  expect(paths()).not.toContain("/api/v1/todos/3/subtasks/");
  expect(screen.queryByText("Buy a leash")).toBeNull();
});
