"""A scripted model that solves the bundled GAIA example by running real commands.

`--model stamina/gaia-example` makes the demo and the tests honest without an API
key: for each example question it runs one bash command that computes the answer from
the attachment inside the sandbox, then submits that command's output. A question it
does not know gets the answer "unknown".
"""

from __future__ import annotations

import functools

from inspect_ai.model import ChatMessage, ChatMessageTool, ChatMessageUser, ModelOutput

from inspect_stamina.gaia.dataset import EXAMPLE_DIR, QUESTION_END, SPLITS, SUBSETS, load_records

SOLUTIONS = {
    "c1a9e2f0-0001-4e57-9d1a-5a11e0000001": 'python -c "import pandas as pd; '
    "d = pd.read_excel('/shared_files/book_sales.xlsx'); print(d[d.Month == 'March'].Copies.sum())\"",
    "c1a9e2f0-0002-4e57-9d1a-5a11e0000002": 'python -c "import pandas as pd; '
    "d = pd.read_csv('/shared_files/cities.csv'); print(d.loc[d.population.idxmax(), 'city'])\"",
    "c1a9e2f0-0003-4e57-9d1a-5a11e0000003": "echo $((17 * 23))",
    "c1a9e2f0-0004-4e57-9d1a-5a11e0000004": 'python -c "import pypdf, re; '
    "t = pypdf.PdfReader('/shared_files/field_report.pdf').pages[1].extract_text(); "
    "print(re.search(r'code for this survey is ([A-Z0-9-]+)', t).group(1))\"",
    "c1a9e2f0-0005-4e57-9d1a-5a11e0000005": 'python -c "from PIL import Image; '
    "w, h = Image.open('/shared_files/blue_box.png').size; print(f'{w}, {h}')\"",
    "c1a9e2f0-0006-4e57-9d1a-5a11e0000006": 'python -c "import docx; '
    "d = docx.Document('/shared_files/recipe.docx'); "
    "print(', '.join(p.text for p in d.paragraphs if p.style.name == 'List Bullet'))\"",
    "c1a9e2f0-0007-4e57-9d1a-5a11e0000007": 'python -c "import pptx; '
    "p = pptx.Presentation('/shared_files/plan.pptx'); "
    "print(sum('Budget' in s.shapes.title.text for s in p.slides))\"",
    "d2b8f3e1-0001-4c3a-8e2b-6b22f1000001": 'python -c "import pandas as pd; '
    "print(len(pd.read_csv('/shared_files/inventory.csv')))\"",
    "d2b8f3e1-0002-4c3a-8e2b-6b22f1000002": "python -c 'print(2 ** 10)'",
    "d2b8f3e1-0003-4c3a-8e2b-6b22f1000003": "tr ' ' '\\n' < /shared_files/notes.txt | sort | "
    "uniq -c | sort -rn | head -n 1 | awk '{print $2}'",
}


@functools.cache
def _questions() -> dict[str, str]:
    """Example question text -> task id, over both splits."""
    return {
        str(row["Question"]): str(row["task_id"])
        for split in SPLITS
        for row in load_records(EXAMPLE_DIR, SUBSETS, split)
    }


def _task_id(messages: list[ChatMessage]) -> str | None:
    prompt = next((m.text for m in messages if isinstance(m, ChatMessageUser)), "")
    question = prompt.split(QUESTION_END, 1)[0].strip()
    return _questions().get(question)


def example_output(model: str, messages: list[ChatMessage]) -> ModelOutput:
    """The next move: run the question's command, then submit its output."""
    task_id = _task_id(messages)
    if task_id is None or task_id not in SOLUTIONS:
        return ModelOutput.for_tool_call(model, "submit", {"answer": "unknown"})
    last = messages[-1]
    if isinstance(last, ChatMessageTool) and last.function == "bash":
        lines = last.text.strip().splitlines()
        return ModelOutput.for_tool_call(model, "submit", {"answer": lines[-1] if lines else ""})
    return ModelOutput.for_tool_call(model, "bash", {"command": SOLUTIONS[task_id]})
