"""Inference from forehand's choices: keep the worlds in which the project's own advice would have chosen as forehand did.

Every other seat saw forehand accept or refuse, and pass or go alone; forehand
also chose a discard it did not show. The uniform worlds ignore what those
choices reveal: after a refusal, a forehand holding three trumps of the
turned suit is as likely as any other, although the tool would have told it
to accept. Here each world is rebuilt as a deal
(:func:`~altbaumer.hidden.world_deals.deal_of_world`), forehand's choices are
replayed from its own view in that world, each rated over a few worlds of its
own (``model_worlds``, the project's own advice with the same objective), and
a world is kept when the advice agrees with every choice forehand made, or
else with probability :data:`ERR` (a forehand may err). This is rejection
sampling from the likelihood of the choices under the project's policy, the
policy-based inference of Skat programs; the kept worlds are a sample, no
longer an enumeration.

It costs a rating of each of forehand's choices in every world drawn: some
3 to 8 ms a world, and more worlds are drawn than are kept, so it is off by
default (``rate --infer``; docs/rating.md, Inference).

>>> from altbaumer.game.actions import Refuse
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.hidden.worlds import sample_worlds
>>> import numpy as np
>>> deal = Deal.from_seed(4)
>>> deal.apply(Refuse())
>>> view = deal.view(deal.forehand.partner)  # forehand discards next; its partner saw the refusal
>>> worlds = sample_worlds(InfoSet.from_view(view), 20, np.random.default_rng(0))
>>> kept = consistent_worlds(view, worlds, "net", None, None, seed=1, model_worlds=6)
>>> len(kept) <= 20 and not kept.exact
True
"""

from __future__ import annotations

import random
from typing import Callable, Optional

import numpy as np

from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Refuse
from altbaumer.game.deal import Deal
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import Worlds

__all__ = ["consistent_worlds", "forehand_choices", "ERR", "MODEL_WORLDS"]

ERR = 0.05
"""The chance that a world where the advice disagrees with forehand is kept all the same."""
MODEL_WORLDS = 8
"""Worlds each of forehand's choices is rated over, in every world."""

Rate = Callable[..., object]


def forehand_choices(view: SeatView) -> int:
    """How many of forehand's choices ``view.seat`` has seen and can infer from
    (0 for forehand itself, which knows its own hand)."""
    if view.seat is view.forehand or view.accepted is None:
        return 0
    return 1 + (view.phase not in (Phase.TRUMP.value, Phase.DISCARD.value)) + (
        view.forehand in view.lone_passed or view.lone is view.forehand)


def consistent_worlds(view: SeatView, worlds: Worlds, objective: str, state: Optional[MatchState],
                      table: Optional[EquityTable], *, seed: int = 0, model_worlds: int = MODEL_WORLDS) -> Worlds:
    """The worlds of ``view`` in which forehand's public choices (and its
    hidden discard) are the project's advice, or kept by :data:`ERR`; all of
    them when the view has seen no choice of forehand's."""
    if not forehand_choices(view):
        return worlds
    rng = random.Random(f"altbaumer-infer:{seed}")
    keep = np.array([_agrees(view, deal_of_world(view, worlds, i, rng), objective, state, table, rng, model_worlds)
                     or rng.random() < ERR for i in range(len(worlds))], dtype=bool)
    return Worlds(worlds.hands[keep], worlds.stock[keep], worlds.out[keep], exact=False, total=worlds.total)


def _agrees(view: SeatView, world: Deal, objective: str, state: Optional[MatchState],
            table: Optional[EquityTable], rng: random.Random, model_worlds: int) -> bool:
    """Forehand's recorded choices in ``world``, replayed from the start, are each the advice."""
    from altbaumer.hidden.rating import option_name, rate_view  # the rating imports this module

    replay = Deal.from_hands(world.dealer, {s: world.dealt_hand(s) for s in SEATS}, world.stock, world.cut_trees,
                             world.cut_seen)
    made = _forehand_actions(view, world)
    for action in made:
        seat = replay.to_act
        if seat is replay.forehand:
            forehand_view = replay.view(seat)
            rating = rate_view(forehand_view, objective=objective, state=state, table=table, samples=model_worlds,
                               exact_limit=model_worlds, seed=rng.getrandbits(32), prune=False)
            if option_name(action) not in {o.option for o in rating.top_options()}:
                return False
        replay.apply(action)
    return True


def _forehand_actions(view: SeatView, world: Deal) -> list[Action]:
    """The actions up to forehand's last choice the view has seen: the turn,
    the discard (the world's), the lone declarations."""
    actions: list[Action] = [Accept() if view.accepted else Refuse()]
    if view.phase in (Phase.TRUMP.value, Phase.DISCARD.value) or world.discards is None:
        return actions
    actions.append(Discard(tuple(world.discards)))
    if view.forehand in view.lone_passed or view.lone is view.forehand:
        actions.append(DeclareAlone(view.lone is view.forehand))
    return actions
