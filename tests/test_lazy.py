"""The packages whose names load on first use: each name found where its package says, and
the names mypy sees (under ``if TYPE_CHECKING:``) the names the package gives at run time."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from altbaumer.lazy import names_of

PACKAGES = {"altbaumer": "_LAZY", "altbaumer.abn": "HOMES", "altbaumer.hidden": "HOMES",
            "altbaumer.play": "HOMES", "altbaumer.report": "HOMES"}


def _type_checked_names(path: Path) -> dict[str, set[str]]:
    """Module → the names imported from it under ``if TYPE_CHECKING:`` in the file ``path``."""
    names: dict[str, set[str]] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.module, ast.dump(statement)
                assert all(alias.asname == alias.name for alias in statement.names)  # re-exported for mypy
                names.setdefault(statement.module, set()).update(alias.name for alias in statement.names)
    return names


@pytest.mark.parametrize("name", PACKAGES)
def test_mypy_sees_the_names_the_package_gives(name):
    package = importlib.import_module(name)
    homes = getattr(package, PACKAGES[name])
    assert _type_checked_names(Path(package.__file__)) == {module: set(names) for module, names in homes.items()}
    assert set(names_of(homes)) <= set(package.__all__) and set(names_of(homes)) <= set(dir(package))


@pytest.mark.parametrize("name", PACKAGES)
def test_every_name_is_found_in_its_module(name):
    package = importlib.import_module(name)
    for module, names in getattr(package, PACKAGES[name]).items():
        for value_name in names:
            assert getattr(package, value_name) is getattr(importlib.import_module(module), value_name)
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        package.not_a_name  # noqa: B018


def test_a_package_loads_no_module_before_its_names_are_used():
    code = ("import sys\nimport altbaumer.report, altbaumer.play, altbaumer.abn, altbaumer.hidden\n"
            "print(' '.join(m for m in sys.modules if m.startswith(('altbaumer.report.', 'altbaumer.play.',"
            " 'altbaumer.abn.', 'altbaumer.hidden.'))))\n"
            "from altbaumer.report import render_html\n"
            "print('altbaumer.report.html' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded, html_after_use = done.stdout.splitlines()
    assert loaded == "" and html_after_use == "True"
