"""Players for the arena that differ from ``pimc-match`` only in the equity
table they rate by: the score-aware table's gain measured in matches won.

``UniformRates`` rates by the table of the last pass whose rates are the same
at every score, rebuilt from that pass's counts in the provenance of the
table installed (so no second data file is needed). ``pimc-match`` rates by
the installed table. Run from the repository::

    PYTHONPATH=benchmarks altbaumer arena pimc-match equity_players:UniformRates -n 2000 --seed 21

The arena's result then says how often a player who knows what each outcome
is worth at each score beats one who plays every score with the rates of
the start of a match.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from altbaumer.game.equity import OUTCOMES, EquityTable, shipped_table
from altbaumer.play.pimc import PimcPolicy


@lru_cache(maxsize=1)
def uniform_table() -> EquityTable:
    """The table of the last pass of the installed table's provenance that
    was not score-aware: its five counts, at every score."""
    passes = shipped_table().provenance.get("passes", [])
    last = next(p for p in reversed(passes) if not p.get("score_aware"))
    counts = [last["outcomes"][o] for o in OUTCOMES]
    return EquityTable.from_counts(counts, provenance={"passes": passes[: passes.index(last) + 1]})


class UniformRates(PimcPolicy):
    """``pimc-match`` rating by :func:`uniform_table`."""

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed, objective="match", table=uniform_table())
