"""The perfect-information table of one deal before trump making.

For a deal waiting for forehand's trump decision, with every hand and the
whole stock known, the table lists each line of trump making (rules.md,
"Making trump", "Playing alone"): accept or refuse (trump then follows from
the stock order), every discard forehand may make (D5: one card of six, or
four of nine in the compulsory case), and each lone choice (nobody, forehand,
forehand's partner), with the makers' tricks under double-dummy play and the
deal points (rules.md, "Scoring, rounds, match"). The whole table is one batch
solve through :func:`altbaumer.hidden.making.all_lines`.

Clairvoyant rule. The marked choice is the row that maximises, in order:

1. the makers' chance to win the match once the deal is over, from the score
   before it (by default the first deal of a match), so a lone march that
   takes the round beats a march together (docs/rating.md);
2. the makers' deal points;
3. the makers' tricks;
4. accepting over refusing;
5. playing together over forehand alone over partner alone;
6. the discard with the lower card indices (compared as ascending tuples).

The partner's lone option is taken over all rows as if forehand chose it too:
a clairvoyant partner who sees the same cards would join any line that is
strictly better for the team, and ties fall to playing together. A row for the
partner alone repeats for every discard, since forehand's hand (and so the
discard) sits out; rule 5 then keeps the lowest discard.

>>> from altbaumer.game.deal import Deal
>>> table = perfect_information_table(Deal.from_seed(1))
>>> len(table.rows), table.best in table.rows
(36, True)
>>> table.best.equity == max(r.equity for r in table.rows)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import outcome_code
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.errors import IncompleteDeal, WrongPhase
from altbaumer.hidden.making import BranchLines, LineGroup, all_lines, deal_points, lone_seats, worlds_of_deal
from altbaumer.dd.solver import Solver
from altbaumer.hidden.objectives import Objective, objective_for
from altbaumer.game.seats import SEATS, Seat, Team

__all__ = ["TableRow", "DecisionTable", "perfect_information_table", "clairvoyant_key"]


@dataclass(frozen=True)
class TableRow:
    """One line of trump making and its double-dummy result."""

    turn: str  # "accept" or "refuse"
    trump: Suit
    taken: CardSet
    exposed: CardSet
    discard: CardSet
    lone: Optional[Seat]
    makers_tricks: int
    makers_points: int
    defenders_points: int
    equity: float = 0.0
    """The makers' chance to win the match once the deal ends this way."""

    @property
    def accepted(self) -> bool:
        return self.turn == "accept"

    @property
    def compulsory(self) -> bool:
        """All four stock cards were one suit: forehand took them all."""
        return len(self.taken) == 4

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: cards written like ``QC``, ``TH``."""
        return {
            "turn": self.turn,
            "trump": self.trump.letter,
            "taken": _ascii(self.taken),
            "exposed": _ascii(self.exposed),
            "discard": _ascii(self.discard),
            "lone": None if self.lone is None else str(self.lone),
            "makers_tricks": self.makers_tricks,
            "makers_points": self.makers_points,
            "defenders_points": self.defenders_points,
            "equity": self.equity,
        }


@dataclass(frozen=True)
class DecisionTable:
    """Every trump-making line of one deal and the clairvoyant choice.

    ``hands`` are the hands as dealt, in seat order N E S W; ``stock`` is top
    card first. ``rows`` run accept then refuse, each by discard option in
    canonical order (:mod:`altbaumer.hidden.making`), each by lone choice.
    """

    dealer: Seat
    forehand: Seat
    makers: Team
    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    rows: tuple[TableRow, ...]
    best: TableRow
    state: Optional[MatchState] = None
    """The score before the deal that the equities are from."""

    def best_for(self, turn: str) -> TableRow:
        """The clairvoyant choice among the rows of one turn ("accept"/"refuse")."""
        return min((r for r in self.rows if r.turn == turn), key=lambda r: clairvoyant_key(r, self.forehand))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with the clairvoyant rule spelled out."""
        return {
            "dealer": str(self.dealer),
            "forehand": str(self.forehand),
            "makers": str(self.makers),
            "hands": {str(s): _ascii(self.hands[s]) for s in SEATS},
            "stock": [c.ascii() for c in self.stock],
            "rule": "max makers' chance to win the match, then makers' points, then makers' tricks; ties: accept, "
                    "together, lower discard",
            "state": None if self.state is None else self.state.to_dict(),
            "rows": [r.to_dict() for r in self.rows],
            "best": self.best.to_dict(),
            "best_index": self.rows.index(self.best),
        }


def perfect_information_table(deal: Deal, solver: Optional[Solver] = None, state: Optional[MatchState] = None,
                              table: Optional[EquityTable] = None) -> DecisionTable:
    """The double-dummy table of every trump-making line of ``deal``, which
    must be waiting for forehand's accept-or-refuse decision; ``solver``
    (default: this thread's, one search thread) brings the tables and threads.
    The makers' chance to win the match is from ``state`` (default: the first
    deal of a match) through the equity ``table`` (default: the shipped one)."""
    if deal.phase is not Phase.TRUMP:
        raise WrongPhase(f"the table needs a deal in the trump phase, not the {deal.phase.value} phase")
    dealt = tuple(deal.dealt_hand(s) for s in SEATS)
    known_stock = tuple(c for c in deal.stock if c is not None)
    if len(known_stock) < len(deal.stock):
        raise IncompleteDeal("the table needs every stock card known: it solves each line with all cards open")
    hands, stock = worlds_of_deal(deal)
    branches = all_lines(hands, stock, deal.dealer, solver=solver)
    lones = lone_seats(deal.dealer)
    state = state or MatchState.start(deal.makers)
    match = objective_for("match", state, table)
    rows = tuple(row for branch in branches for row in _branch_rows(branch, lones, match))
    best = min(rows, key=lambda r: clairvoyant_key(r, deal.forehand))
    return DecisionTable(deal.dealer, deal.forehand, deal.makers, dealt, known_stock, rows, best, state)


def clairvoyant_key(row: TableRow, forehand: Seat) -> tuple[float, int, int, int, int, tuple[int, ...]]:
    """Sort key: the smallest key is the clairvoyant choice (see the module docstring)."""
    lone_rank = 0 if row.lone is None else (1 if row.lone is forehand else 2)
    return (
        -row.equity,
        -row.makers_points,
        -row.makers_tricks,
        0 if row.accepted else 1,
        lone_rank,
        tuple(sorted(c.index for c in row.discard)),
    )


def _branch_rows(branch: BranchLines, lones: tuple[Optional[Seat], ...], match: Objective) -> list[TableRow]:
    # One world, so exactly one group: ordinary or compulsory.
    (group,) = branch.groups
    return _group_rows(group, "accept" if branch.accepted else "refuse", lones, match)


def _group_rows(group: LineGroup, turn: str, lones: tuple[Optional[Seat], ...], match: Objective) -> list[TableRow]:
    mine, theirs = deal_points(group.tricks)
    trump, taken, exposed = Suit(int(group.trump[0])), CardSet(int(group.taken[0])), CardSet(int(group.exposed[0]))
    return [
        TableRow(
            turn, trump, taken, exposed, CardSet(int(group.discards[0, j])), lones[k],
            int(group.tricks[0, j, k]), int(mine[0, j, k]), int(theirs[0, j, k]),
            float(match.of(np.array([outcome_code(int(group.tricks[0, j, k]), lones[k] is not None)]))[0]),
        )
        for j in range(group.n_options)
        for k in range(len(lones))
    ]


def _ascii(cards: CardSet) -> list[str]:
    return [c.ascii() for c in cards]
