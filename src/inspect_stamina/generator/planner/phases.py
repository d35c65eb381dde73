"""The script's phases, and which action each turn takes: a fixed one or a seeded draw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspect_stamina.generator.planner import (
    bugs,
    cli_commands,
    concurrency,
    conversation,
    features,
    format_change,
    library_turns,
    log_redaction,
    memory,
    performance,
    questions,
    refactors,
    robustness,
    store_format,
    teammate_branch,
)
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner
from inspect_stamina.generator.webapi.persistence import OPEN_STORE

PHASES = (
    (0.15, "Project Initialization"),
    (0.40, "Features and Changing Requirements"),
    (0.70, "Bug Reports and Refactoring"),
    (1.00, "Deployment and Edge Cases"),
)
# the kinds of action each phase draws from, with weights (the seed's arc)
PHASE_ACTIONS: tuple[dict[str, float], ...] = (
    {"feature": 0.8, "explain": 0.2},
    {"feature": 0.5, "change": 0.15, "vague": 0.1, "contradictory": 0.1, "explain": 0.15},
    {
        "bug": 0.3,
        "refactor": 0.15,
        "rename": 0.1,
        "feature": 0.2,
        "erroneous": 0.1,
        "explain": 0.15,
    },
    {
        "feature": 0.3,
        "change": 0.2,
        "bug": 0.15,
        "erroneous": 0.1,
        "contradictory": 0.1,
        "explain": 0.15,
    },
)
# version 2: a domain with a command line also draws these, per phase (a command once the
# functions it is built on are live; its changed requirement; its defect's bug report)
COMMAND_ACTIONS: tuple[dict[str, float], ...] = (
    {},
    {"command": 0.25, "command_change": 0.05},
    {"command": 0.15, "command_bug": 0.2},
    {"command": 0.15, "command_change": 0.1, "command_bug": 0.1},
)
# version 3: the late phase's security fix, once a command writes an output file
SECURITY_ACTIONS: tuple[dict[str, float], ...] = ({}, {}, {}, {"command_security": 0.2})
# version 3: a service's late security fix (its request log leaks tokens), due from the
# phase's start as the commands' fix is
SERVICE_SECURITY_ACTIONS: tuple[dict[str, float], ...] = ({}, {}, {}, {"log_redaction": 1.0})
# version 3: a service's late concurrency fix, drawn at its weight and certain towards the
# end of the phase
CONCURRENCY_ACTIONS: tuple[dict[str, float], ...] = ({}, {}, {}, {"concurrency": 0.15})
# version 3: the data files' second layout, once, where the domain reads data files
FORMAT_ACTIONS: tuple[dict[str, float], ...] = (
    {},
    {},
    {"format_change": 0.1},
    {"format_change": 0.2},
)
# version 3: a service's data file moves to a second layout once it persists, drawn at
# its weight and certain towards the end of the late phase
STORE_FORMAT_ACTIONS: tuple[dict[str, float], ...] = (
    {},
    {},
    {"store_format": 0.1},
    {"store_format": 0.2},
)
# version 3: a signature change with every caller updated, where a command calls a
# function passing more than one argument by position
SIGNATURE_ACTIONS: tuple[dict[str, float], ...] = ({}, {}, {"signature": 0.1}, {"signature": 0.05})
# version 3: the late phase's performance fix, where a slow rewrite is catalogued
PERFORMANCE_ACTIONS: tuple[dict[str, float], ...] = ({}, {}, {}, {"performance": 0.1})
CHECKED = frozenset(
    {
        "feature",
        "change",
        "bug",
        "rename",
        "refactor",
        "plant",
        "probe",
        "command",
        "command_change",
        "command_bug",
        "command_security",
        "log_redaction",
        "concurrency",
        "format_change",
        "store_format",
        "performance",
        "merge",
    }
)
# version 3: a robustness turn carries a new function and its check too
CHECKED_V3 = CHECKED | {"vague", "contradictory", "erroneous", "signature"}
ROBUSTNESS = frozenset({"vague", "contradictory", "erroneous"})
Action = Callable[[Planner, int], GeneratedTurn]
# every kind of action a turn can be drawn or scheduled as, and the turn it makes
ACTIONS: dict[str, Action] = {
    "feature": features.feature_turn,
    "change": features.change_turn,
    "bug": bugs.bug_report_turn,
    "rename": refactors.rename_turn,
    "refactor": refactors.move_turn,
    "signature": refactors.keyword_only_turn,
    "command": cli_commands.command_turn,
    "command_change": cli_commands.command_change_turn,
    "command_bug": cli_commands.command_bug_turn,
    "command_security": cli_commands.command_security_turn,
    "performance": performance.performance_turn,
    "log_redaction": log_redaction.log_redaction_turn,
    "concurrency": concurrency.concurrency_turn,
    "format_change": format_change.format_change_turn,
    "store_format": store_format.store_format_turn,
    "explain": questions.explain_turn,
    "vague": robustness.vague_turn,
    "contradictory": robustness.contradictory_turn,
    "erroneous": robustness.erroneous_turn,
    "fork": teammate_branch.fork_turn,
    "merge": teammate_branch.merge_turn,
    "library": library_turns.library_turn,
    "library_change": library_turns.library_change_turn,
}
# what an action can apply to: it is possible only when there is something
_CANDIDATES: dict[str, Callable[[Planner], list[Any]]] = {
    "change": features.changeable_functions,
    "bug": bugs.defective_functions,
    "rename": refactors.renamable_functions,
    "refactor": refactors.movable_functions,
    "signature": refactors.keyword_only_functions,
    "command": cli_commands.buildable_commands,
    "command_change": cli_commands.changeable_commands,
    "command_bug": cli_commands.defective_commands,
    "command_security": cli_commands.guardable_commands,
    "performance": performance.slowable_functions,
    "log_redaction": log_redaction.leaky_services,
    "concurrency": concurrency.serialisable_services,
    "format_change": format_change.changeable_readers,
    "store_format": store_format.changeable_stores,
}


def plan_turns(planner: Planner) -> list[GeneratedTurn]:
    """Every turn of the script, in order, each with its phase."""
    bounds = [max(1, round(f * planner.total)) for f, _ in PHASES]
    turns = []
    for number in range(1, planner.total + 1):
        index = next(i for i, b in enumerate(bounds) if number <= b)
        phase = PHASES[index][1]
        turn = _turn(planner, number, index)
        turn.phase = phase
        turns.append(turn)
        if turn.checkpoint is not None:
            planner.last_checked = number
    if planner.version >= 3:
        planner.conversation_probes = conversation.plant_conversation(planner, turns)
    return turns


def _turn(planner: Planner, number: int, phase: int) -> GeneratedTurn:
    if number == 1:
        return features.feature_turn(planner, number, first=True)
    if number in planner.plant_turns:
        return memory.plant_turn(planner, number, planner.plant_turns[number])
    if number in planner.probe_turns:
        return memory.probe_turn(planner, number, planner.probe_turns[number])
    if number in planner.merge_turns:
        return ACTIONS[planner.merge_turns[number]](planner, number)
    if number in planner.library_turns:
        return ACTIONS[planner.library_turns[number]](planner, number)
    if number in planner.corrections:
        return features.correction_turn(planner, number)
    weights = PHASE_ACTIONS[phase]
    if planner.version >= 2 and planner.domain.commands:
        weights = {**weights, **COMMAND_ACTIONS[phase]}
    if planner.version >= 3:  # a teammate plants defects now; commands are built right
        weights = {k: w for k, w in weights.items() if k != "command_bug"}
        weights = {**weights, **SIGNATURE_ACTIONS[phase], **_engineering(planner, number, phase)}
    checked = CHECKED_V3 if planner.version >= 3 else CHECKED
    forced = number - planner.last_checked >= 4  # a checkpoint at least every five turns
    fixed = planner.robustness_turns.get(number)
    if (
        fixed is not None
        and (not forced or fixed in checked)
        and (planner.version < 3 or _possible(planner, fixed, number, forced))
    ):
        return ACTIONS[fixed](planner, number)
    kinds = [k for k in weights if _possible(planner, k, number, forced)]
    if forced:
        kinds = [k for k in kinds if k in checked] or (["feature"] if planner.pool else [])
        if not kinds:  # nothing left to build: a question, and a regression run
            return questions.explain_turn(planner, number, regression_run=True)
    kind = planner.rng.choices(kinds, [weights[k] for k in kinds])[0] if kinds else "explain"
    return ACTIONS[kind](planner, number)


def _engineering(planner: Planner, number: int, phase: int) -> dict[str, float]:
    """Version 3's late-phase work the project allows, with its weights this turn.

    The security fixes come first ("before this goes anywhere shared"; a command's changed
    requirement can take away the case its fix guards); the concurrency and performance
    fixes are drawn at their weights and certain towards the end of the phase.
    """
    project, late = planner.project, number >= 0.85 * planner.total
    weights: dict[str, float] = {}
    if planner.domain.commands and SECURITY_ACTIONS[phase]:
        due = not project.guarded_output
        weights |= {"command_security": 1.0} if due else SECURITY_ACTIONS[phase]
    if not project.redacted_log:
        weights |= SERVICE_SECURITY_ACTIONS[phase]
    if CONCURRENCY_ACTIONS[phase] and not project.concurrent_writes:
        weights |= {"concurrency": 1.0} if late else CONCURRENCY_ACTIONS[phase]
    if planner.domain.format_change:
        weights |= FORMAT_ACTIONS[phase]
    if OPEN_STORE in planner.domain.revised_templates and project.store_layout == 1:
        weights |= {"store_format": 1.0} if late else STORE_FORMAT_ACTIONS[phase]
    if planner.domain.slowdowns and PERFORMANCE_ACTIONS[phase]:
        due = late and not planner.slowed
        weights |= {"performance": 1.0} if due else PERFORMANCE_ACTIONS[phase]
    return weights


def _possible(planner: Planner, kind: str, number: int, forced: bool) -> bool:
    live = planner.project.functions
    if kind == "feature":
        # keep a function in reserve for every fifth turn still to come, so that late
        # turns can always be checked
        reserve = -(-(planner.total - number) // 5)
        return bool(planner.pool) and (forced or len(planner.pool) > reserve)
    if planner.version >= 3:
        if kind == "explain":
            return questions.question_possible(planner, number)
        if kind in ROBUSTNESS:  # each brings a new function of the pool, and a check
            return _possible(planner, "feature", number, forced) and bool(live)
    candidates = _CANDIDATES.get(kind)
    if candidates is not None:
        return bool(candidates(planner))
    return kind != "contradictory" or bool(live)


__all__ = ["ACTIONS", "CHECKED", "COMMAND_ACTIONS", "PHASES", "PHASE_ACTIONS", "plan_turns"]
