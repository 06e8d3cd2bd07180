"""Players that decide every card and decision from their own knowledge.

A :class:`PimcPolicy` rates each choice it faces with
:func:`~altbaumer.hidden.rating.rate_view` over a few worlds of its own
information set (perfect-information Monte Carlo, as bridge and Euchre
programs play) and takes the best option: accept or refuse, the discard and
lone play over ``decision_worlds`` worlds, each card over ``card_worlds``.
It sees only its :class:`~altbaumer.game.view.SeatView`, so it cannot cheat;
the cut is the heuristic's (take the Trees). Two objectives make two players:
``pimc-points`` (expected net deal points) and
``pimc-match`` (the chance to win the match, from the score the match tells
it before each deal: :meth:`PimcPolicy.set_score`).

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(3)
>>> player = PimcPolicy(seed=1, decision_worlds=20, card_worlds=6)
>>> type(player.choose(deal.view(deal.to_act))).__name__ in ("Accept", "Refuse")
True
"""

from __future__ import annotations

import random
from typing import Optional

import numpy as np
import numpy.typing as npt

from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Action, Phase, Play
from altbaumer.game.cards import Card
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team
from altbaumer.game.view import SeatView
from altbaumer.hidden.objectives import objective_for
from altbaumer.hidden.rating import DECISIONS, Rating, choose_top, legal_option, rate_view
from altbaumer.play.engine import Engine, seat_values, view_row
from altbaumer.play.policies import HeuristicPolicy

__all__ = ["PimcPolicy", "DECISION_WORLDS", "CARD_WORLDS"]

DECISION_WORLDS = 50
"""Worlds per accept-or-refuse, discard and lone decision: some 25 ms on one core."""
CARD_WORLDS = 12
"""Worlds per card with a choice: some 20 µs compiled, 2 ms rated in Python."""
_TT_MIB = 2.0


class PimcPolicy:
    """Each decision and card the option with the best mean objective in a
    rating from the seat's own view (``objective``: ``net`` or ``match``)
    over a few sampled worlds (all of them when there are no more), never the
    display's ★ (:meth:`~altbaumer.hidden.rating.Rating.pick_top`); the
    rating's seeds and the draw between exact ties come from ``seed``.

    The cards are chosen by the compiled player (:mod:`altbaumer.play.engine`),
    which makes the same choice from the same worlds; ``compiled=False``
    rates them with :func:`~altbaumer.hidden.rating.rate_view` instead, the
    readable reference. Each choice is the one
    :meth:`~altbaumer.hidden.rating.Rating.pick_top` of its rating takes
    (:func:`~altbaumer.hidden.rating.choose_top` makes it without the
    rating's figures); ``keep_ratings`` keeps the whole rating of the last
    choice as :attr:`last_rating`."""

    def __init__(self, seed: Optional[int] = None, objective: str = "net", decision_worlds: int = DECISION_WORLDS,
                 card_worlds: int = CARD_WORLDS, solver: Optional[Solver] = None, compiled: bool = True,
                 table: Optional[EquityTable] = None, keep_ratings: bool = False) -> None:
        self.rng = random.Random(seed)
        self.keep_ratings = keep_ratings
        self.objective = objective
        self.table = table
        self.decision_worlds = decision_worlds
        self.card_worlds = card_worlds
        self.compiled = compiled
        self.score: Optional[MatchState] = None
        self._cut = HeuristicPolicy(self.rng.getrandbits(64))
        self.last_rating: Optional[Rating] = None
        """With ``keep_ratings``, the rating of the last choice made by rating (for inspection)."""
        # Made on first use unless shared: a policy may travel to a worker process first.
        self._solver: Optional[Solver] = solver
        self._engine: Optional[Engine] = None
        self._values: dict[tuple[Optional[MatchState], Team], npt.NDArray[np.float64]] = {}

    def set_score(self, state: MatchState) -> None:
        """The score before the coming deal (the match objective rates from it)."""
        self.score = state

    def choose(self, view: SeatView) -> Action:
        if DECISIONS.get(view.phase) is None:  # the cut
            return self._cut.choose(view)
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase == Phase.PLAY.value and self.compiled:
            card = self.engine.choose([view_row(view)], self.card_values(view), [self.rng.getrandbits(64)],
                                      self.card_worlds)[0]
            return Play(Card.from_index(int(card)))
        worlds = self.card_worlds if view.phase == Phase.PLAY.value else self.decision_worlds
        settings = dict(objective=self.objective, state=self._state(view), table=self.table, samples=worlds,
                        exact_limit=worlds, seed=self.rng.getrandbits(64), solver=self.solver)
        if self.keep_ratings:
            return self.take_top(view, rate_view(view, **settings))  # type: ignore[arg-type]
        return legal_option(view, choose_top(view, self.rng, **settings))  # type: ignore[arg-type]

    def take_top(self, view: SeatView, rating: Rating) -> Action:
        """The action of the rating's top option (:meth:`Rating.pick_top`),
        the rating kept as :attr:`last_rating` with ``keep_ratings``."""
        if self.keep_ratings:
            self.last_rating = rating
        return legal_option(view, rating.pick_top(self.rng))

    def card_values(self, view: SeatView) -> npt.NDArray[np.float64]:
        """The seat's value of every outcome code of this deal (its objective
        at the score, in the makers' terms), the same for every seat's row."""
        state = self._state(view)
        key = (state, view.forehand.team)
        if key not in self._values:
            at = (state or MatchState.start(view.forehand.team)) if self.objective == "match" else None
            self._values[key] = seat_values(objective_for(self.objective, at, self.table))
        return self._values[key]

    def compiled_play(self, view: SeatView) -> Optional[tuple[npt.NDArray[np.float64], int, int]]:
        """What the engine needs to play this player's cards for the rest of
        the deal: its values of the outcome codes, its worlds per card and a
        seed (None when it rates its cards in Python)."""
        if not self.compiled:
            return None
        return self.card_values(view)[int(view.seat)], self.card_worlds, self.rng.getrandbits(64)

    def _state(self, view: SeatView) -> Optional[MatchState]:
        state = self.score if self.objective == "match" else None
        if state is not None and state.makers is not view.forehand.team:
            return None  # a score for another deal: rate as the first deal of a match rather than wrongly
        return state

    @property
    def solver(self) -> Solver:
        if self._solver is None:
            self._solver = Solver(_TT_MIB, threads=1)  # one search thread: the arena's processes are the parallelism
        return self._solver

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(threads=1, tt_mib=_TT_MIB)
        return self._engine

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_solver": None, "_engine": None}  # tables stay in their process
