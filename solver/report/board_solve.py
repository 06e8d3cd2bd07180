"""The double-dummy analysis of the boards of a deal file as data: what
``altbaumer solve FILE --json`` prints and the analysis server answers.

Each board is solved at one point of its record (:func:`solve_point`): after
the last recorded card, at the opening lead when the record is finished or
has no play, or just after a named card (``--after TRICK.CARD``).
:func:`solve_document` gives the whole answer of a file, one entry a board
(:func:`board_entry`) and the boards left out with their reasons.

>>> from altbaumer.abn.board import board_from_deal
>>> from altbaumer.abn.record import replay
>>> from altbaumer.game.actions import Accept, DeclareAlone
>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(3)
>>> for action in (Accept(), deal.legal_actions, DeclareAlone(False), DeclareAlone(False)):
...     deal.apply(action()[0] if callable(action) else action)
>>> record = replay(board_from_deal(deal))
>>> point = solve_point(record, None)
>>> point.at, point.pos.leader is deal.forehand
('end', True)
>>> with Solver(threads=1) as solver:
...     document = solve_document("x.abn", [record], None, solver)
>>> document["boards"][0]["makers_tricks"] == document["boards"][0]["moves"][document["boards"][0]["pv"][0]]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence, Union

from altbaumer.abn.record import GameRecord, Node
from altbaumer.dd.solver import Solution, Solver
from altbaumer.errors import IncompleteBoard
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.opening import line_tricks
from altbaumer.game.position import Position
from altbaumer.game.scoring import makers_points
from altbaumer.game.seats import SEATS
from altbaumer.game.view import Trick
from altbaumer.report.points import Point, node_at, require_some, skipped_entry

__all__ = ["SolvePoint", "solve_point", "solve_points", "board_entry", "solve_document", "boards_document",
           "position_dict", "solution_dict", "tricks_dict"]


@dataclass(frozen=True)
class SolvePoint:
    """Where a board is solved: the deal state there and its position;
    ``at`` is "end" (where the record stops), "opening" or a TRICK.CARD."""

    state: Deal
    pos: Position
    at: str


def solve_point(record: GameRecord, after: Optional[Point]) -> Union[SolvePoint, str]:
    """Where to solve ``record`` (just after the card ``after``, else where
    its record stops, or at the opening lead once the play is over), or why
    the board is left out."""
    if after is not None:
        node = node_at(record, after)
        if isinstance(node, str):
            return node
        i = next(i for i, n in enumerate(record.nodes) if n is node)
        following = record.nodes[i + 1] if i + 1 < len(record.nodes) else None
        return SolvePoint(record.state if following is None else following.state, _position(record, following),
                          after.text)
    if record.state.phase is Phase.DONE:  # nothing is left to solve at the end: the whole play is
        first = record.cards()[0]
        return SolvePoint(first.state, _position(record, first), "opening")
    return SolvePoint(record.state, _position(record, None), "end")


def solve_points(records: Sequence[GameRecord], after: Optional[Point]) -> list[Union[SolvePoint, str]]:
    """:func:`solve_point` of every board; an error when every board is left out."""
    points = [solve_point(record, after) for record in records]
    require_some(records, points)
    return points


def _position(record: GameRecord, node: Optional[Node]) -> Position:
    """The position before ``node`` (None: at the end), or an error naming the board."""
    try:
        return record.node_position(node)
    except IncompleteBoard as error:
        raise IncompleteBoard(f"{record.board.source}: {error}") from None


def board_entry(record: GameRecord, point: SolvePoint, solution: Solution) -> dict[str, Any]:
    """One board's entry of the answer: where, the position and its solution."""
    tricks = line_tricks(point.pos, solution.pv)
    return {"board": record.board.number, "line": record.board.line("Dealer"), "at": point.at,
            **position_dict(point.state, point.pos, solution, tricks)}


def solve_document(name: str, records: Sequence[GameRecord], after: Optional[Point],
                   solver: Solver) -> dict[str, Any]:
    """The whole answer for the boards ``records`` of the file ``name``."""
    boards: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for record, point in zip(records, solve_points(records, after)):
        if isinstance(point, str):
            skipped.append(skipped_entry(record, point))
        else:
            boards.append(board_entry(record, point, solver.solve(point.pos)))
    return boards_document(name, boards, complete=True, skipped=skipped)


def boards_document(name: str, boards: list[dict[str, Any]], complete: bool, **extra: Any) -> dict[str, Any]:
    """The answer of a command that works board by board: the file, each
    board's entry, what else it says, and whether every board was done."""
    return {"file": name, "boards": boards, **extra, "complete": complete}


def tricks_dict(tricks: Sequence[Trick]) -> list[dict[str, Any]]:
    """Tricks as JSON: leader, cards in order, winner."""
    return [{"leader": str(t.leader), "cards": [c.ascii() for c in t.cards], "winner": str(t.winner)}
            for t in tricks]


def position_dict(state: Deal, pos: Position, solution: Solution, tricks: list[Trick]) -> dict[str, Any]:
    """The position a board is solved at and the solver's answer there."""
    return {
        "dealer": str(state.dealer),
        "forehand": str(state.forehand),
        "trump": pos.trump.letter,
        "makers": str(pos.makers),
        "lone": None if pos.lone is None else str(pos.lone),
        "played": tricks_dict(state.tricks),
        "hands": {str(s): [c.ascii() for c in pos.hands[s]] for s in SEATS if s is not pos.absent},
        "trick": [c.ascii() for c in pos.trick],
        "tricks_taken": {"N-S": pos.tricks_taken[0], "E-W": pos.tricks_taken[1]},
        "to_play": None if pos.to_act is None else str(pos.to_act),
        **solution_dict(solution, tricks),
    }


def solution_dict(solution: Solution, tricks: list[Trick]) -> dict[str, Any]:
    """The solver's answer as JSON: value, points, each card, one optimal line."""
    made, defenders = makers_points(solution.makers_tricks)
    return {
        "makers_tricks": solution.makers_tricks,
        "points": {"makers": made, "defenders": defenders},
        "best_cards": [c.ascii() for c in solution.best_cards],
        "moves": {c.ascii(): v for c, v in sorted(solution.moves.items(), key=lambda kv: kv[0].index)},
        "pv": [c.ascii() for c in solution.pv],
        "tricks": tricks_dict(tricks),
        "nodes": solution.nodes,
    }

