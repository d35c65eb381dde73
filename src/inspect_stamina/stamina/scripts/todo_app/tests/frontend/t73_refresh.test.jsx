// Turn 73: the client keeps the refresh token under "refreshToken"; a request answered 401
// gets a new access token from /api/v1/auth/token/refresh/ and is tried once more, and a
// refused refresh forgets both tokens.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { listTodos, login } from "@app/api/client";

const LIST = { count: 0, next: null, previous: null, results: [] };
const NOT_SIGNED_IN = { error: { code: "AUTH_REQUIRED", message: "Token is invalid or expired" } };

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function describeCall([input, init = {}]) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init.method || (typeof input === "string" ? "GET" : input.method) || "GET").toUpperCase();
  const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
  return { path: url.split("?")[0], method, headers, body: init.body };
}

// the API: access token "fresh-1" is the only one it takes; refresh answers with it when
// given "refresh-456" (refreshOk) and refuses otherwise
function stubApi({ refreshOk = true } = {}) {
  const fetchMock = vi.fn(async (...args) => {
    const { path, headers, body } = describeCall(args);
    if (path === "/api/v1/auth/token/") return jsonResponse({ access: "old-1", refresh: "refresh-456" });
    if (path === "/api/v1/auth/token/refresh/") {
      const given = body ? JSON.parse(body).refresh : undefined;
      return refreshOk && given === "refresh-456"
        ? jsonResponse({ access: "fresh-1" })
        : jsonResponse({ error: { code: "AUTH_REQUIRED", message: "Token is invalid or expired" } }, 401);
    }
    return headers.get("Authorization") === "Bearer fresh-1" ? jsonResponse(LIST) : jsonResponse(NOT_SIGNED_IN, 401);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const paths = (fetchMock) => fetchMock.mock.calls.map(describeCall).map((c) => c.path);

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

test("login keeps the refresh token under refreshToken", async () => {
  stubApi();
  await login("alice", "s3cret-pass");
  expect(localStorage.getItem("refreshToken")).toBe("refresh-456");
  expect(localStorage.getItem("accessToken")).toBe("old-1");
});

test("an expired access token is refreshed once and the request tried again", async () => {
  const fetchMock = stubApi();
  localStorage.setItem("accessToken", "old-1");
  localStorage.setItem("refreshToken", "refresh-456");
  await expect(listTodos()).resolves.toEqual([]);
  expect(paths(fetchMock)).toEqual(["/api/v1/todos/", "/api/v1/auth/token/refresh/", "/api/v1/todos/"]);
  const retried = describeCall(fetchMock.mock.calls[2]);
  expect(retried.headers.get("Authorization")).toBe("Bearer fresh-1");
  expect(localStorage.getItem("accessToken")).toBe("fresh-1");
});

test("a refused refresh forgets both tokens and the request still fails", async () => {
  const fetchMock = stubApi({ refreshOk: false });
  localStorage.setItem("accessToken", "old-1");
  localStorage.setItem("refreshToken", "refresh-456");
  await expect(listTodos()).rejects.toBeTruthy();
  expect(paths(fetchMock).filter((p) => p === "/api/v1/auth/token/refresh/")).toHaveLength(1);
  expect(localStorage.getItem("accessToken")).toBeNull();
  expect(localStorage.getItem("refreshToken")).toBeNull();
});

test("without a refresh token a 401 is not retried", async () => {
  const fetchMock = stubApi();
  localStorage.setItem("accessToken", "old-1");
  await expect(listTodos()).rejects.toBeTruthy();
  expect(paths(fetchMock)).toEqual(["/api/v1/todos/"]);
});
