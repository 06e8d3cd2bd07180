"""Many decisions rated as numbered work (:func:`altbaumer.play.ranges.run_ranges`),
so that ``altbaumer rate`` of a file of many boards runs on worker processes
or a Dask cluster with the ratings it gives in one process.

>>> from altbaumer.game.deal import Deal
>>> views = [Deal.from_seed(seed).view(Deal.from_seed(seed).forehand) for seed in (1, 2)]
>>> [(i, r.decision) for i, r in rate_range(views, [None, None], {"samples": 20}, 0, 2)]
[(0, 'turn'), (1, 'turn')]
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from altbaumer.dd.solver import Solver
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import Rating, rate_view
from altbaumer.play.card_inference import CardPlayWeigher
from altbaumer.play.engine import Engine
from altbaumer.play.realistic import rate_realistic

__all__ = ["rate_range"]


def rate_range(views: Sequence[SeatView], states: Sequence[Optional[MatchState]], options: Mapping[str, Any],
               start: int, stop: int) -> list[tuple[int, Rating]]:
    """The ratings of ``views[start:stop]``, each from the score before its
    deal, by :func:`~altbaumer.hidden.rating.rate_view` with ``options``
    (objective, samples, seed, exact_limit, infer, tricks; ``infer_cards``
    weighs the worlds by the cards played: :class:`CardPlayWeigher`), on one thread;
    with ``playouts`` and ``effort`` in ``options`` realistically
    (:func:`~altbaumer.play.realistic.rate_realistic`, the double-dummy
    rating beside). Each comes with its index in ``views``: a job stopped
    part way knows which views it rated."""
    settings = dict(options)
    realistic = "effort" in settings
    infer_cards = settings.pop("infer_cards", False)
    out: list[tuple[int, Rating]] = []
    with Solver(threads=1) as solver, Engine(threads=1) as engine:
        settings["weigh"] = CardPlayWeigher(engine) if infer_cards else None
        for index, view, state in zip(range(start, stop), views[start:stop], states[start:stop]):
            if realistic:
                out.append((index, rate_realistic(view, state=state, solver=solver, engine=engine, **settings)))
            else:
                out.append((index, rate_view(view, state=state, solver=solver, **settings)))
    return out
