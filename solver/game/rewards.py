"""What each seat earns from a finished deal, for learning agents.

Both game-AI adapters (``altbaumer.openspiel``, ``altbaumer.pettingzoo``) pay
their players here, in one of two currencies:

- **deal points** (``score="points"``): each seat gets its side's points
  (:func:`~altbaumer.game.scoring.score_deal`): the makers +2, +1 or −1, the
  defenders 0, +1 or +2, so the rewards do not add up to zero;
- **match equity** (a score such as ``"2:1 rounds 1:0"``, N-S first, the
  syntax of :meth:`~altbaumer.game.match_state.MatchState.parse`): each seat
  gets the change in its side's chance to win the match, from the score
  before the deal to the score after it, by the shipped match equity table
  (:func:`~altbaumer.game.equity.shipped_table`); the two sides' changes add
  up to zero.

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.game.seats import Seat
>>> deal = Deal.from_seed(7, Seat.S)
>>> while deal.phase.value != "done":
...     deal.apply(deal.legal_actions()[0])
>>> deal.makers_tricks, seat_rewards(deal, None)
(5, (0.0, 2.0, 0.0, 2.0))
>>> before = score_before("4:0", Seat.S)   # E-W make trump and march: 4:2, N-S make next
>>> [round(r, 3) for r in seat_rewards(deal, before)]
[0.014, -0.014, 0.014, -0.014]
"""

from __future__ import annotations

from typing import Optional

from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.equity import shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import makers_points
from altbaumer.game.seats import SEATS, Seat, forehand_of

__all__ = ["POINTS", "score_before", "seat_rewards", "reward_bounds"]

POINTS = "points"
"""The score text that asks for deal points rather than match equity."""


def score_before(score: str, dealer: Seat) -> Optional[MatchState]:
    """The match state before the deal (forehand's side makes trump), or
    ``None`` for deal points; :class:`~altbaumer.errors.InvalidScore` for a
    score that cannot occur."""
    return None if score == POINTS else MatchState.parse(score, forehand_of(dealer).team)


def seat_rewards(deal: Deal, before: Optional[MatchState]) -> tuple[float, ...]:
    """Each seat's reward (N, E, S, W) from the finished ``deal``: its side's
    deal points, or with ``before`` its side's change in match equity."""
    score = deal.score()
    if before is None:
        return tuple(float(score.points[seat.team]) for seat in SEATS)
    table, after = shipped_table(), before.after(score.makers_tricks, score.lone is not None)
    return tuple(table.equity(after, seat.team) - table.equity(before, seat.team) for seat in SEATS)


def reward_bounds(before: Optional[MatchState]) -> tuple[float, float]:
    """The lowest and the highest reward a seat can get.

    >>> reward_bounds(None), reward_bounds(MatchState.parse("decider", SEATS[0].team))
    ((-1.0, 2.0), (-1.0, 1.0))
    """
    if before is None:
        return float(makers_points(0)[0]), float(makers_points(TRICKS)[0])
    return -1.0, 1.0
