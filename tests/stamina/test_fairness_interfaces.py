"""The stated-interfaces instrument: what a check needs must be said by its turn."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from inspect_stamina.stamina.fairness.interfaces import stated_interfaces
from inspect_stamina.stamina.fairness.result import InstrumentResult
from inspect_stamina.stamina.task import resolve_script

FIXTURES = Path(__file__).parent / "fixtures"


def _flagged(result: InstrumentResult) -> set[tuple[int | None, str]]:
    """(turn, "kind 'item'") for every finding."""
    return {(f.turn, f.message.split(" is not stated")[0]) for f in result.findings}


@pytest.fixture(scope="module")
def todo_app() -> InstrumentResult:
    return stated_interfaces(resolve_script("todo_app_v1"))


def test_todo_app_turn_11_api_base_is_unstated(todo_app: InstrumentResult) -> None:
    # the prompt says to use "/api/v1" as the base, never the name API_BASE
    assert (11, "name 'API_BASE'") in _flagged(todo_app)
    finding = next(f for f in todo_app.findings if "API_BASE" in f.message)
    assert finding.where == "tests/frontend/t11_client.test.jsx:2"


def test_todo_app_turn_41_fields_key_is_unstated_and_reused(todo_app: InstrumentResult) -> None:
    flagged = _flagged(todo_app)
    assert (41, "key 'error.fields'") in flagged
    # the later checkpoints and the acceptance tests reuse it
    for turn in (49, 51, 55, 83, 92):
        assert (turn, "key 'error.fields'") in flagged
    assert (None, "key 'error.fields'") in flagged


def test_todo_app_turn_40_url_and_keys_left_to_conventions(todo_app: InstrumentResult) -> None:
    flagged = _flagged(todo_app)
    assert (40, "url '/api/v1/tags/'") in flagged
    assert (40, "key 'name'") in flagged


def test_todo_app_stated_items_are_not_flagged(todo_app: InstrumentResult) -> None:
    flagged = {item for _, item in _flagged(todo_app)}
    # stated in prompts: the CRUD URLs with an id, error.code, the client's functions
    assert "url '/api/v1/todos/{}/'" not in flagged
    assert "key 'error.code'" not in flagged
    assert "name 'listTodos'" not in flagged
    assert not todo_app.passed
    assert todo_app.figures["unstated"] == len(todo_app.findings)
    assert todo_app.figures["checked"] > todo_app.figures["unstated"]


def test_inventory_cli_and_fixtures_pass() -> None:
    for spec in ("inventory_cli", FIXTURES / "mini", FIXTURES / "js_mini", FIXTURES / "web_mini"):
        result = stated_interfaces(resolve_script(str(spec)))
        assert result.passed, [f.line() for f in result.findings]
        assert result.figures["checked"] > 0


# ---------------------------------------------------------------------------------------
# synthetic scripts


def _script(tmp_path: Path, prompts: list[dict[str, str]], test: str, at_turn: int) -> Path:
    """A small script: a reference creating pkg/, one test file checked at at_turn."""
    (tmp_path / "references" / "turn_01" / "shop").mkdir(parents=True)
    (tmp_path / "references" / "turn_01" / "shop" / "__init__.py").write_text("")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_shop.py").write_text(textwrap.dedent(test))
    lines = [
        "task_name: synthetic",
        f"total_turns: {len(prompts)}",
        "programming_languages: [python]",
        "narrative_script:",
        f"  - turn_range: [1, {len(prompts)}]",
        "    phase: One",
        "    user_prompts:",
    ]
    for i, prompt in enumerate(prompts):
        lines.append(f"      - text: {prompt['text']!r}")
        lines.append("        reference: references/turn_01" if i == 0 else "        kind: explain")
        if i:
            lines.append("        reply: ok")
        if "interface" in prompt:
            lines.append(f"        interface: {prompt['interface']!r}")
    lines += [
        "    evaluation_checkpoints:",
        f"      - at_turn: {at_turn}",
        "        action: run_tests",
        "        test_file: tests/test_shop.py",
    ]
    path = tmp_path / "script.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def _run(path: Path) -> InstrumentResult:
    return stated_interfaces(resolve_script(str(path)))


TEST_NAMES = """\
    from shop.cart import Cart, checkout


    def test_cart():
        cart = Cart()
        cart.add("A1", qty=2)
        assert checkout(cart) == 2
"""


def test_stated_names_are_not_flagged(tmp_path: Path) -> None:
    prompts = [
        {
            "text": "Make a package shop with shop/cart.py: class Cart with add(sku, qty), and checkout(cart)."
        }
    ]
    result = _run(_script(tmp_path, prompts, TEST_NAMES, 1))
    assert result.passed, [f.line() for f in result.findings]
    assert result.figures["name checked"] == 2


def test_unstated_name_is_flagged_with_file_line_and_turn(tmp_path: Path) -> None:
    prompts = [{"text": "Make a package shop with shop/cart.py: class Cart with add(sku, qty)."}]
    result = _run(_script(tmp_path, prompts, TEST_NAMES, 1))
    assert not result.passed
    [finding] = result.findings
    assert finding.turn == 1
    assert finding.where == "tests/test_shop.py:1"
    assert finding.message.startswith("name 'checkout' is not stated")


def test_name_stated_only_later_is_flagged(tmp_path: Path) -> None:
    prompts = [
        {"text": "Make a package shop with shop/cart.py: class Cart with add(sku, qty)."},
        {"text": "Now add checkout(cart) returning the item count."},
    ]
    result = _run(_script(tmp_path, prompts, TEST_NAMES, 1))
    [finding] = result.findings
    assert finding.turn == 1
    assert "checkout" in finding.message and "first stated at turn 2" in finding.message


def test_name_stated_through_interface_is_not_flagged(tmp_path: Path) -> None:
    prompts = [
        {
            "text": "Make a package shop with shop/cart.py: class Cart with add(sku, qty), and a checkout.",
            "interface": "The checkout is `checkout(cart)` in shop/cart.py.",
        }
    ]
    assert _run(_script(tmp_path, prompts, TEST_NAMES, 1)).passed


TEST_STATUSES = """\
    def test_api(client):
        r = client.delete("/items/7/")
        assert r.status_code in (200, 204)
        created = client.post("/items/", {"sku": "A1"})
        assert created.status_code == 201
"""


def test_accepted_variants_pass_and_an_exact_unstated_status_is_flagged(tmp_path: Path) -> None:
    prompts = [
        {
            "text": "Build shop: POST /items/ with a sku creates an item; DELETE /items/<id>/ removes it."
        }
    ]
    result = _run(_script(tmp_path, prompts, TEST_STATUSES, 1))
    messages = [f.message for f in result.findings]
    assert messages == ["status '201' is not stated at or before turn 1"]
    assert result.figures["accepted variants"] == 2


def test_url_with_an_id_matches_a_stated_placeholder(tmp_path: Path) -> None:
    prompts = [
        {"text": "Build shop: POST /items/ (201) with a sku, DELETE /items/<id>/ removes it."}
    ]
    assert _run(_script(tmp_path, prompts, TEST_STATUSES, 1)).passed


def test_url_not_stated_is_flagged(tmp_path: Path) -> None:
    prompts = [{"text": "Build shop: POST /items/ (201) with a sku, and a way to remove items."}]
    result = _run(_script(tmp_path, prompts, TEST_STATUSES, 1))
    assert [f.message for f in result.findings] == [
        "url '/items/7/' is not stated at or before turn 1"
    ]
    assert result.findings[0].where == "tests/test_shop.py:2"


def test_a_relative_path_under_a_stated_prefix_states_the_url(tmp_path: Path) -> None:
    # "`items/` under the prefix we agreed" states /api/items/ once /api/ was said
    test = TEST_STATUSES.replace('"/items/', '"/api/items/')
    prompts = [
        {"text": "Every endpoint lives under /api/, always."},
        {
            "text": "Build shop: POST `items/` with a sku (201) and DELETE `items/<id>/`, under our prefix."
        },
    ]
    assert _run(_script(tmp_path / "a", prompts, test, 2)).passed
    # without the prefix said, or with the path said as a word, the URL is unstated
    alone = [{"text": "Build shop: POST `items/` with a sku (201) and DELETE `items/<id>/`."}]
    assert not _run(_script(tmp_path / "b", alone, test, 1)).passed
    worded = [
        prompts[0],
        {"text": "Build shop: POST items with a sku (201) and DELETE one by its id."},
    ]
    assert not _run(_script(tmp_path / "c", worded, test, 2)).passed


def test_json_keys_and_nested_keys(tmp_path: Path) -> None:
    test = """\
        def test_error(client):
            body = client.get("/items/999/").json()
            assert body["error"]["code"] == "NOT_FOUND"
            assert "hint" in body["error"]
    """
    prompts = [
        {"text": "Build shop: GET /items/<id>/ answers an item with a hint."},
        {"text": 'Errors are {"error": {"code": ...}}.'},
    ]
    result = _run(_script(tmp_path, prompts, test, 2))
    # "hint" is a word the user said, but not of the error body it sits in
    assert [f.message for f in result.findings] == [
        "key 'error.hint' is not stated at or before turn 2"
    ]


def test_docker_exec_python_c_and_flags(tmp_path: Path) -> None:
    path = _script(
        tmp_path, [{"text": "Package shop with shop/cli.py: main(argv) and --limit."}], "", 1
    )
    text = path.read_text().replace(
        "        action: run_tests\n        test_file: tests/test_shop.py\n",
        "        action: docker_exec\n        name: cli runs\n"
        "        command: python -c \"from shop.cli import main; main(['--limit', '2', '--verbose'])\""
        " && python -m shop --quiet\n",
    )
    path.write_text(text)
    result = _run(path)
    assert [f.where for f in result.findings] == ["script.yaml: checkpoint 'cli runs'"]
    assert [f.message for f in result.findings] == [
        "flag '--quiet' is not stated at or before turn 1"
    ]
