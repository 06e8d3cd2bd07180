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

from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Action, Phase
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import DECISIONS, option_name, rate_view
from altbaumer.play.policies import HeuristicPolicy

__all__ = ["PimcPolicy", "DECISION_WORLDS", "CARD_WORLDS"]

DECISION_WORLDS = 50
"""Worlds per accept-or-refuse, discard and lone decision: some 25 ms on one core."""
CARD_WORLDS = 12
"""Worlds per card with a choice: some 2 ms."""
_TT_MIB = 2.0


class PimcPolicy:
    """Each decision and card the best option of a rating from the seat's own
    view (``objective``: ``net`` or ``match``) over a few sampled worlds (all
    of them when there are no more); the rating's seeds come from ``seed``."""

    def __init__(self, seed: Optional[int] = None, objective: str = "net", decision_worlds: int = DECISION_WORLDS,
                 card_worlds: int = CARD_WORLDS, solver: Optional[Solver] = None) -> None:
        self.rng = random.Random(seed)
        self.objective = objective
        self.decision_worlds = decision_worlds
        self.card_worlds = card_worlds
        self.score: Optional[MatchState] = None
        self._cut = HeuristicPolicy(self.rng.getrandbits(64))
        # Made on first use unless shared: a policy may travel to a worker process first.
        self._solver: Optional[Solver] = solver

    def set_score(self, state: MatchState) -> None:
        """The score before the coming deal (the match objective rates from it)."""
        self.score = state

    def choose(self, view: SeatView) -> Action:
        if DECISIONS.get(view.phase) is None:  # the cut
            return self._cut.choose(view)
        if len(view.legal) == 1:
            return view.legal[0]
        worlds = self.card_worlds if view.phase == Phase.PLAY.value else self.decision_worlds
        state = self.score if self.objective == "match" else None
        if state is not None and state.makers is not view.forehand.team:
            state = None  # a score for another deal: rate as the first deal of a match rather than wrongly
        rating = rate_view(view, objective=self.objective, state=state, samples=worlds, exact_limit=worlds,
                           seed=self.rng.getrandbits(64), solver=self.solver)
        return next(a for a in view.legal if option_name(a) == rating.best.option)

    @property
    def solver(self) -> Solver:
        if self._solver is None:
            self._solver = Solver(_TT_MIB, threads=1)  # one search thread: the arena's processes are the parallelism
        return self._solver

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_solver": None}  # a solver's tables stay in their process
