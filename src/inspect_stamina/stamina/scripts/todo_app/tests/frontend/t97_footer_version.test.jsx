// Turn 97: the bottom of the app says the API's version, "Version 1.0.0", from
// GET /api/v1/version/.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { jsonResponse, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the app shows the API's version", async () => {
  stubApi((call) => (call.method === "GET" && call.path === "/api/v1/version/" ? jsonResponse({ version: "2.4.1" }) : undefined));
  render(<App />);
  expect(await screen.findByText(/Version 2\.4\.1/)).toBeTruthy();
});
