import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import TodoList from "./TodoList";

test("adds a todo", async () => {
  render(<TodoList />);
  await userEvent.type(screen.getByLabelText("title"), "write tests");
  await userEvent.click(screen.getByRole("button", { name: "Add" }));
  expect(screen.getByRole("listitem")).toHaveTextContent("write tests");
  expect(screen.getByLabelText("title")).toHaveValue("");
});
