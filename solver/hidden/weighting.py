"""Worlds weighted by the likelihood of what the other seats chose, and drawn again by weight.

A world in which the other seats' cards were poor choices is less likely
than one in which they were good ones. A likelihood model (the play wing's,
:class:`altbaumer.play.card_inference.CardPlayWeigher`: the project's own
PIMC player with a softmax over its cards' values) gives each world a
log-likelihood; the worlds are then drawn again in proportion to it
(sampling-importance-resampling), as many as the weights are worth: their
effective sample size, Kish's (Σw)²/Σw². The ratings then treat the drawn
worlds as a sample like any other, and their intervals rest on about as many
worlds as the weighting left (the verdict needs
:data:`~altbaumer.hidden.inference.ENOUGH` of them).

>>> import numpy as np
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.hidden.worlds import sample_worlds
>>> deal = Deal.from_seed(4)
>>> worlds = sample_worlds(InfoSet.from_view(deal.view(deal.forehand)), 100, np.random.default_rng(0))
>>> log_weights = np.where(np.arange(100) < 25, 0.0, -50.0)  # a quarter of the worlds likely, the rest not
>>> drawn, weighting = resample(worlds, log_weights, seed=1)
>>> weighting.effective, len(drawn), drawn.exact
(25.0, 25, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from altbaumer.game.view import SeatView
from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.worlds import Worlds

__all__ = ["CardWeighting", "WorldWeigher", "resample", "effective_size", "others_chose"]

WorldWeigher = Callable[[SeatView, Worlds, Objective, int], np.ndarray]
"""``weigh(view, worlds, objective, seed)``: each world's log-likelihood of
what the other seats chose in the view's record (0 for all when they chose
nothing), under a model of the players valuing outcomes by ``objective``."""


@dataclass(frozen=True)
class CardWeighting:
    """What the weighting by the cards played did: ``weighed`` worlds, worth
    ``effective`` independent ones (Kish's effective sample size of their
    weights), of which ``drawn`` were drawn again by weight to be rated."""

    weighed: int
    effective: float
    drawn: int

    def to_dict(self) -> dict[str, Any]:
        return {"weighed": self.weighed, "effective": round(self.effective, 1), "drawn": self.drawn}


def others_chose(view: SeatView) -> bool:
    """Another seat has played a card the view has seen: there is a record
    to weigh the worlds by (the seat rated is the one to act, so every card
    played so far but one a trick of its own is another seat's)."""
    return view.trump is not None and bool(view.tricks or view.trick_cards)


def effective_size(log_weights: np.ndarray) -> float:
    """Kish's effective sample size (Σw)²/Σw² of weights given as logarithms."""
    weights = np.exp(log_weights - log_weights.max())
    return float(weights.sum() ** 2 / (weights ** 2).sum())


def resample(worlds: Worlds, log_weights: np.ndarray, seed: int) -> tuple[Worlds, CardWeighting]:
    """``worlds`` drawn again in proportion to ``exp(log_weights)``, as many
    as their effective sample size (rounded, at least one), by systematic
    resampling in a shuffled order (a rating plays out its first worlds:
    they must be a fair sample too). Worlds that all weigh the same come
    back as they were."""
    effective = effective_size(log_weights)
    if np.ptp(log_weights) == 0.0:
        return worlds, CardWeighting(len(worlds), float(len(worlds)), len(worlds))
    rng = np.random.default_rng([seed, 29])
    weights = np.exp(log_weights - log_weights.max())
    count = max(1, int(round(effective)))
    edges = np.cumsum(weights / weights.sum())
    edges[-1] = 1.0
    picks = np.searchsorted(edges, (rng.random() + np.arange(count)) / count, side="right")
    picks = rng.permutation(np.minimum(picks, len(worlds) - 1))
    drawn = Worlds(worlds.hands[picks], worlds.stock[picks], worlds.out[picks], exact=False, total=worlds.total)
    return drawn, CardWeighting(len(worlds), effective, count)
