"""Deal scoring (rules.md, "Scoring, rounds, match").

>>> score_deal(Team.NS, 5, lone=None).points
{<Team.NS: 0>: 2, <Team.EW: 1>: 0}
>>> score_deal(Team.NS, 0, lone=None).points
{<Team.NS: 0>: -1, <Team.EW: 1>: 2}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from altbaumer.game.seats import Seat, Team

__all__ = ["DealScore", "score_deal", "makers_points", "LONE_FLAG", "outcome_code"]

LONE_FLAG = 8
"""Added to the makers' tricks in an outcome code when one of them played alone."""


@dataclass(frozen=True)
class DealScore:
    makers: Team
    makers_tricks: int
    lone: Optional[Seat]
    points: dict[Team, int]

    @property
    def made(self) -> bool:
        """The makers took three or more tricks."""
        return self.makers_tricks >= 3

    @property
    def march(self) -> bool:
        """The makers took all five tricks."""
        return self.makers_tricks == 5

    @property
    def lone_march(self) -> bool:
        """A lone player took all five tricks: the round is won at once."""
        return self.lone is not None and self.march


def makers_points(makers_tricks: int) -> tuple[int, int]:
    """(makers' points, defenders' points) for the makers' trick count.

    5 → (+2, 0); 3 or 4 → (+1, 0); 1 or 2 → (−1, +1); 0 → (−1, +2).
    Defenders who lose score nothing.
    """
    if not 0 <= makers_tricks <= 5:
        raise ValueError(f"makers' tricks must be 0..5, not {makers_tricks}")
    if makers_tricks == 5:
        return 2, 0
    if makers_tricks >= 3:
        return 1, 0
    return -1, 2 if makers_tricks == 0 else 1


def score_deal(makers: Team, makers_tricks: int, lone: Optional[Seat]) -> DealScore:
    mine, theirs = makers_points(makers_tricks)
    return DealScore(makers, makers_tricks, lone, {makers: mine, makers.other: theirs})


def outcome_code(makers_tricks: int, lone: bool) -> int:
    """A deal's result as one small number: the makers' tricks, plus
    :data:`LONE_FLAG` when one of them played alone (a lone march, code 13,
    takes the round). The ratings carry these codes through their choices.

    >>> outcome_code(5, lone=True), outcome_code(3, lone=False)
    (13, 3)
    """
    return makers_tricks + (LONE_FLAG if lone else 0)
