"""The score-aware equity table: one step of its fixed point (docs/equity.md,
Score-aware rates).

A table says what each outcome of a deal is worth at each score; players who
rate their decisions and cards by it then play each score as it deserves
(alone for the round, or safe for three tricks); their outcome rates, score
by score, make the next table. :func:`rebuild` takes one step: it groups the
scores of ``table`` by the shape of their outcome values
(:func:`~altbaumer.game.score_groups.group_scores`), simulates each group at
its most played score with players who rate by ``table``
(:func:`~altbaumer.play.outcomes.estimate_class_outcomes`), and builds the
table of those rates, with how far it moved from ``table``. Steps are
repeated until it moves no more than its noise: :attr:`Movement.settled`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any, Callable, Optional, Sequence

import numpy as np

from altbaumer.game.equity import EquityTable, RateClass
from altbaumer.game.match_state import MatchState
from altbaumer.game.score_groups import ScoreGroups, group_scores
from altbaumer.play.cluster import Scheduler
from altbaumer.play.outcomes import DEFAULT_SAMPLES, OutcomeCounts, estimate_class_outcomes, policy_description
from altbaumer.play.resume import ResumeLog

__all__ = ["Movement", "Rebuild", "rebuild", "class_deals", "movement", "DEFAULT_CLASSES", "REBUILD_DEALS"]

DEFAULT_CLASSES = 8
"""Score classes of a rebuild: the start, a round down, the decider's like and
five smaller groups (docs/equity.md)."""
REBUILD_DEALS = 16_000
"""Deals of a rebuild step: some 18 minutes on two cores with realistic play."""
_NOISE_SHARE = 0.05  # states beyond their interval by chance alone, at 95%


@dataclass(frozen=True)
class Movement:
    """How far a table moved from the one before, over the ``states`` a match
    plays: N-S's match equity by ``largest`` at the most (at ``largest_at``),
    ``mean`` on average, and ``beyond`` states by more than their noise (the
    two tables' 95% half-widths together)."""

    largest: float
    largest_at: MatchState
    mean: float
    beyond: int
    states: int

    @property
    def settled(self) -> bool:
        """No more states moved beyond their noise than chance alone moves (5%)."""
        return self.beyond <= _NOISE_SHARE * self.states

    def to_dict(self) -> dict[str, Any]:
        return {"largest": round(self.largest, 6), "largest_at": self.largest_at.describe(),
                "mean": round(self.mean, 6), "beyond_noise": self.beyond, "states": self.states,
                "settled": self.settled}


@dataclass(frozen=True)
class Rebuild:
    """A rebuild step: the new table, the groups it simulated, their counts
    and how far the table moved; ``complete`` unless Ctrl-C cut it short."""

    table: EquityTable
    groups: ScoreGroups
    counts: list[OutcomeCounts]
    moved: Movement
    complete: bool
    seconds: float


def class_deals(total: int, share: Sequence[float]) -> list[int]:
    """``total`` deals over the classes: half of them equally, half by each
    class's share of a match's deals, so that no class is left with few.

    >>> class_deals(1000, [0.7, 0.2, 0.1])
    [517, 267, 216]
    """
    wanted = np.array([total * (0.5 / len(share) + 0.5 * s / sum(share)) for s in share])
    deals = np.floor(wanted).astype(int)
    for c in np.argsort(deals - wanted)[: total - int(deals.sum())]:  # the largest remainders first
        deals[c] += 1
    return [int(d) for d in deals]


def movement(new: EquityTable, old: EquityTable) -> Movement:
    """How far ``new`` moved from ``old`` over the states a match plays."""
    played = new.occupancy() > 0
    change = np.abs(new.match - old.match)[played]
    noise = np.sqrt(new.match_ci95**2 + old.match_ci95**2)[played]
    at = int(np.flatnonzero(played)[int(np.argmax(change))])
    return Movement(float(change.max()), new.states[at], float(change.mean()), int((change > noise).sum()),
                    int(played.sum()))


def rebuild(table: EquityTable, deals: int = REBUILD_DEALS, classes: int = DEFAULT_CLASSES, seed: int = 0,
            samples: int = DEFAULT_SAMPLES, play: str = "realistic", processes: int = 1,
            progress: Optional[Callable[[int], None]] = None, partial_on_interrupt: bool = False,
            scheduler: Optional[Scheduler] = None, resume: Optional[ResumeLog] = None,
            command: str = "") -> Rebuild:
    """One step from ``table``: ``deals`` simulated deals over ``classes``
    classes of scores, decided and played by players who rate by ``table`` at
    their class's score (``play`` and ``samples`` as in
    :func:`~altbaumer.play.outcomes.estimate_outcomes`). Ctrl-C as there: with
    ``partial_on_interrupt`` a class left without deals keeps ``table``'s
    rates at its score, and the step is not ``complete``."""
    if deals < classes:
        raise ValueError(f"a rebuild needs at least a deal for each of its {classes} classes")
    groups = group_scores(table, classes)
    per_class = class_deals(deals, groups.share)
    started = time.perf_counter()
    counts = estimate_class_outcomes(per_class, groups.representatives, seed, samples, "match", table, play,
                                     processes=processes, progress=progress, partial_on_interrupt=partial_on_interrupt,
                                     scheduler=scheduler, resume=resume)
    seconds = time.perf_counter() - started
    rates = [_rates(c, n, rep, table, i) for i, (c, n, rep) in enumerate(zip(counts, per_class,
                                                                               groups.representatives))]
    draft = EquityTable.from_classes(rates, groups.members, table.floor)  # its provenance comes after its figures
    moved = movement(draft, table)
    record = _record(table, groups, counts, moved, seed, samples, play, seconds, processes, command)
    provenance = {"score_aware": True, "policy": record["policy"], "deals": draft.deals,
                  "iterations": record["iteration"], "largest_ci95": _largest_interval(draft),
                  "passes": [*table.provenance.get("passes", []), record]}
    return Rebuild(replace(draft, provenance=provenance), groups, counts, moved, all(c.deals == n for c, n in zip(counts, per_class)), seconds)


def _rates(counts: OutcomeCounts, wanted: int, at: MatchState, table: EquityTable, index: int) -> RateClass:
    name = f"class {index + 1}"
    if counts.deals == 0:  # cut short before any of its deals: the old rates, marked by their 0 deals
        return RateClass(name, at.describe(), table.rate_class(at).probabilities, 0)
    return RateClass(name, at.describe(), tuple(n / counts.deals for n in counts.counts), counts.deals)


def _largest_interval(table: EquityTable) -> float:
    return round(float(table.match_ci95[table.occupancy() > 0].max()), 6)


def _record(table: EquityTable, groups: ScoreGroups, counts: Sequence[OutcomeCounts], moved: Movement, seed: int,
            samples: int, play: str, seconds: float, processes: int, command: str) -> dict[str, Any]:
    """The step as the provenance of its table lists it."""
    deals = sum(c.deals for c in counts)
    return {"iteration": int(table.provenance.get("iterations", 0)) + 1, "score_aware": True, "deals": deals,
            "seed": seed, "samples": samples, "objective": "match", "play": play,
            "policy": policy_description(samples, "match", None, play, at="the score of each class"),
            "classes": [{"rated_at": rep.describe(), "share": round(share, 6), **c.to_dict()}
                        for rep, share, c in zip(groups.representatives, groups.share, counts)],
            "moved": moved.to_dict(), "seconds": round(seconds, 1), "processes": processes,
            "seconds_per_deal": round(seconds / deals, 4) if deals else None,
            "date": datetime.now(timezone.utc).date().isoformat(), "command": command}

