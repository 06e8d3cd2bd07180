"""docs/ai.md's examples run as written: its ```python blocks in order, in one namespace,
so the page keeps telling the truth about both adapters."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from support import python_blocks  # noqa: E402

PAGE = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
BLOCKS = python_blocks(PAGE.read_text(encoding="utf-8"))


def test_the_page_has_examples_for_both_adapters() -> None:
    code = "\n".join(block for _, block in BLOCKS)
    assert len(BLOCKS) >= 5 and "altbaumer.openspiel" in code and "altbaumer.pettingzoo" in code


def test_the_examples_run() -> None:
    namespace: dict[str, object] = {}
    for line, code in BLOCKS:
        exec(compile("\n" * (line - 1) + code, str(PAGE), "exec"), namespace)
