import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { createTodo } from "@app/api/client";
import TodoForm from "@app/components/TodoForm";

const FIELDS = {
  title: ["Ensure this field has no more than 200 characters."],
  priority: ["\"urgent\" is not a valid choice."],
};

function jsonResponse(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function stubValidationError() {
  const fetchMock = vi.fn(async () =>
    jsonResponse({ error: { code: "VALIDATION_ERROR", message: "Invalid input.", fields: FIELDS } }, 400),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("a 400 from the API rejects with an Error carrying the body's fields", async () => {
  stubValidationError();
  const error = await createTodo({ title: "x".repeat(201) }).then(
    () => null,
    (err) => err,
  );
  expect(error).toBeInstanceOf(Error);
  expect(error.fields).toEqual(FIELDS);
});

test("the form shows every field message of a rejected create", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const user = userEvent.setup();
  stubValidationError();
  const onCreated = vi.fn();
  render(<TodoForm onCreated={onCreated} />);
  await user.type(screen.getByLabelText("Title"), "A title the server refuses");
  await user.click(screen.getByRole("button", { name: "Add" }));
  expect(await screen.findByText(/no more than 200 characters/)).toBeTruthy();
  expect(await screen.findByText(/is not a valid choice/)).toBeTruthy();
  expect(onCreated).not.toHaveBeenCalled();
});
