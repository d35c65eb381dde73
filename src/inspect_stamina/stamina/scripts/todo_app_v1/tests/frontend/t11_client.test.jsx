import { afterEach, expect, test, vi } from "vitest";
import { API_BASE, createTodo, deleteTodo, listTodos, updateTodo } from "@app/api/client";

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function mockFetch(response) {
  const fetchMock = vi.fn(async () => (typeof response === "function" ? response() : response));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function callOf(fetchMock, index = 0) {
  const [input, init = {}] = fetchMock.mock.calls[index];
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
  return { url, method, headers, body: init.body };
}

function splitUrl(url) {
  const [path, query = ""] = url.split("?");
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test("API_BASE is /api/v1", () => {
  expect(API_BASE).toBe("/api/v1");
});

test("listTodos GETs the todo list and returns the parsed JSON", async () => {
  const todos = [{ id: 1, title: "Buy milk", completed: false }];
  const fetchMock = mockFetch(() => jsonResponse(todos));
  await expect(listTodos()).resolves.toEqual(todos);
  const call = callOf(fetchMock);
  expect(call.method).toBe("GET");
  expect(splitUrl(call.url)).toEqual({ path: "/api/v1/todos/", params: {} });
});

test("listTodos puts its params in the query string", async () => {
  const fetchMock = mockFetch(() => jsonResponse([]));
  await listTodos({ completed: "true", priority: "high" });
  expect(splitUrl(callOf(fetchMock).url)).toEqual({
    path: "/api/v1/todos/",
    params: { completed: "true", priority: "high" },
  });
});

test("createTodo POSTs JSON and returns the created todo", async () => {
  const created = { id: 7, title: "Write tests", completed: false };
  const fetchMock = mockFetch(() => jsonResponse(created, 201));
  await expect(createTodo({ title: "Write tests" })).resolves.toEqual(created);
  const call = callOf(fetchMock);
  expect(call.method).toBe("POST");
  expect(splitUrl(call.url).path).toBe("/api/v1/todos/");
  expect(call.headers.get("Content-Type")).toMatch(/application\/json/);
  expect(JSON.parse(call.body)).toEqual({ title: "Write tests" });
});

test("updateTodo PATCHes the todo's URL", async () => {
  const fetchMock = mockFetch(() => jsonResponse({ id: 3, title: "x", completed: true }));
  await updateTodo(3, { completed: true });
  const call = callOf(fetchMock);
  expect(call.method).toBe("PATCH");
  expect(splitUrl(call.url).path).toBe("/api/v1/todos/3/");
  expect(call.headers.get("Content-Type")).toMatch(/application\/json/);
  expect(JSON.parse(call.body)).toEqual({ completed: true });
});

test("deleteTodo DELETEs the todo's URL", async () => {
  const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
  await deleteTodo(5);
  const call = callOf(fetchMock);
  expect(call.method).toBe("DELETE");
  expect(splitUrl(call.url).path).toBe("/api/v1/todos/5/");
});

test("a response that is not ok makes the call throw", async () => {
  mockFetch(() => jsonResponse({ error: { code: "TODO_NOT_FOUND", message: "Not found." } }, 404));
  await expect(updateTodo(99, { completed: true })).rejects.toThrow(Error);
  mockFetch(() => jsonResponse({ detail: "boom" }, 500));
  await expect(listTodos()).rejects.toThrow(Error);
});
