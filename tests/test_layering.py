"""The house in wings: each wing imports only the wings before it.

The wings, in order, and what each may import (the architecture note's table)::

    game                       nothing
    dd, abn                    game
    hidden                     game, dd
    play                       game, dd, hidden
    report                     every wing
    altbaumer (the face)       every wing: it re-exports them
    serve                      every wing (the web app: the CLI's twin, not in the face)
    openspiel, pettingzoo      game (the game-AI adapters, each on its own extra, not in the face)
    openspiel_bots             game, hidden, openspiel (OpenSpiel's bots as arena players)
    cli                        everything, the face and serve included

``altbaumer.errors``, ``altbaumer._version``, ``altbaumer.lang`` (the players' languages: every
wing marks its words) and ``altbaumer.lazy`` (a package's names loaded on first use) may be
imported by all and import nothing of the package but each other. Nothing below the CLI imports
``altbaumer.cli`` or the face (which would pull in every wing and close a cycle).

Every import counts, wherever it stands: at the top, inside a function (a late import
only postpones the dependency) and under ``if TYPE_CHECKING:``. A type-only import of a
later wing ties the earlier wing to that wing's API as much as a call does, and mypy
follows it; the way out is to move the type down a wing, not to hide the import.

The sources are parsed, not imported, so a module is checked even when nothing imports
it and even when importing it would fail.
"""

from __future__ import annotations

import ast
import importlib.machinery
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Mapping

import pytest

WINGS = ("game", "dd", "abn", "hidden", "play", "report")
COMMON = frozenset({"errors", "_version", "lang", "lazy"})
FACE = "altbaumer"  # the package's __init__, named by the wing() of its module name

MAY_IMPORT: Mapping[str, frozenset[str]] = {
    "errors": frozenset(),
    "_version": frozenset(),
    "lang": frozenset(),
    "lazy": frozenset(),
    "game": COMMON,
    "dd": COMMON | {"game"},
    "abn": COMMON | {"game"},
    "hidden": COMMON | {"game", "dd"},
    "play": COMMON | {"game", "dd", "hidden"},
    "report": COMMON | set(WINGS),
    FACE: COMMON | set(WINGS),
    "serve": COMMON | set(WINGS),
    "openspiel": COMMON | {"game"},
    "pettingzoo": COMMON | {"game"},
    "openspiel_bots": COMMON | {"game", "hidden", "openspiel"},
    "cli": COMMON | set(WINGS) | {FACE, "serve"},
}

# "Nothing below the CLI prints": the terminal libraries stay in the wings that render.
# report holds rich renderables (report.render) but never a console.
THIRD_PARTY_ONLY_IN: Mapping[str, frozenset[str]] = {
    "rich": frozenset({"report", "cli"}),
    "click": frozenset({"cli"}),
    "starlette": frozenset({"serve"}),
    "uvicorn": frozenset({"serve"}),
    "jinja2": frozenset({"serve"}),
    "babel": frozenset({"lang"}),
    # The game-AI frameworks are optional extras: each stays in the adapter that needs it.
    "pyspiel": frozenset({"openspiel", "openspiel_bots"}),
    "open_spiel": frozenset({"openspiel", "openspiel_bots"}),
    "pettingzoo": frozenset({"pettingzoo"}),
    "gymnasium": frozenset({"pettingzoo"}),
}

# The package-dir of pyproject.toml. Found from the checkout, not by importing the package,
# so that a module that would fail to import is still checked.
ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = {"altbaumer": ROOT / "solver", "altbaumer.cli": ROOT / "cli"}


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    source: str

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"

    @property
    def where(self) -> str:
        return str(self.path.relative_to(ROOT)) if self.path.is_relative_to(ROOT) else str(self.path)


@dataclass(frozen=True)
class Import:
    line: int
    target: str  # absolute dotted name


def wing(name: str) -> str:
    """``altbaumer.play.simulate`` → ``play``; the package itself → the face."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else FACE


def _module_name(package: str, package_dir: Path, path: Path) -> str:
    parts = list(path.relative_to(package_dir).parts)
    parts[-1] = parts[-1].split(".")[0]  # drops .py and an extension's .cpython-311-….so
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def package_modules() -> tuple[list[Module], frozenset[str]]:
    """Every Python source of the package and the CLI, and the names of every module
    (compiled ones included, so that ``from altbaumer.dd import _search`` resolves)."""
    sources: list[Module] = []
    names: set[str] = set()
    for package, package_dir in PACKAGE_DIRS.items():
        for path in sorted(package_dir.rglob("*")):
            if path.suffix == ".py":
                name = _module_name(package, package_dir, path)
                sources.append(Module(name, path, path.read_text(encoding="utf-8")))
                names.add(name)
            elif any(path.name.endswith(s) for s in importlib.machinery.EXTENSION_SUFFIXES):
                names.add(_module_name(package, package_dir, path))
    return sources, frozenset(names)


def _absolute(module: Module, level: int, name: str | None) -> str:
    if level == 0:
        assert name is not None
        return name
    package = module.name if module.is_package else module.name.rpartition(".")[0]
    parts = package.split(".")
    if level - 1 >= len(parts):
        raise ValueError(f"{module.where}: relative import beyond the top-level package")
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{name}" if name else base


def imports(module: Module, known: Iterable[str]) -> Iterator[Import]:
    """Every import of ``module``, anywhere in it, as absolute module names. ``from P
    import x`` names the module ``P.x`` when that is a module, else ``P``."""
    known = set(known)
    for node in ast.walk(ast.parse(module.source, filename=module.where)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, node.level, node.module)
            targets = (f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names)
            for target in dict.fromkeys(targets):  # one per module, however many names it gives
                yield Import(node.lineno, target)


def _is_ours(name: str) -> bool:
    return name == "altbaumer" or name.startswith("altbaumer.")


def layering_violations(modules: Iterable[Module], known: Iterable[str]) -> list[str]:
    known = frozenset(known)
    found = []
    for module in modules:
        own = wing(module.name)
        if own not in MAY_IMPORT:
            found.append(f"{module.where}: {module.name} is in no wing of the table ({own!r})")
            continue
        for imp in imports(module, known):
            if not _is_ours(imp.target):
                continue
            theirs = wing(imp.target)
            if theirs != own and theirs not in MAY_IMPORT[own]:
                allowed = ", ".join(sorted(MAY_IMPORT[own])) or "nothing of the package"
                found.append(f"{module.where}:{imp.line}: {module.name} imports {imp.target} "
                             f"({own} may import {allowed})")
    return found


def third_party_violations(modules: Iterable[Module], known: Iterable[str]) -> list[str]:
    known = frozenset(known)
    found = []
    for module in modules:
        for imp in imports(module, known):
            top = imp.target.split(".")[0]
            if top in THIRD_PARTY_ONLY_IN and wing(module.name) not in THIRD_PARTY_ONLY_IN[top]:
                found.append(f"{module.where}:{imp.line}: {module.name} imports {imp.target} "
                             f"(only {', '.join(sorted(THIRD_PARTY_ONLY_IN[top]))} may)")
    return found


def print_violations(modules: Iterable[Module]) -> list[str]:
    """Calls of print() and uses of sys.stdout / sys.stderr outside the CLI."""
    found = []
    for module in modules:
        if wing(module.name) == "cli":
            continue
        for node in ast.walk(ast.parse(module.source, filename=module.where)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                found.append(f"{module.where}:{node.lineno}: {module.name} calls print()")
            elif (isinstance(node, ast.Attribute) and node.attr in ("stdout", "stderr")
                  and isinstance(node.value, ast.Name) and node.value.id == "sys"):
                found.append(f"{module.where}:{node.lineno}: {module.name} uses sys.{node.attr}")
    return found


MODULES, KNOWN = package_modules()


def _report(found: list[str]) -> str:
    return "\n".join(["", *found])


def test_every_wing_is_found_and_parsed() -> None:
    # Guards the checks below against passing because the walk found nothing.
    assert {wing(m.name) for m in MODULES} == set(MAY_IMPORT)
    ours = [imp for m in MODULES for imp in imports(m, KNOWN) if _is_ours(imp.target)]
    assert len(ours) > 100


def test_wings_import_only_the_wings_before_them() -> None:
    found = layering_violations(MODULES, KNOWN)
    assert not found, _report(found)


def test_nothing_below_the_cli_imports_it_or_the_face() -> None:
    assert [w for w, allowed in MAY_IMPORT.items() if "cli" in allowed or (FACE in allowed and w != "cli")] == []


def test_terminal_and_framework_libraries_stay_in_their_wings() -> None:
    found = third_party_violations(MODULES, KNOWN)
    assert not found, _report(found)


def test_nothing_below_the_cli_prints() -> None:
    found = print_violations(MODULES)
    assert not found, _report(found)


# The checker itself, on synthetic modules: each must be caught, at the right line.

def _synthetic(name: str, source: str, package: bool = False) -> Module:
    relative = name.split(".")[1:] + (["__init__"] if package else [])
    return Module(name, ROOT / "solver" / Path(*relative).with_suffix(".py"), source)


SYNTHETIC_KNOWN = KNOWN | {"altbaumer.abn.board", "altbaumer.cli", "altbaumer.dd.solver"}


@pytest.mark.parametrize("name, source, line, target", [
    ("altbaumer.game.fake", "import os\nfrom altbaumer.dd.solver import Solver\n", 2, "altbaumer.dd.solver"),
    ("altbaumer.play.fake", "from ..abn import board\n", 1, "altbaumer.abn.board"),
    ("altbaumer.play.fake", "from ..abn.board import Board\n", 1, "altbaumer.abn.board"),
    ("altbaumer.game.fake", "def f():\n    import altbaumer.hidden.worlds\n", 2, "altbaumer.hidden.worlds"),
    ("altbaumer.dd.fake", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from altbaumer.play import x\n",
     3, "altbaumer.play"),
    ("altbaumer.report.fake", "from altbaumer import cli\n", 1, "altbaumer.cli"),
    ("altbaumer.hidden.fake", "import altbaumer\n", 1, "altbaumer"),
    ("altbaumer.errors", "from altbaumer.game.cards import Card\n", 1, "altbaumer.game.cards"),
])
def test_the_checker_catches(name: str, source: str, line: int, target: str) -> None:
    module = _synthetic(name, source)
    found = layering_violations([module], SYNTHETIC_KNOWN)
    assert len(found) == 1 and found[0].startswith(f"{module.where}:{line}: {name} imports {target} ("), found


@pytest.mark.parametrize("name, source", [
    ("altbaumer.dd.fake", "from altbaumer.game import cards\nfrom altbaumer.errors import AltbaumerError\n"),
    ("altbaumer.dd.fake", "from . import _search\nfrom .solver import Solver\n"),
    ("altbaumer.hidden.fake", "import numpy\nfrom altbaumer._version import __version__\n"),
    ("altbaumer.cli.fake", "import altbaumer\nfrom .output import stdout\n"),
])
def test_the_checker_lets_pass(name: str, source: str) -> None:
    assert layering_violations([_synthetic(name, source)], SYNTHETIC_KNOWN) == []


def test_the_checker_resolves_relative_imports_in_a_package() -> None:
    module = _synthetic("altbaumer.game", "from .cards import Card\nfrom .. import errors\n", package=True)
    assert [imp.target for imp in imports(module, KNOWN)] == ["altbaumer.game.cards", "altbaumer.errors"]


def test_the_checker_names_a_module_outside_the_table() -> None:
    found = layering_violations([_synthetic("altbaumer.tools", "")], KNOWN)
    assert found == [f"{_synthetic('altbaumer.tools', '').where}: altbaumer.tools is in no wing of the table ('tools')"]


def test_the_checker_keeps_the_game_ai_frameworks_in_their_adapters() -> None:
    game = _synthetic("altbaumer.game.fake", "import pyspiel\nfrom pettingzoo import AECEnv\nimport gymnasium\n")
    assert len(third_party_violations([game], KNOWN)) == 3
    crossed = _synthetic("altbaumer.openspiel", "import pettingzoo\nimport pyspiel\n")
    assert len(third_party_violations([crossed], KNOWN)) == 1
    assert layering_violations([_synthetic("altbaumer.pettingzoo", "from altbaumer.play import players\n")],
                               SYNTHETIC_KNOWN) != []


def test_the_checker_catches_rich_click_and_printing_below_the_cli() -> None:
    game = _synthetic("altbaumer.game.fake", "from rich.table import Table\nimport click\n")
    assert len(third_party_violations([game], KNOWN)) == 2
    assert third_party_violations([_synthetic("altbaumer.report.fake", "from rich.text import Text\n")], KNOWN) == []
    hidden = _synthetic("altbaumer.hidden.fake", "import sys\ndef f():\n    print(1)\n    sys.stderr.write('x')\n")
    assert [v.split(": ", 1)[0].rsplit(":", 1)[1] for v in print_violations([hidden])] == ["3", "4"]
    cli = Module("altbaumer.cli.fake", ROOT / "cli" / "fake.py", "print(1)\n")
    assert print_violations([cli]) == []
