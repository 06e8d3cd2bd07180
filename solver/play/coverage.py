"""How honest the intervals of realistic ratings are: their coverage, measured.

A realistic rating (:func:`~altbaumer.play.realistic.rate_realistic`) gives
each option's P(match) and each Δ a 95% interval. Over many seeded
decisions, each rated at the default effort is set against a reference: the
same decision rated with another seed and twenty times the playouts. An
honest interval covers the reference about 95% of the time (a little less:
the reference has noise of its own, a twentieth of the variance).

The decisions cycle through every kind: forehand's accept or refuse, its
discard, its lone choice, the partner's after forehand passed, and a card
(the lead to the second trick), each from its own seeded deal played up to
it by the heuristic player.

>>> views = list(seeded_decisions(5, seed=1))
>>> [DECISIONS[v.phase] for v in views]
['turn', 'discard', 'alone', 'alone', 'play']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from altbaumer.game.actions import Accept, DeclareAlone, Phase
from altbaumer.game.deal import Deal
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import DECISIONS, Rating, partner_view
from altbaumer.play.engine import Engine
from altbaumer.play.policies import HeuristicPolicy
from altbaumer.play.realistic import rate_realistic

__all__ = ["KINDS", "seeded_decisions", "Coverage", "interval_coverage", "variance_reductions"]

KINDS = ("turn", "discard", "alone", "alone:partner", "play")
REFERENCE_TIMES = 20


def seeded_decisions(count: int, seed: int = 0) -> Iterator[SeatView]:
    """``count`` decisions, the kinds in turn (:data:`KINDS`), each the view
    of the seat to decide in a deal of its own seed."""
    for number in range(count):
        kind = KINDS[number % len(KINDS)]
        deal = Deal.from_seed(seed * 100_003 + number)
        player = HeuristicPolicy(number)
        if kind != "turn":
            deal.apply(Accept() if kind != "play" else player.choose(deal.view(deal.forehand)))
        if kind in ("alone", "alone:partner", "play"):
            deal.apply(player.choose(deal.view(deal.forehand)))
        if kind == "alone:partner":
            deal.apply(DeclareAlone(False))
        if kind == "play":
            while deal.phase is not Phase.PLAY or len(deal.tricks) < 1:
                deal.apply(player.choose(deal.view(deal.to_act)))  # type: ignore[arg-type]
        view = deal.view(deal.to_act)  # type: ignore[arg-type]
        yield partner_view(view) if kind == "alone:partner" else view


@dataclass
class Coverage:
    """How often the intervals covered the reference: of each option's
    P(match), and of each Δ against the top option (by kind of decision)."""

    equity: dict[str, list[bool]] = field(default_factory=dict)
    delta: dict[str, list[bool]] = field(default_factory=dict)
    playouts: list[int] = field(default_factory=list)

    def rate(self, which: str) -> float:
        covered = [c for kind in getattr(self, which).values() for c in kind]
        return sum(covered) / len(covered) if covered else 1.0

    def count(self, which: str) -> int:
        return sum(len(kind) for kind in getattr(self, which).values())

    def by_kind(self, which: str) -> dict[str, tuple[int, int]]:
        return {kind: (sum(c), len(c)) for kind, c in getattr(self, which).items()}


def variance_reductions(decisions: int, seed: int = 0, samples: int = 10_000) -> dict[str, list[float]]:
    """By kind of decision, the variance reduction of every Δ of ``decisions``
    seeded ratings at the default effort (how many times more playouts the
    same interval would have cost without the double-dummy worlds)."""
    found: dict[str, list[float]] = {}
    with Engine() as engine:
        for number, view in enumerate(seeded_decisions(decisions, seed)):
            rating = rate_realistic(view, seed=2 * number, samples=samples, engine=engine)
            assert rating.playouts is not None  # a realistic rating says how it played out
            found.setdefault(KINDS[number % len(KINDS)], []).extend(rating.playouts.variance_reduction.values())
    return found


def interval_coverage(decisions: int, seed: int = 0, samples: int = 10_000,
                      progress: Optional[Callable[[int], None]] = None) -> Coverage:
    """The coverage of ``decisions`` seeded decisions' intervals at the
    default effort against references of twenty times the playouts."""
    found = Coverage()
    with Engine() as engine:
        for number, view in enumerate(seeded_decisions(decisions, seed)):
            kind = KINDS[number % len(KINDS)]
            rating = rate_realistic(view, seed=2 * number, samples=samples, engine=engine)
            reference = rate_realistic(view, seed=2 * number + 1, samples=samples, engine=engine,
                                       playouts=REFERENCE_TIMES * rating.worlds)
            _compare(rating, reference, found.equity.setdefault(kind, []), found.delta.setdefault(kind, []))
            found.playouts.append(rating.worlds)
            if progress is not None:
                progress(number + 1)
    return found


def _compare(rating: Rating, reference: Rating, equity: list[bool], delta: list[bool]) -> None:
    top = next(o for o in rating.options if o.delta == 0.0 and o.delta_ci95 == 0.0)
    for option in rating.options:
        other = reference.option(option.option)
        equity.append(abs((option.equity or 0.0) - (other.equity or 0.0)) <= (option.ci95["equity"] or 0.0) + 1e-12)
        if option is not top:
            truth = other.delta - reference.option(top.option).delta
            delta.append(abs(option.delta - truth) <= option.delta_ci95 + 1e-12)
