"""The domains the generator writes scripts for: their functions, plants and languages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from inspect_stamina.generator import (
    algorithms,
    algorithms_js,
    data_pipeline,
    devops,
    webapi,
)
from inspect_stamina.generator.catalogue import algorithms as more_algorithms
from inspect_stamina.generator.catalogue import algorithms_js as more_algorithms_js
from inspect_stamina.generator.catalogue import data as more_data
from inspect_stamina.generator.catalogue import devops as more_devops
from inspect_stamina.generator.catalogue import (
    format_changes,
    slowdowns,
    webapi_endpoints,
    webapi_records,
)
from inspect_stamina.generator.catalogue import webapi as more_webapi
from inspect_stamina.generator.http_service import HttpService
from inspect_stamina.generator.languages import JavaScript, Language, Python
from inspect_stamina.generator.model import (
    CommandTemplate,
    FormatChange,
    FunctionTemplate,
    Plant,
    Slowdown,
)
from inspect_stamina.generator.webapi.persistence import OPEN_STORE

PACKAGES = ("algokit", "tinyalgo", "mathbox", "toolbelt", "numkit", "smallalgs")
LANGUAGES: dict[str, Language] = {
    "python": Python(),
    "javascript": JavaScript(),
    "http": HttpService(),  # a Python package served over HTTP, tested black-box
}


@dataclass(frozen=True)
class Domain:
    """A family of scripts the generator can write."""

    name: str
    language: str
    description: str
    templates: tuple[FunctionTemplate, ...]
    plants: tuple[Plant, ...]
    renames: dict[str, str]  # names a user may ask to rename, and to what
    fakes: tuple[str, ...]  # functions that do not exist, for mistaken requests
    packages: tuple[str, ...] = PACKAGES  # names the project's package may get
    since: int = 1  # the first generator version that writes this domain
    # functions built on the library shipped in the image (generator/library.py), asked
    # for from generator version 2 on
    library: tuple[FunctionTemplate, ...] = ()
    # subcommands of `python -m PACKAGE` built on the functions (generator version 2 on)
    commands: tuple[CommandTemplate, ...] = ()
    first: tuple[str, ...] = ()  # functions built before the others (version 2 on)
    # more functions a user may ask for, from generator version 3 on (a catalogue large
    # enough that two seeds of a domain build different projects)
    more_templates: tuple[FunctionTemplate, ...] = ()
    # version 3's performance turns: a teammate's slow rewrite of a function, by name
    slowdowns: Mapping[str, Slowdown] = field(default_factory=dict)
    # version 3: the data files the project reads gain a second layout (late phase)
    format_change: FormatChange | None = None
    # version 3 writes these in place of the published versions' command templates of the
    # same name (their tests made steadier; versions 1 and 2 stay byte-identical)
    revised_commands: tuple[CommandTemplate, ...] = ()
    # version 3 asks for these in place of the published versions' function templates of
    # the same name (a requirement stated more fully), and builds them early: a late
    # phase's action needs them (their requirements first)
    revised_templates: tuple[FunctionTemplate, ...] = ()

    @property
    def lang(self) -> Language:
        """How this domain's project becomes files, tests and checks."""
        return LANGUAGES[self.language]


DOMAINS = {
    "algorithms": Domain(
        "algorithms",
        "python",
        "a Python library of small algorithms whose requirements change, break and move",
        algorithms.TEMPLATES,
        algorithms.PLANTS,
        algorithms.RENAMES,
        ("quick_sort", "levenshtein", "matrix_multiply", "topological_sort", "kmeans"),
        more_templates=more_algorithms.MORE_TEMPLATES,
        slowdowns=slowdowns.ALGORITHMS,
    ),
    "data": Domain(
        "data",
        "python",
        "a Python data pipeline from CSV text to reports: parse, clean, aggregate, format",
        data_pipeline.TEMPLATES,
        data_pipeline.PLANTS,
        data_pipeline.RENAMES,
        ("pivot_table", "merge_frames", "fill_forward", "rolling_median", "outliers"),
        ("tabkit", "csvflow", "reportly", "datapipe"),
        library=data_pipeline.LIBRARY,
        commands=data_pipeline.COMMANDS,
        first=("parse_rows",),  # every command reads a CSV file
        more_templates=more_data.MORE_TEMPLATES,
        slowdowns=slowdowns.DATA,
        format_change=format_changes.DATA,
    ),
    "devops": Domain(
        "devops",
        "python",
        "the Python helpers of an ops command line: durations, sizes, ports, config, logs, retries",
        devops.TEMPLATES,
        devops.PLANTS,
        devops.RENAMES,
        ("rotate_certificates", "drain_node", "restart_pods", "purge_cache", "sync_dns"),
        ("opskit", "shipctl", "infrakit", "deploytool"),
        library=devops.LIBRARY,
        commands=devops.COMMANDS,
        revised_commands=devops.REVISED_COMMANDS,
        more_templates=more_devops.MORE_TEMPLATES,
        slowdowns=slowdowns.DEVOPS,
        format_change=format_changes.DEVOPS,
    ),
    "algorithms-js": Domain(
        "algorithms-js",
        "javascript",
        "the same kind of library as an ES-module package for Node, tested with node --test",
        algorithms_js.TEMPLATES,
        algorithms_js.PLANTS,
        algorithms_js.RENAMES,
        ("quickSort", "levenshtein", "matrixMultiply", "topologicalSort", "kMeans"),
        more_templates=more_algorithms_js.MORE_TEMPLATES,
        slowdowns=slowdowns.ALGORITHMS_JS,
    ),
    "webapi": Domain(
        "webapi",
        "http",
        "a JSON-over-HTTP service (notes, tasks, stock items) on Python's standard library, "
        "tested black-box over HTTP",
        webapi.TEMPLATES,
        webapi.PLANTS,
        webapi.RENAMES,
        ("export_csv", "login", "rate_limit", "bulk_import", "archive_note"),
        ("notekit", "deskapi", "tinyrest", "stockroom"),
        since=2,
        first=("create_note",),
        revised_templates=(OPEN_STORE,),
        more_templates=(
            *more_webapi.MORE_TEMPLATES,
            *webapi_records.RECORD_TEMPLATES,
            *webapi_endpoints.ENDPOINT_TEMPLATES,
        ),
    ),
}

__all__ = ["DOMAINS", "LANGUAGES", "PACKAGES", "Domain"]
