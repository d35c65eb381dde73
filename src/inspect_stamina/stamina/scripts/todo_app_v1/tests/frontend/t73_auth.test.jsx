import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createTodo, listTodos, login } from "@app/api/client";

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function describeCall([input, init = {}]) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
  return { path: url.split("?")[0], method, headers, body: init.body };
}

function stubApi() {
  const fetchMock = vi.fn(async (...args) => {
    const { path, method } = describeCall(args);
    if (path === "/api/v1/auth/token/") return jsonResponse({ access: "access-123", refresh: "refresh-456" });
    if (method === "POST") return jsonResponse({ id: 1, title: "Buy milk", completed: false }, 201);
    return jsonResponse({ count: 0, next: null, previous: null, results: [] });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

test("login POSTs the credentials to /api/v1/auth/token/ and stores the access token", async () => {
  const fetchMock = stubApi();
  await login("alice", "s3cret-pass");
  const call = describeCall(fetchMock.mock.calls[0]);
  expect(call.method).toBe("POST");
  expect(call.path).toBe("/api/v1/auth/token/");
  expect(JSON.parse(call.body)).toEqual({ username: "alice", password: "s3cret-pass" });
  expect(localStorage.getItem("accessToken")).toBe("access-123");
});

test("after login every request sends the bearer token", async () => {
  const fetchMock = stubApi();
  await login("alice", "s3cret-pass");
  await listTodos();
  await createTodo({ title: "Buy milk" });
  const [, list, create] = fetchMock.mock.calls.map(describeCall);
  expect(list.headers.get("Authorization")).toBe("Bearer access-123");
  expect(create.headers.get("Authorization")).toBe("Bearer access-123");
});

test("a stored token is sent; without one no Authorization header", async () => {
  const fetchMock = stubApi();
  await listTodos();
  expect(describeCall(fetchMock.mock.calls[0]).headers.get("Authorization")).toBeNull();
  localStorage.setItem("accessToken", "stored-789");
  await listTodos();
  expect(describeCall(fetchMock.mock.calls[1]).headers.get("Authorization")).toBe("Bearer stored-789");
});
