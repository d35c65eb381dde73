// Turn 88: a "Show archived" checkbox in the toolbar lists the archived todos (?archived=true)
// instead of the others; unticked, the list asks without it again.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import App from "@app/App";
import { listCalls, stubApi } from "@bench/api-stub.js";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastList = (fetchMock) => listCalls(fetchMock).at(-1);

test("Show archived asks the list for the archived todos, and back", async () => {
  const user = userEvent.setup();
  const fetchMock = stubApi();
  render(<App />);
  await screen.findByText("Walk the dog");
  expect(lastList(fetchMock).query.archived).toBeUndefined();
  await user.click(screen.getByRole("checkbox", { name: "Show archived" }));
  await waitFor(() => expect(lastList(fetchMock).query.archived).toBe("true"));
  await user.click(screen.getByRole("checkbox", { name: "Show archived" }));
  await waitFor(() => expect(lastList(fetchMock).query.archived).toBeUndefined());
});
