"""Regenerate the bundled GAIA example dataset (src/inspect_stamina/gaia/example).

The questions are our own; the layout is the Hub repository's exactly: a README whose
YAML card declares the configs, per-split metadata parquet files (all levels and one
per level) and the attachments beside them. Run: python scripts/make_gaia_example.py
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import docx
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import openpyxl
import pandas as pd
import pptx
from matplotlib.backends.backend_pdf import PdfPages
from PIL import Image

ROOT = Path(__file__).resolve().parents[1] / "src/inspect_stamina/gaia/example"

CARD = """---
language:
- en
pretty_name: General AI Assistants Benchmark (inspect_stamina example)
configs:
- config_name: "2023_all"
  data_files:
  - split: test
    path: "2023/test/metadata.parquet"
  - split: validation
    path: "2023/validation/metadata.parquet"
{levels}---
# GAIA example (inspect_stamina)

A small stand-in for the gated `gaia-benchmark/GAIA` dataset, in the same layout, with
questions written for inspect_stamina's tests and offline demo. Not GAIA's questions.
"""

LEVEL_CONFIG = """- config_name: "2023_level{n}"
  data_files:
  - split: test
    path: "2023/test/metadata.level{n}.parquet"
  - split: validation
    path: "2023/validation/metadata.level{n}.parquet"
"""


def meta(steps: str, tools: str) -> dict[str, str]:
    """Annotator metadata in GAIA's shape."""
    return {
        "Steps": steps,
        "Number of steps": str(steps.count("\n") + 1),
        "How long did this take?": "2 minutes",
        "Tools": tools,
        "Number of tools": str(tools.count("\n") + 1),
    }


def write_attachments(split_dir: Path) -> None:
    """The validation attachments: spreadsheet, CSV, PDF, image, docx, pptx."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    ws.append(["Month", "Title", "Copies"])
    rows = [
        ("January", "Rivers", 120),
        ("February", "Rivers", 95),
        ("March", "Rivers", 143),
        ("March", "Deserts", 57),
        ("March", "Forests", 211),
        ("April", "Deserts", 88),
    ]
    for row in rows:
        ws.append(row)
    wb.save(split_dir / "book_sales.xlsx")

    with open(split_dir / "cities.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["city", "country", "population"])
        w.writerows(
            [
                ["Lyon", "France", 522250],
                ["Porto", "Portugal", 231800],
                ["Graz", "Austria", 291072],
                ["Malmo", "Sweden", 357377],
            ]
        )

    plt.rcParams["pdf.fonttype"] = 42
    with PdfPages(split_dir / "field_report.pdf") as pdf:
        for page in (
            "Field report, page 1. Survey of the northern site.",
            "Page 2. The project code for this survey is KX-42.",
        ):
            fig = plt.figure(figsize=(8.27, 11.69))
            fig.text(0.1, 0.9, page, fontsize=12)
            pdf.savefig(fig)
            plt.close(fig)

    Image.new("RGB", (120, 80), (30, 144, 255)).save(split_dir / "blue_box.png")

    document = docx.Document()
    document.add_heading("Pancakes", level=1)
    document.add_paragraph("Ingredients, in order of use:")
    for item in ("flour", "milk", "eggs"):
        document.add_paragraph(item, style="List Bullet")
    document.save(str(split_dir / "recipe.docx"))

    deck = pptx.Presentation()
    for title in ("Budget overview", "Team", "Budget risks", "Timeline", "Budget for 2025"):
        slide = deck.slides.add_slide(deck.slide_layouts[5])
        slide.shapes.title.text = title
    deck.save(str(split_dir / "plan.pptx"))


VALIDATION = [
    (
        "c1a9e2f0-0001-4e57-9d1a-5a11e0000001",
        "How many copies were sold in March in total, across all titles, according to the "
        "attached spreadsheet?",
        "1",
        "411",
        "book_sales.xlsx",
        meta("Open the spreadsheet\nSum the March rows", "Python"),
    ),
    (
        "c1a9e2f0-0002-4e57-9d1a-5a11e0000002",
        "Which city in the attached CSV file has the largest population?",
        "1",
        "Lyon",
        "cities.csv",
        meta("Read the CSV\nTake the maximum", "Python"),
    ),
    (
        "c1a9e2f0-0003-4e57-9d1a-5a11e0000003",
        "What is 17 multiplied by 23?",
        "1",
        "391",
        "",
        meta("Multiply", "None"),
    ),
    (
        "c1a9e2f0-0004-4e57-9d1a-5a11e0000004",
        "What is the project code given on page 2 of the attached report?",
        "2",
        "KX-42",
        "field_report.pdf",
        meta("Extract the PDF text\nFind the code", "PDF reader"),
    ),
    (
        "c1a9e2f0-0005-4e57-9d1a-5a11e0000005",
        "What are the width and height of the attached image in pixels? Answer as a "
        "comma-separated list: width, height.",
        "2",
        "120, 80",
        "blue_box.png",
        meta("Open the image\nRead its size", "Image viewer"),
    ),
    (
        "c1a9e2f0-0006-4e57-9d1a-5a11e0000006",
        "List the ingredients of the attached recipe in the order they are given, comma-separated.",
        "2",
        "flour, milk, eggs",
        "recipe.docx",
        meta("Open the document\nRead the bullet list", "Word processor"),
    ),
    (
        "c1a9e2f0-0007-4e57-9d1a-5a11e0000007",
        "How many slides of the attached presentation have the word 'Budget' in their title?",
        "3",
        "3",
        "plan.pptx",
        meta("Open the deck\nCount matching titles", "Presentation viewer"),
    ),
]

TEST = [
    (
        "d2b8f3e1-0001-4c3a-8e2b-6b22f1000001",
        "How many rows of data (excluding the header) does the attached CSV file have?",
        "1",
        "?",
        "inventory.csv",
        meta("", ""),
    ),
    (
        "d2b8f3e1-0002-4c3a-8e2b-6b22f1000002",
        "What is 2 to the power of 10?",
        "2",
        "?",
        "",
        meta("", ""),
    ),
    (
        "d2b8f3e1-0003-4c3a-8e2b-6b22f1000003",
        "What word is repeated most often in the attached text file?",
        "3",
        "?",
        "notes.txt",
        meta("", ""),
    ),
]


def write_split(split: str, rows: list[tuple]) -> None:
    """The split's metadata files: all levels together, then one per level."""
    split_dir = ROOT / "2023" / split
    frame = pd.DataFrame(
        [
            {
                "task_id": t,
                "Question": q,
                "Level": lvl,
                "Final answer": a,
                "file_name": f,
                "file_path": f"2023/{split}/{f}" if f else "",
                "Annotator Metadata": m,
            }
            for t, q, lvl, a, f, m in rows
        ]
    )
    frame.to_parquet(split_dir / "metadata.parquet", index=False)
    for level in ("1", "2", "3"):
        part = frame[frame["Level"] == level].reset_index(drop=True)
        part.to_parquet(split_dir / f"metadata.level{level}.parquet", index=False)


def main() -> None:
    """Write the whole example dataset from scratch."""
    if ROOT.exists():
        shutil.rmtree(ROOT)
    for split in ("validation", "test"):
        (ROOT / "2023" / split).mkdir(parents=True)
    levels = "".join(LEVEL_CONFIG.format(n=n) for n in (1, 2, 3))
    (ROOT / "README.md").write_text(CARD.format(levels=levels))
    write_attachments(ROOT / "2023" / "validation")
    test_dir = ROOT / "2023" / "test"
    with open(test_dir / "inventory.csv", "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([["item", "qty"], ["bolt", 10], ["nut", 4], ["washer", 7]])
    (test_dir / "notes.txt").write_text("apple pear apple plum apple pear\n")
    write_split("validation", VALIDATION)
    write_split("test", TEST)
    print(f"wrote {ROOT}")


if __name__ == "__main__":
    main()
