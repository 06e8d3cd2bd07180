"""The README's Python examples run as written: every ```python block is
executed, in its own namespace, from a scratch directory holding a copy of
the examples, so its relative paths work and nothing it writes lands in the
checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support import python_blocks

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCKS = python_blocks(README.read_text(encoding="utf-8"))


def test_the_readme_has_python_examples() -> None:
    # A changed fence style would otherwise leave nothing to run and every example unchecked.
    assert len(BLOCKS) >= 3
    assert python_blocks("text\n```python\nx = 1\n```\n```sh\nls\n```\n") == [(3, "x = 1\n")]


@pytest.mark.parametrize("line, code", BLOCKS, ids=[f"README.md:{line}" for line, _ in BLOCKS])
def test_example_runs(line: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                      capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    # Padded to its place in the README, so a traceback names the README's own line.
    exec(compile("\n" * (line - 1) + code, str(README), "exec"), {"__name__": "readme_example"})
    if "print(" in code:
        assert capsys.readouterr().out.strip()
