"""Turn 25: `python manage.py priority_report` prints `low N`, `medium N`, `high N`, one line each, in that order."""

from io import StringIO

from django.core.management import call_command


def _report():
    out = StringIO()
    call_command("priority_report", stdout=out)
    return [line.split() for line in out.getvalue().splitlines() if line.strip()]


def test_counts_per_priority(api):
    for title, priority in [("a", "high"), ("b", "low"), ("c", "high"), ("d", "medium"), ("e", "high")]:
        assert api.post("/api/v1/todos/", {"title": title, "priority": priority}, format="json").status_code == 201
    assert _report() == [["low", "1"], ["medium", "1"], ["high", "3"]], f"the report: {_report()}"


def test_no_todos_prints_zeros(db):
    assert _report() == [["low", "0"], ["medium", "0"], ["high", "0"]], f"the report with no todos: {_report()}"
