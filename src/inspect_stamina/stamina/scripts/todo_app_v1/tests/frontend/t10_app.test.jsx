import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the app shows the Todos heading", () => {
  // Requests the app may start on mount never answer: only the first render counts here.
  vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
  render(<App />);
  expect(screen.getByRole("heading", { name: "Todos" })).toBeTruthy();
});
