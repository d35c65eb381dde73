// Turn 66: the client's API address comes from VITE_API_BASE when the build sets it, and is
// /api/v1 on the same host otherwise.
import { afterEach, expect, test, vi } from "vitest";
import { stubApi } from "@bench/api-stub.js";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function firstListUrl() {
  const fetchMock = stubApi();
  vi.resetModules();
  const { listTodos } = await import("@app/api/client");
  await listTodos();
  const [input] = fetchMock.mock.calls[0];
  return typeof input === "string" ? input : input.url;
}

test("VITE_API_BASE moves every request to that address", async () => {
  vi.stubEnv("VITE_API_BASE", "https://api.northside.example/api/v1");
  expect(await firstListUrl()).toBe("https://api.northside.example/api/v1/todos/");
});

test("without VITE_API_BASE the API is /api/v1 on the same host", async () => {
  vi.stubEnv("VITE_API_BASE", "");
  expect(await firstListUrl()).toBe("/api/v1/todos/");
});
