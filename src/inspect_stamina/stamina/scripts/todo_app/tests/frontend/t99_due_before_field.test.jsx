// Turn 99: a "Due before" date field in the app lists the todos due before it (?due_before=).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { describeCall, listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("a date in 'Due before' reloads the list with ?due_before=YYYY-MM-DD", async () => {
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  fireEvent.change(screen.getByLabelText("Due before"), { target: { value: "2030-01-31" } });
  await waitFor(() => expect(listCalls(fetchMock).some((c) => c.query.due_before === "2030-01-31")).toBe(true));
});
