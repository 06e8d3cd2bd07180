"""The docstring examples are part of the documentation: keep them true.

Every module of the package and of the CLI is found by walking them, so a new module is
tested without being listed. Each must have examples, unless NO_EXAMPLES says why not,
and a module listed there fails once it gains examples, so the list stays true.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.machinery
from pathlib import Path

import pytest

from support import package_modules


NO_EXAMPLES: dict[str, str] = {
    "altbaumer._version": "the version string only",
    "altbaumer.errors": "exception classes only; tests/test_errors.py holds their hierarchy",
    "altbaumer.abn": "a wing's package: its docstring maps the modules, which hold the examples",
    "altbaumer.dd._search": "compiled from src_cython/altbaumer/dd/_search.pyx; dd.solver's examples run it",
    "altbaumer.game.view": "plain records built by Deal.view(); play.policies' examples use them",
    "altbaumer.report.render": "rich renderables, whose text depends on the console; tests/cli renders them",
}
NO_EXAMPLES_UNDER: dict[str, str] = {
    "altbaumer.cli": "click commands, run through click's CliRunner in tests/cli",
}

MODULES = package_modules()


def _exemption(name: str) -> str | None:
    if name in NO_EXAMPLES:
        return NO_EXAMPLES[name]
    return next((why for package, why in NO_EXAMPLES_UNDER.items()
                 if name == package or name.startswith(package + ".")), None)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if _exemption(name) is None:
        assert result.attempted > 0, f"{name} has no examples: add some, or say why not in NO_EXAMPLES"
    else:
        assert result.attempted == 0 or name not in NO_EXAMPLES, f"{name} has examples now: drop it from NO_EXAMPLES"


def test_every_exemption_names_a_module() -> None:
    assert sorted((set(NO_EXAMPLES) | set(NO_EXAMPLES_UNDER)) - set(MODULES)) == []


def test_the_walk_finds_every_source_file() -> None:
    # pkgutil skips a directory without __init__.py silently; the files do not.
    root = Path(__file__).resolve().parents[1]
    on_disk = set()
    for package, directory in (("altbaumer", root / "solver"), ("altbaumer.cli", root / "cli")):
        for path in directory.rglob("*"):
            if path.suffix == ".py" or any(path.name.endswith(s) for s in importlib.machinery.EXTENSION_SUFFIXES):
                parts = [package, *path.relative_to(directory).parts]
                parts[-1] = parts[-1].split(".")[0]
                on_disk.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    assert sorted(on_disk ^ set(MODULES)) == []
