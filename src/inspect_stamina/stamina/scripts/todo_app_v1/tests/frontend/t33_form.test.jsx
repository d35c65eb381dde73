import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import TodoForm from "@app/components/TodoForm";

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function describeCall([input, init = {}]) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  return { path: url.split("?")[0], method, body: init.body };
}

function stubCreate(created) {
  const fetchMock = vi.fn(async () => jsonResponse(created, 201));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the form has a Title input, a Priority select defaulting to medium and an Add button", () => {
  stubCreate({});
  render(<TodoForm onCreated={() => {}} />);
  expect(screen.getByLabelText("Title")).toBeTruthy();
  expect(screen.getByLabelText("Priority").value).toBe("medium");
  expect(screen.getByRole("button", { name: "Add" })).toBeTruthy();
});

test("an empty or blank title shows 'Title is required' and sends nothing", async () => {
  const user = userEvent.setup();
  const fetchMock = stubCreate({});
  const onCreated = vi.fn();
  render(<TodoForm onCreated={onCreated} />);
  await user.click(screen.getByRole("button", { name: "Add" }));
  expect(await screen.findByText("Title is required")).toBeTruthy();
  await user.type(screen.getByLabelText("Title"), "   ");
  await user.click(screen.getByRole("button", { name: "Add" }));
  expect(screen.getByText("Title is required")).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
  expect(onCreated).not.toHaveBeenCalled();
});

test("Add creates the todo, calls onCreated with it and clears the title", async () => {
  const user = userEvent.setup();
  const created = { id: 9, title: "Buy milk", priority: "high", completed: false, description: "" };
  const fetchMock = stubCreate(created);
  const onCreated = vi.fn();
  render(<TodoForm onCreated={onCreated} />);
  await user.type(screen.getByLabelText("Title"), "Buy milk");
  await user.selectOptions(screen.getByLabelText("Priority"), "high");
  await user.click(screen.getByRole("button", { name: "Add" }));
  await waitFor(() => expect(onCreated).toHaveBeenCalled());
  expect(onCreated).toHaveBeenCalledWith(created);
  const post = fetchMock.mock.calls.map(describeCall).find((c) => c.method === "POST");
  expect(post.path).toBe("/api/v1/todos/");
  expect(JSON.parse(post.body)).toMatchObject({ title: "Buy milk", priority: "high" });
  await waitFor(() => expect(screen.getByLabelText("Title").value).toBe(""));
});
