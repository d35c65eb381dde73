"""Keyword-only signatures: calls and cases rewritten so the layout of the source stays."""

from __future__ import annotations

from inspect_stamina.generator.signatures import (
    can_be_keyword_only,
    keyword_arguments,
    keyword_calls,
    keyword_only,
    parameter_names,
    positional_calls,
)


def test_a_handler_body_calls_by_keyword_and_keeps_its_layout() -> None:
    body = (
        "    # a note with ü and é before the call\n"
        "    totals = group_totals(rows, args.by,\n"
        "                          args.sum)\n"
        "    print(other(rows, 1), group_totals(parse('ü'), 'a', 'b'))\n"
    )
    names = {"group_totals": ["rows", "key", "value"]}
    assert keyword_calls(body, names) == (
        "    # a note with ü and é before the call\n"
        "    totals = group_totals(rows, key=args.by,\n"
        "                          value=args.sum)\n"
        "    print(other(rows, 1), group_totals(parse('ü'), key='a', value='b'))\n"
    )


def test_starred_and_keyword_arguments_are_left_as_they_are() -> None:
    names = {"f": ["a", "b", "c"]}
    assert (
        keyword_calls("    f(x, *rest)\n    f(x, c=3)\n", names)
        == "    f(x, *rest)\n    f(x, c=3)\n"
    )


def test_cases_and_parameter_lists() -> None:
    assert keyword_arguments("[{'a': '1'}], 'a', 'z'", ["rows", "old", "new"]) == (
        "[{'a': '1'}], old='a', new='z'"
    )
    assert keyword_only("rows, key, value=0") == "rows, *, key, value=0"
    assert parameter_names("rows, key, value=0") == ["rows", "key", "value"]
    assert can_be_keyword_only("rows, key") and not can_be_keyword_only("rows")
    assert not can_be_keyword_only("rows, *, key") and not can_be_keyword_only("*args")
    assert positional_calls("    f(a)\n    g(f(a, b), c)\n", "f") == ["f(a, b)"]
