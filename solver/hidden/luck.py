"""The luck of the cards: what a deal's cards are worth with all of them open,
against what deals are worth on average.

A deal's **double-dummy value** is the makers' best result in the objective
when they choose their trump making with every card open (accept or refuse,
the discard, lone play: the clairvoyant choice of
:func:`altbaumer.hidden.table.perfect_information_table`) and both sides then
play double dummy. It depends on the cards alone, not on how well anyone
played, so it measures the luck of the deal, as backgammon programs measure
the luck of the dice: the deal's **luck** for the makers is its value minus
the average value of a random deal at the same score, and the defenders'
luck is the opposite (the objectives ``match`` and ``net`` are zero-sum
between the two teams).

The average comes from a sample of random deals (:class:`LuckBaseline`). The
value of a deal is the best of the outcomes its lines can reach, so the
sample keeps, for each deal, only the set of outcome codes its lines reach (a
bitmask over :data:`~altbaumer.hidden.objectives.CODES`); the average at any
score and for any objective is then a small sum over the sets. The package
ships a baseline of 20,000 deals (``luck.json``, made by
``benchmarks/luck_baseline.py``).

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.objectives import objective_for
>>> goal = objective_for("net")
>>> deal = Deal.from_seed(4)
>>> value = deal_value(deal, goal)
>>> round(deal_luck(deal, goal) - (value - shipped_baseline().average(goal)), 12)
0.0
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Mapping, Optional

import numpy as np

from altbaumer.dd.solver import Solver, using_solver
from altbaumer.errors import AltbaumerError, WrongPhase
from altbaumer.game.deal import Deal
from altbaumer.game.actions import Phase
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.hidden.objectives import CODES, Objective
from altbaumer.hidden.making import LONE_NOBODY, all_lines, worlds_of_deal

__all__ = ["LuckBaseline", "reachable_codes", "deal_value", "deal_luck", "build_baseline", "shipped_baseline",
           "LUCK_FILE", "LUCK_OBJECTIVES"]

LUCK_FILE = "luck.json"
"""The shipped baseline, beside this module."""
LUCK_OBJECTIVES = ("match", "net")
"""The objectives in which one team's luck is the other's bad luck."""
_Z95 = 1.959964
_LONE_CODE = np.array([0 if k == LONE_NOBODY else LONE_FLAG for k in range(3)], dtype=np.int64)


@dataclass(frozen=True)
class LuckBaseline:
    """How often each set of reachable outcome codes (a bitmask) came up
    among ``deals`` random deals (``Deal.from_seed(seed)`` for the seeds
    ``first_seed`` on)."""

    counts: Mapping[int, int]
    deals: int
    first_seed: int

    def _values(self, goal: Objective) -> tuple[np.ndarray, np.ndarray]:
        masks = np.array(sorted(self.counts), dtype=np.int64)
        weights = np.array([self.counts[m] for m in masks], dtype=np.float64)
        return np.array([_best(int(m), goal) for m in masks]), weights

    def average(self, goal: Objective) -> float:
        """The makers' mean double-dummy value of a random deal in ``goal``."""
        values, weights = self._values(goal)
        return float(values @ weights / weights.sum())

    def ci95(self, goal: Objective) -> float:
        """The half-width of the 95% interval of :meth:`average`."""
        values, weights = self._values(goal)
        mean = values @ weights / weights.sum()
        variance = ((values - mean) ** 2) @ weights / max(self.deals - 1, 1)
        return float(_Z95 * math.sqrt(variance / self.deals))

    def to_dict(self) -> dict[str, Any]:
        return {"format": "altbaumer-luck-baseline", "version": 1, "deals": self.deals, "first_seed": self.first_seed,
                "rule": "per deal, the outcome codes (the makers' fewest tricks of each score class its trump-making "
                        "lines reach double dummy, +8 when alone) as a bitmask; counts of deals by mask",
                "counts": {str(m): c for m, c in sorted(self.counts.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "LuckBaseline":
        counts = {int(m): int(c) for m, c in data["counts"].items()}
        if sum(counts.values()) != data["deals"] or any(not 0 < m < 1 << CODES for m in counts):
            raise AltbaumerError("a luck baseline whose counts do not add up to its deals")
        return cls(counts, int(data["deals"]), int(data["first_seed"]))


def _best(mask: int, goal: Objective) -> float:
    return max(float(goal.values[code]) for code in range(CODES) if mask >> code & 1)


def reachable_codes(deal: Deal, solver: Optional[Solver] = None) -> int:
    """The outcome codes the lines of trump making of ``deal`` (every card
    known, waiting for forehand's turn) reach double dummy, as a bitmask.
    Each line is solved by the makers' score class, which decides the
    deal's points and so every objective: its code is the fewest tricks of
    the class (:func:`altbaumer.hidden.making.solve_lines`)."""
    if deal.phase is not Phase.TRUMP:
        raise WrongPhase(f"the luck of a deal is taken before forehand's turn, not in the {deal.phase.value} phase")
    hands, stock = worlds_of_deal(deal)
    mask = 0
    for branch in all_lines(hands, stock, deal.dealer, solver=solver, exact=False):
        for group in branch.groups:
            codes = group.tricks[0].astype(np.int64) + _LONE_CODE  # (options, lone choices)
            for code in np.unique(codes):
                mask |= 1 << int(code)
    return mask


def deal_value(deal: Deal, goal: Objective, solver: Optional[Solver] = None) -> float:
    """The makers' double-dummy value of ``deal`` in ``goal``: the best
    outcome their trump making can reach with every card open."""
    return _best(reachable_codes(deal, solver), goal)


def deal_luck(deal: Deal, goal: Objective, baseline: Optional[LuckBaseline] = None,
              solver: Optional[Solver] = None) -> float:
    """The makers' luck in ``deal``: its double-dummy value less the average
    of ``baseline`` (default: the shipped one), in ``goal``'s unit."""
    return deal_value(deal, goal, solver) - (baseline or shipped_baseline()).average(goal)


def build_baseline(deals: int, first_seed: int = 0, solver: Optional[Solver] = None,
                   progress: Optional[Callable[[int], None]] = None) -> LuckBaseline:
    """A baseline of the ``deals`` random deals ``Deal.from_seed(first_seed)``
    on; ``progress`` is called with each deal done."""
    counts: dict[int, int] = {}
    with using_solver(solver, threads=1) as owned:
        for seed in range(first_seed, first_seed + deals):
            mask = reachable_codes(Deal.from_seed(seed), owned)
            counts[mask] = counts.get(mask, 0) + 1
            if progress is not None:
                progress(1)
    return LuckBaseline(counts, deals, first_seed)


@lru_cache(maxsize=1)
def shipped_baseline() -> LuckBaseline:
    """The baseline that ships with the package (20,000 deals)."""
    text = resources.files("altbaumer.hidden").joinpath(LUCK_FILE).read_text(encoding="utf-8")
    return LuckBaseline.from_dict(json.loads(text))
