// Turn 60: ticking a subtask's checkbox in the subtask panel PATCHes
// /api/v1/todos/<id>/subtasks/<subtask_id>/ with {"done": true}; unticking sends false.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, jsonResponse, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubSubtasks() {
  const subtasks = [
    { id: 11, title: "Buy a leash", done: true },
    { id: 12, title: "Find the park", done: false },
  ];
  return stubApi((call) => {
    if (call.path === "/api/v1/todos/3/subtasks/" && call.method === "GET") {
      return jsonResponse({ count: subtasks.length, next: null, previous: null, results: subtasks });
    }
    const match = /^\/api\/v1\/todos\/3\/subtasks\/(\d+)\/$/.exec(call.path);
    if (match && call.method === "PATCH") {
      const subtask = subtasks.find((s) => s.id === Number(match[1]));
      Object.assign(subtask, JSON.parse(call.body));
      return jsonResponse(subtask);
    }
    return undefined;
  });
}

const patches = (fetchMock) =>
  fetchMock.mock.calls.map(describeCall).filter((c) => c.method === "PATCH").map((c) => [c.path, JSON.parse(c.body).done]);

async function openSubtasks(user) {
  const row = (await screen.findByText("Walk the dog")).closest("tr");
  await user.click(within(row).getByRole("button", { name: "Subtasks" }));
  await screen.findByText("Find the park");
}

test("ticking an open subtask marks it done", async () => {
  const user = userEvent.setup();
  const fetchMock = stubSubtasks();
  render(<App />);
  await openSubtasks(user);
  await user.click(screen.getByRole("checkbox", { name: "Find the park" }));
  await waitFor(() => expect(patches(fetchMock)).toEqual([["/api/v1/todos/3/subtasks/12/", true]]));
  await waitFor(() => expect(screen.getByRole("checkbox", { name: "Find the park" }).checked).toBe(true));
});

test("unticking a done subtask reopens it", async () => {
  const user = userEvent.setup();
  const fetchMock = stubSubtasks();
  render(<App />);
  await openSubtasks(user);
  await user.click(screen.getByRole("checkbox", { name: "Buy a leash" }));
  await waitFor(() => expect(patches(fetchMock)).toEqual([["/api/v1/todos/3/subtasks/11/", false]]));
});
