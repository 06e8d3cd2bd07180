"""What a rating maximises: the objectives, each a value for every outcome of the deal.

The raters carry each world's result as an outcome code (the makers' tricks,
plus :data:`~altbaumer.game.scoring.LONE_FLAG` when one of them played
alone), so an objective is a lookup from code to the makers' value:

* ``match``: the makers' team's chance to win the match once the deal is
  over, from the match equity table (:mod:`altbaumer.game.equity`) and the
  score before the deal; a lone march takes the round, so it is worth more
  than a march together;
* ``net``: the makers' deal points minus the defenders';
* ``make``: P(makers take 3 or more); ``march``: P(makers take all five).

The defenders minimise the makers' value, which maximises their own.

>>> import numpy as np
>>> objective_for("make").of(np.array([2, 3, 13])).tolist()
[0.0, 1.0, 1.0]
>>> from altbaumer.game.seats import Team
>>> start = MatchState.start(Team.NS)
>>> match = objective_for("match", start, EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08]))
>>> bool(match.of(np.array([13]))[0] > match.of(np.array([5]))[0])   # lone march against march together
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import numpy as np

from altbaumer.errors import AltbaumerError
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.equity import EquityTable, shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import LONE_FLAG, makers_points

__all__ = ["OBJECTIVES", "Objective", "objective_for", "tricks_of", "lone_of", "CODES"]

OBJECTIVES = ("match", "net", "make", "march")
"""match: the chance to win the match; net: expected makers' minus defenders'
points; make: P(makers ≥ 3); march: P(makers = 5)."""
CODES = 2 * LONE_FLAG
"""Outcome codes run from 0 to CODES - 1 (not all are used)."""


def tricks_of(codes: np.ndarray) -> np.ndarray:
    """The makers' tricks of outcome codes (≥ 0)."""
    return np.asarray(codes) & (LONE_FLAG - 1)


def lone_of(codes: np.ndarray) -> np.ndarray:
    """Whether one of the makers played alone, by outcome code (≥ 0)."""
    return np.asarray(codes) >= LONE_FLAG


def _by_code(value: "dict[int, float]") -> np.ndarray:
    """A lookup over every code; a deal played alone is worth what it is
    worth together unless the objective says otherwise."""
    values = np.zeros(CODES)
    for code in range(CODES):
        values[code] = value[code & (LONE_FLAG - 1)] if code & (LONE_FLAG - 1) <= TRICKS else 0.0
    return values


def _net(t: int) -> float:
    mine, theirs = makers_points(t)
    return float(mine - theirs)


_PLAIN = {"net": _by_code({t: _net(t) for t in range(TRICKS + 1)}),
          "make": _by_code({t: float(t >= 3) for t in range(TRICKS + 1)}),
          "march": _by_code({t: float(t == TRICKS) for t in range(TRICKS + 1)})}


@dataclass(frozen=True)
class Objective:
    """An objective's makers' ``values`` by outcome code; for ``match``
    also the score it is rated at (``state``) and the makers' chance to win
    the round by code (``round``)."""

    name: str
    values: np.ndarray = field(repr=False)
    state: Optional[MatchState] = None
    round: Optional[np.ndarray] = field(default=None, repr=False)

    def of(self, codes: np.ndarray) -> np.ndarray:
        """The makers' values of outcome codes (each ≥ 0)."""
        return self.values[codes]


def objective_for(name: str, state: Optional[MatchState] = None,
                  table: Optional[EquityTable] = None) -> Objective:
    """The objective called ``name``; ``match`` needs the score before the deal
    (``state``; its makers are this deal's) and uses the shipped equity table
    unless given another."""
    if name not in OBJECTIVES:
        raise AltbaumerError(f"unknown objective {name!r} (choose from {', '.join(OBJECTIVES)})")
    if name != "match":
        return Objective(name, _PLAIN[name])
    if state is None:
        raise AltbaumerError("the match objective needs the score before the deal")
    if state.winner is not None:
        raise AltbaumerError(f"the match is over ({state.winner} won it): no deal is left to rate")
    return _match_objective(state, _Identity(table or shipped_table()))


class _Identity:
    """A table as a cache key by identity: an equity table holds arrays, so
    it has no hash of its own, and a table is not changed once built."""

    __slots__ = ("table",)

    def __init__(self, table: EquityTable) -> None:
        self.table = table

    def __hash__(self) -> int:
        return id(self.table)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Identity) and other.table is self.table


@lru_cache(maxsize=64)
def _match_objective(state: MatchState, table: _Identity) -> Objective:
    """The match objective at ``state`` through ``table``, built once per
    (score, table): every decision of a deal, and the players' own ratings
    within it, rate at the same score. Its arrays are read-only, as they are
    shared by every caller."""
    match, round_ = table.table.outcome_values(state)
    match.flags.writeable = False
    round_.flags.writeable = False
    return Objective("match", match, state, round_)

