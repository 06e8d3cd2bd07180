"""Decisions rated by realistic play: every seat plays each world out from its own knowledge.

The double-dummy rating (:func:`~altbaumer.hidden.rating.rate_view`) lets
every player see all cards once the decision is made, which flatters the
makers, marches most of all, and playing together more than playing alone
(issue 13's measurements). Here each option is valued instead by playing
each world out: the world rebuilt as a whole deal
(:func:`~altbaumer.hidden.world_deals.deal_of_world`), the option applied,
and then every decision and card of all four seats made by
:class:`~altbaumer.play.pimc.PimcPolicy` from that seat's own view. Every
option is played on the same worlds with the same players' seeds, so the
options' differences are measured on common random numbers, and the 95%
intervals, over the worlds, include the noise of the playouts.

A playout takes some 40 to 80 ms on one core, so a decision with two options
over 100 worlds takes 8 to 16 s (docs/rating.md, Realistic play).

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(4)
>>> rating = rate_realistic(deal.view(deal.forehand), playouts=2, seed=1, decision_worlds=6, card_worlds=3)
>>> rating.decision, [o.option for o in rating.options], rating.worlds
('turn', ['accept', 'refuse'], 2)
"""

from __future__ import annotations

import random
from typing import Callable, Optional

import numpy as np

from altbaumer.dd.solver import Solver, using_solver
from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Action, DeclareAlone, Phase, Play
from altbaumer.game.arguments import count, seed_argument
from altbaumer.game.deal import Deal
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.scoring import outcome_code
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.rating import Rating, decision_objective, option_name, rate_options
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import worlds_for
from altbaumer.play.pimc import CARD_WORLDS, DECISION_WORLDS, PimcPolicy
from altbaumer.play.simulate import play_deal

__all__ = ["rate_realistic", "DEFAULT_PLAYOUTS"]

DEFAULT_PLAYOUTS = 100
"""Worlds played out per option."""

Progress = Callable[[int, int], None]


def rate_realistic(view: SeatView, *, objective: str = "match", state: Optional[MatchState] = None,
                   table: Optional[EquityTable] = None, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0,
                   decision_worlds: int = DECISION_WORLDS, card_worlds: int = CARD_WORLDS,
                   progress: Optional[Progress] = None, partial_on_interrupt: bool = False,
                   solver: Optional[Solver] = None, tricks: bool = False) -> Rating:
    """Rate the decision ``view.seat`` faces now by ``playouts`` worlds played
    out realistically (the module docstring), with the objective, score and
    table as :func:`~altbaumer.hidden.rating.rate_view` takes them; the
    players rate their own choices over ``decision_worlds`` and
    ``card_worlds`` worlds. ``progress(done, total)`` follows the worlds;
    Ctrl-C as in ``rate_view``. The mean tricks played out are given with
    ``tricks``, as ``rate_view`` gives them (else None)."""
    decision, goal, assumed = decision_objective(view, objective, state, table, "rate_realistic")
    if count(playouts, "playouts", "rate_realistic") < 2:
        raise AltbaumerError(f"realistic play needs at least 2 playouts, not {playouts}")
    seed = seed_argument(seed, "rate_realistic")
    worlds = worlds_for(InfoSet.from_view(view), 0, playouts, seed)
    actions = _options(view)
    codes = np.full((len(worlds), len(actions)), -1, dtype=np.int8)
    done = 0
    with using_solver(solver, tt_mib=2.0, threads=1) as shared:
        try:
            for i in range(len(worlds)):
                start = deal_of_world(view, worlds, i)
                for j, action in enumerate(actions):
                    codes[i, j] = _played_out(start, action, goal.state, objective, (seed, i),
                                              decision_worlds, card_worlds, shared)
                done = i + 1
                if progress is not None:
                    progress(done, len(worlds))
        except KeyboardInterrupt:
            if done < 2 or not partial_on_interrupt:
                raise
    maker = view.seat.team is view.forehand.team
    options = rate_options([str(option_name(a)) for a in actions], codes[:done], goal, maker, exact=False,
                           tricks=tricks)
    return Rating(decision, view.seat, maker, objective, done, worlds.total, False, done == len(worlds), options,
                  goal.state, assumed, play="realistic")


def _options(view: SeatView) -> list[Action]:
    """The legal actions in the order the double-dummy rating lists its
    options: together before alone, the cards by index."""
    if view.phase == Phase.LONE.value:
        return sorted(view.legal, key=lambda a: isinstance(a, DeclareAlone) and a.alone)
    if view.phase == Phase.PLAY.value:
        return sorted(view.legal, key=lambda a: a.card.index if isinstance(a, Play) else 0)
    return list(view.legal)


def _played_out(start: Deal, action: Action, state: Optional[MatchState], objective: str, key: tuple[int, int],
                decision_worlds: int, card_worlds: int, solver: Solver) -> int:
    """The outcome code once ``action`` is taken in ``start`` and every seat plays the rest from its own view."""
    deal = start.copy()
    deal.apply(action)
    players = {}
    for seat in SEATS:
        player = PimcPolicy(random.Random(f"altbaumer-playout:{key[0]}:{key[1]}:{int(seat)}").getrandbits(64),
                            objective="match" if objective == "match" else "net", decision_worlds=decision_worlds,
                            card_worlds=card_worlds, solver=solver)
        if state is not None:
            player.set_score(state)
        players[seat] = player
    play_deal(deal, players)
    return outcome_code(deal.makers_tricks, deal.lone is not None)
