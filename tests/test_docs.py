"""The documentation describes the software as it is, for a reader who never
saw it being made: no reference to the tracker's numbered issues or to the
numbered steps, stops or sessions of the work. The reference documents are
read whole (README.md, docs/, benchmarks/); in the code (the package, the
command line, the compiled core, the benchmarks and these tests) the
docstrings and comments are read, not the strings a program prints or
compares."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "benchmarks").rglob("*.md"))]
CODE_FOLDERS = ("solver", "cli", "src_cython", "benchmarks", "tests", "docs")
CODE_SUFFIXES = (".py", ".pyx", ".pxd")

# A word of the work's history followed by its number: "issue" and "PR" (with or without "#"), "stop", "step"
# and "session"; a step that counts the viewer's positions (step N of M) is the page's own wording, and
# "step-N" in a page address is a name. A bare "#" with a number is an issue reference too, and so is "the
# issue" with no number at all.
HISTORY = re.compile(
    r"\b(?:issues?|prs?|pull requests?|stops?|steps?|sessions?)\s*#?\d+\b(?!\s+of\s+\d)"
    r"|\bpre-issue\b|\bthe issue\b"
    r"|(?:^|[\s(\[])#\d+\b(?![\w-])",
    re.IGNORECASE | re.MULTILINE,
)


def _code_files() -> Iterator[Path]:
    for folder in CODE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in CODE_SUFFIXES and path.is_file():
                yield path


def _doc_text(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and, for Python, every string that stands
    as a statement (module, class and function docstrings, and those under an
    assignment); Cython is not Python's grammar, so there every triple-quoted
    string counts."""
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
        elif token.type == tokenize.STRING and path.suffix != ".py" and token.string.lstrip("rbuRBU")[:3] in ('"""', "'''"):
            yield token.start[0], token.string
    if path.suffix == ".py":
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                yield node.lineno, node.value.value


def _found(text: str) -> list[str]:
    return [m.group(0).strip() for m in HISTORY.finditer(text)]


def test_the_pattern_tells_history_from_reference():
    """What the check must flag, and reference text that must pass (a rule of
    the rules, a ruling, a search step, a viewer's step, a colour)."""
    history = ["as issue 13 measured", "issues 5 and 6", "Issue #14", "until stop 21", "the release of stop 20",
               "step 4 of the plan: done", "Step 2: what the tracking costs", "the same session 3", "fixed in #12",
               "(#7)", "tagged pre-issue-14", "PR 9", "the issue's target case"]
    for text in history:
        assert _found(text), text
    reference = ["rules.md, Following, rule 2", "ruling D13", "each search step keeps the first card",
                 "step 7 of 20", "#board-5-step-9", "color:#138a36", "a stop card", "the 2 steps before it",
                 "issues a warning", "stops at 5 tricks", "# 3 tricks left"]
    for text in reference:
        assert not _found(text), text


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_describe_the_software(path: Path):
    text = path.read_text(encoding="utf-8")
    hits = [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0).strip()}"
            for m in HISTORY.finditer(text)]
    assert not hits, "\n".join(hits)


def test_docstrings_and_comments_describe_the_software():
    hits = []
    for path in _code_files():
        for line, text in _doc_text(path):
            hits += [f"{path.relative_to(ROOT)}:{line + text.count(chr(10), 0, m.start())}: {m.group(0).strip()}"
                     for m in HISTORY.finditer(text)]
    assert not hits, "\n".join(hits)


def test_no_patch_files_among_the_documents():
    """A tried idea is kept as its findings in prose, not as a patch to apply."""
    assert not [p for p in (ROOT / "docs").rglob("*") if p.suffix in (".diff", ".patch")]
