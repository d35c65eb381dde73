"""Merge turns (generator version 2): a teammate branches off, then their branch is merged."""

from __future__ import annotations

from inspect_stamina.generator import merge
from inspect_stamina.generator.model import LiveFunction
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner
from inspect_stamina.generator.planner.features import feature_turn


def fork_turn(planner: Planner, number: int) -> GeneratedTurn:
    """Our function, asked for as a feature, while a teammate branches off to add theirs."""
    # theirs goes into the same module as ours, so that the merge conflicts
    assert planner.merge_pair is not None
    ours, theirs = planner.merge_pair
    lang, pkg = planner.domain.lang, planner.project.package
    entry = next(p for p in lang.render(planner.project) if p.endswith(("__init__.py", "index.js")))
    teammate = LiveFunction(theirs, theirs.module, theirs.body, theirs.cases, theirs.raises)
    # before ours is added: a service's teammate routes beside the agent's first endpoint
    wiring = lang.teammate_wiring(planner.project, theirs)
    turn = feature_turn(planner, number, template=ours)
    turn.prompt["text"] = (
        f"FYI I committed everything so far to git; {merge.TEAMMATE} has branched off it to "
        f"work on something else. {turn.prompt['text']}"
    )
    turn.prompt["setup"] = merge.fork_setup(
        theirs.name,
        {
            f"{pkg}/{theirs.module}{lang.ext}": lang.snippet(teammate),
            entry: lang.export_line(pkg, theirs.module, theirs.name),
        },
        wiring,
    )
    return turn


def merge_turn(planner: Planner, number: int) -> GeneratedTurn:
    """Merge the teammate's branch: both functions must survive, and the history too."""
    assert planner.merge_pair is not None
    ours, theirs = planner.merge_pair
    planner.add(theirs, theirs.body)
    pkg, lang = planner.project.package, planner.domain.lang
    where = f"{pkg}/{theirs.module}{lang.ext}"
    branch = merge.branch_name(theirs.name)
    text = planner.rng.choice(
        (
            f"{merge.TEAMMATE} finished `{theirs.name}({theirs.params})` on the branch "
            f"`{branch}` (it adds it to {where}). Commit your work and merge that branch into "
            f"ours. It will conflict with your `{ours.name}`: keep both, then commit the merge.",
            f"can you merge {merge.TEAMMATE}'s branch `{branch}`? It adds `{theirs.name}` to "
            f"{where}, same file as your `{ours.name}`, so expect a conflict. We need both "
            "functions, and commit your own work first.",
        )
    )
    text += lang.merge_demand(pkg, theirs, ours)
    turn = planner.code_turn(
        number,
        "merge",
        planner.noisy_request(text),
        f"Committed my work and merged {branch}: the conflict in {where} is resolved, "
        f"{theirs.name} and {ours.name} are both there and exported, and the merge is committed.",
        theirs.name,
    )
    live = planner.project.functions
    both = [
        ([name], live[name].calls(live[name].cases), live[name].calls(live[name].raises))
        for name in (theirs.name, ours.name)
    ]
    turn.test = lang.test(pkg, both, suite=turn.test_file.rsplit("/", 1)[1])
    planner.checks_of.setdefault(ours.name, []).append(turn)
    assert turn.checkpoint is not None
    turn.checkpoint["name"] = f"{theirs.name} merged beside {ours.name}"
    turn.shell = merge.resolution(theirs.name, ours.name, turn.files)
    turn.more_checkpoints.append(merge.merged_checkpoint(theirs.name))
    return turn


__all__ = ["fork_turn", "merge_turn"]
