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
from altbaumer.hidden.endgame import solve_endgame, tricks_left
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.objectives import Objective, objective_for
from altbaumer.hidden.weighting import others_chose
from altbaumer.hidden.worlds import worlds_for
from altbaumer.hidden.rating import DECISIONS, Rating, choose_top, legal_option, pick_among, rate_view
from altbaumer.play.card_inference import CardPlayWeigher
from altbaumer.play.engine import CardInference, Engine, seat_values, view_row
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
    choice as :attr:`last_rating`.

    With ``infer`` (a :class:`~altbaumer.play.engine.CardInference`) each
    card is chosen over ``infer.candidates`` worlds, each weighted by the
    likelihood of the cards the other seats chose in it under this same
    player: inference from the card play, as Skat programs infer. With
    ``endgame`` (tricks left, the current one included), its cards from
    then on are those of the last tricks solved as a game of hidden cards
    (:func:`~altbaumer.hidden.endgame.solve_endgame`), not double dummy.
    Both need the compiled player."""

    def __init__(self, seed: Optional[int] = None, objective: str = "net", decision_worlds: int = DECISION_WORLDS,
                 card_worlds: int = CARD_WORLDS, solver: Optional[Solver] = None, compiled: bool = True,
                 table: Optional[EquityTable] = None, keep_ratings: bool = False,
                 infer: Optional[CardInference] = None, endgame: Optional[int] = None) -> None:
        if (infer is not None or endgame is not None) and not compiled:
            raise ValueError("only the compiled player infers from the cards played or solves endgames "
                             "(compiled=True)")
        self.rng = random.Random(seed)
        self.infer = infer
        self.endgame = endgame
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
        if view.phase == Phase.PLAY.value and self.endgame is not None and tricks_left(view) <= self.endgame:
            return self._endgame_card(view)
        if view.phase == Phase.PLAY.value and self.compiled:
            worlds = self.card_worlds if self.infer is None else self.infer.candidates
            card = self.engine.choose([view_row(view)], self.card_values(view), [self.rng.getrandbits(64)], worlds,
                                      self.infer)[0]
            return Play(Card.from_index(int(card)))
        worlds = self.card_worlds if view.phase == Phase.PLAY.value else self.decision_worlds
        settings = dict(objective=self.objective, state=self._state(view), table=self.table, samples=worlds,
                        exact_limit=worlds, seed=self.rng.getrandbits(64), solver=self.solver)
        if self.keep_ratings:
            return self.take_top(view, rate_view(view, **settings))  # type: ignore[arg-type]
        return legal_option(view, choose_top(view, self.rng, **settings))  # type: ignore[arg-type]

    def _endgame_card(self, view: SeatView) -> Action:
        """The best card of the last tricks solved as a game of hidden cards
        over its worlds a card (all of them when there are no more), weighed
        by the cards played when the player infers: the worlds PIMC would
        solve double dummy, so that the two differ in the solving alone."""
        seed = self.rng.getrandbits(63)
        worlds = worlds_for(InfoSet.from_view(view), self.card_worlds, self.card_worlds, seed)
        objective = self.objective_of(view)
        weights = None
        if self.infer is not None and others_chose(view):
            logs = CardPlayWeigher(self.engine, self.infer)(view, worlds, objective, seed)
            weights = np.exp(logs - logs.max())
        solution = solve_endgame(view, worlds, objective, weights)
        return legal_option(view, pick_among(solution.best(), list(solution.values), "play", self.rng))

    def take_top(self, view: SeatView, rating: Rating) -> Action:
        """The action of the rating's top option (:meth:`Rating.pick_top`),
        the rating kept as :attr:`last_rating` with ``keep_ratings``."""
        if self.keep_ratings:
            self.last_rating = rating
        return legal_option(view, rating.pick_top(self.rng))

    def card_values(self, view: SeatView) -> npt.NDArray[np.float64]:
        """The seat's value of every outcome code of this deal (its objective
        at the score, in the makers' terms), the same for every seat's row."""
        key = (self._state(view), view.forehand.team)
        if key not in self._values:
            self._values[key] = seat_values(self.objective_of(view))
        return self._values[key]

    def objective_of(self, view: SeatView) -> Objective:
        """The player's objective for this deal: at the score, for the match."""
        state = self._state(view)
        at = (state or MatchState.start(view.forehand.team)) if self.objective == "match" else None
        return objective_for(self.objective, at, self.table)

    def compiled_play(self, view: SeatView) -> Optional[tuple[npt.NDArray[np.float64], int, int]]:
        """What the engine needs to play this player's cards for the rest of
        the deal: its values of the outcome codes, its worlds per card and a
        seed (None when it rates its cards in Python, infers from the cards
        played or solves the endgame, which a whole playout does not)."""
        if not self.compiled or self.infer is not None or self.endgame is not None:
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
