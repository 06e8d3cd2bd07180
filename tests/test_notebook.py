"""docs/notebook.md runs as a notebook would: every ```python cell in order, in one namespace,
from a scratch directory holding a copy of the examples, the value of a cell's last expression
being what the notebook displays. Each displayed object must draw itself as HTML
(``_repr_html_``, well formed and self-contained) showing what the walkthrough says it shows."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path
from typing import Any, Callable, Optional

import pytest

from altbaumer.abn.board import Board
from altbaumer.dd.solver import Solution
from altbaumer.game.cards import CARDS, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.position import Position
from altbaumer.hidden.rating import Rating

from support import html_cards, python_blocks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "docs" / "notebook.md"
CELLS = python_blocks(NOTEBOOK.read_text(encoding="utf-8"))

Namespace = dict[str, Any]


def run_cell(line: int, code: str, namespace: Namespace) -> Optional[object]:
    """Run a cell as Jupyter does; the value of its last statement when that is an expression."""
    tree = ast.parse("\n" * (line - 1) + code, str(NOTEBOOK))  # a traceback names the document's line
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, str(NOTEBOOK), "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), str(NOTEBOOK), "eval"), namespace)


def _deal(ns: Namespace, shown: object, printed: str) -> str:
    assert isinstance(shown, Deal)
    fragment = shown._repr_html_()
    assert html_cards(fragment) == {c.ascii() for c in CARDS}  # every hand and the stock
    assert "turned" in fragment and "forehand" in fragment
    return fragment


def _forehand_hand(ns: Namespace, shown: object, printed: str) -> str:
    deal = ns["deal"]
    assert isinstance(shown, CardSet) and shown == deal.hand(deal.forehand) and len(shown) == 6
    fragment = shown._repr_html_()
    assert html_cards(fragment) == {c.ascii() for c in shown}
    return fragment


def _position(ns: Namespace, shown: object, printed: str) -> str:
    assert isinstance(shown, Position)
    fragment = shown._repr_html_()
    assert html_cards(fragment) == {c.ascii() for h in shown.hands.values() for c in h}
    assert "hearts" in fragment and "E-W" in fragment
    return fragment


def _solution(ns: Namespace, shown: object, printed: str) -> str:
    assert isinstance(shown, Solution)
    fragment = shown._repr_html_()
    assert {c.ascii() for c in ns["pos"].legal_moves()} <= html_cards(fragment)
    assert fragment.count("★ best") == len(shown.best_cards) and "principal variation" in fragment
    return fragment


def _board(ns: Namespace, shown: object, printed: str) -> str:
    assert isinstance(shown, Board)
    fragment = shown._repr_html_()
    dealt = {c.ascii() for h in shown.hands.values() if h is not None for c in h}
    assert dealt | {c.ascii() for c in shown.stock or () if c is not None} <= html_cards(fragment)
    assert "board refusal" in fragment and "refused" in fragment
    return fragment


def _rating(ns: Namespace, shown: object, printed: str) -> str:
    assert isinstance(shown, Rating) and shown.decision == "turn" and shown.worlds == 500
    fragment = shown._repr_html_()
    html_cards(fragment)
    for said in ("accept or refuse", ">accept", ">refuse", "★", "P(match)", "Δ P(match)", "score not known"):
        assert said in fragment, said
    return fragment


def _terminal(ns: Namespace, shown: object, printed: str) -> str:
    assert shown is None
    for said in ("♣", "♥", "makers", "optimal line", "P(match)", "accept or refuse"):
        assert said in printed, said
    return printed


CHECKS: list[Callable[[Namespace, object, str], str]] = [_deal, _forehand_hand, _position, _solution, _board,
                                                          _rating, _terminal]


def test_every_cell_displays_what_it_promises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert len(CELLS) == len(CHECKS), "a cell was added or dropped: say here what it shows"
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    namespace: Namespace = {"__name__": "notebook"}
    for (line, code), check in zip(CELLS, CHECKS):
        shown = run_cell(line, code, namespace)
        printed = capsys.readouterr().out
        assert isinstance(check(namespace, shown, printed), str), f"docs/notebook.md:{line}"


def test_a_cell_shows_its_last_expression() -> None:
    namespace: Namespace = {}
    assert run_cell(1, "x = 2\nx + 1\n", namespace) == 3 and namespace["x"] == 2
    assert run_cell(1, "y = 1\n", namespace) is None and namespace["y"] == 1
