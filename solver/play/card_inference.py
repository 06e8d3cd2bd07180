"""The worlds of a rating weighed by the cards the other seats chose.

:class:`CardPlayWeigher` is the likelihood model that
:mod:`altbaumer.hidden.weighting` draws a rating's worlds again by: each world
as a row for the compiled engine (the rater's own row, the world's hands put
in), and its log-likelihood under the project's PIMC player with a softmax
(:meth:`altbaumer.play.engine.Engine.log_likelihoods`,
:class:`~altbaumer.play.engine.CardInference`). Every world's model seats
draw their own worlds from the same seed, so worlds differ in their
likelihood by their cards alone. The same model weighs the worlds of the
``pimc-match-infer`` player's cards.

>>> from altbaumer.game.actions import Accept, DeclareAlone
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.rating import rate_view
>>> deal = Deal.from_seed(5)
>>> deal.apply(Accept()); deal.apply(deal.legal_actions()[0])
>>> deal.apply(DeclareAlone(False)); deal.apply(DeclareAlone(False))
>>> for _ in range(3):
...     deal.apply(deal.legal_actions()[0])
>>> with Engine(threads=1) as engine:
...     rating = rate_view(deal.view(deal.to_act), objective="net", samples=200, exact_limit=0, seed=1, threads=1,
...                        weigh=CardPlayWeigher(engine))
>>> rating.weighting.weighed, rating.weighting.drawn == rating.worlds <= 200
(200, True)
"""

from __future__ import annotations

import numpy as np

from altbaumer.game.view import SeatView
from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.worlds import Worlds
from altbaumer.play.engine import CardInference, Engine, seat_values, view_row

__all__ = ["CardPlayWeigher", "INFER_CARDS"]

INFER_CARDS = False
"""Whether ``altbaumer rate`` weighs the worlds by the cards played unless
told (``--infer-cards``): off, for the player that weighs them so won no
more matches than over the same worlds unweighted (docs/arena.md)."""


class CardPlayWeigher:
    """A :data:`~altbaumer.hidden.weighting.WorldWeigher` on ``engine``,
    with the player model ``model``."""

    def __init__(self, engine: Engine, model: CardInference = CardInference()) -> None:
        self.engine = engine
        self.model = model

    def __call__(self, view: SeatView, worlds: Worlds, objective: Objective, seed: int) -> np.ndarray:
        rows = np.repeat(view_row(view)[None, :], len(worlds), axis=0)
        rows[:, :4] = worlds.hands
        key = int(np.random.default_rng([seed, 31]).integers(2**63))
        return self.engine.log_likelihoods(rows, seat_values(objective), np.full(len(worlds), int(view.seat)),
                                           np.full(len(worlds), key, dtype=np.uint64), self.model)
