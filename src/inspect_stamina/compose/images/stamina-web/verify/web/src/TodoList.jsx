import { useState } from "react";

export default function TodoList() {
  const [items, setItems] = useState([]);
  const [title, setTitle] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setItems([...items, title]);
        setTitle("");
      }}
    >
      <input aria-label="title" value={title} onChange={(e) => setTitle(e.target.value)} />
      <button type="submit">Add</button>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </form>
  );
}
