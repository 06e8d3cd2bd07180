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

It costs a rating of each of forehand's choices in every world drawn (some
20 to 40 ms a world), and more worlds are drawn than are kept, so it is off
by default (``rate --infer``; docs/rating.md, Inference). What it did is
kept as an :class:`Inference`: the worlds drawn, kept, and kept because the
advice agreed; a rating on fewer than :data:`ENOUGH` kept worlds gives no
verdict.

>>> from altbaumer.game.actions import Refuse
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.hidden.worlds import sample_worlds
>>> import numpy as np
>>> deal = Deal.from_seed(4)
>>> deal.apply(Refuse())
>>> view = deal.view(deal.forehand.partner)  # forehand discards next; its partner saw the refusal
>>> worlds = sample_worlds(InfoSet.from_view(view), 20, np.random.default_rng(0))
>>> kept, inference = consistent_worlds(view, worlds, "net", None, None, seed=1, model_worlds=6)
>>> len(kept) == inference.kept <= inference.drawn == 20, kept.exact, inference.enough
(True, False, False)
>>> print(nothing_to_infer(deal.view(deal.forehand)))
forehand decides here, and it knows its own hand: there is nothing to infer
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Refuse
from altbaumer.game.deal import Deal
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import Worlds

__all__ = ["consistent_worlds", "forehand_choices", "nothing_to_infer", "Inference", "InferenceProgress", "ERR",
           "MODEL_WORLDS", "ENOUGH"]

ERR = 0.05
"""The chance that a world where the advice disagrees with forehand is kept all the same."""
MODEL_WORLDS = 8
"""Worlds each of forehand's choices is rated over, in every world."""
ENOUGH = 30
"""The fewest kept worlds a rating gives a verdict on. Below it the normal
95% intervals behind ★ and the marks are not to be trusted (the usual
threshold of the central limit theorem), and a chance is known to ±18% at
best: the figures are shown, the verdict is not."""

Rate = Callable[..., object]
InferenceProgress = Callable[[int, int, int], None]
"""``progress(drawn, kept, asked)`` after each world examined."""


@dataclass(frozen=True)
class Inference:
    """What an inference did: of the ``asked`` worlds drawn uniformly it
    examined ``drawn`` (all of them unless Ctrl-C stopped it) and kept
    ``kept``, ``agreed`` of them because the advice made every one of
    forehand's choices (the rest by the chance :data:`ERR` of an error).

    The kept worlds are independent draws from the worlds as inferred, each
    counting once, so their effective sample size is the number kept; it is
    what the rating's intervals rest on, and the verdict needs
    :data:`ENOUGH` of it."""

    asked: int
    drawn: int
    kept: int
    agreed: int

    @property
    def complete(self) -> bool:
        """Every world asked for was examined."""
        return self.drawn == self.asked

    @property
    def effective(self) -> int:
        """The effective sample size: Kish's (Σw)²/Σw² over the kept worlds'
        weights, which rejection sampling leaves all equal, so the number kept."""
        return self.kept

    @property
    def enough(self) -> bool:
        """Enough worlds were kept for a verdict (:data:`ENOUGH`)."""
        return self.effective >= ENOUGH

    def samples_for_enough(self) -> Optional[int]:
        """About how many worlds to draw to keep :data:`ENOUGH` at the rate
        this inference kept them (None when it kept none)."""
        return math.ceil(ENOUGH * self.drawn / self.kept / 100) * 100 if self.kept else None

    def to_dict(self) -> dict[str, object]:
        return {"asked": self.asked, "drawn": self.drawn, "kept": self.kept, "agreed": self.agreed,
                "effective": self.effective, "enough": self.enough, "min_effective": ENOUGH}


def forehand_choices(view: SeatView) -> int:
    """How many of forehand's choices ``view.seat`` has seen and can infer from
    (0 for forehand itself, which knows its own hand)."""
    if view.seat is view.forehand or view.accepted is None:
        return 0
    return 1 + (view.phase not in (Phase.TRUMP.value, Phase.DISCARD.value)) + (
        view.forehand in view.lone_passed or view.lone is view.forehand)


def nothing_to_infer(view: SeatView) -> Optional[str]:
    """Why inference cannot apply to ``view``'s decision, or None when it can."""
    if view.seat is view.forehand:
        return "forehand decides here, and it knows its own hand: there is nothing to infer"
    if not forehand_choices(view):
        return "forehand has made no choice yet (it accepts or refuses first): there is nothing to infer"
    return None


def consistent_worlds(view: SeatView, worlds: Worlds, objective: str, state: Optional[MatchState],
                      table: Optional[EquityTable], *, seed: int = 0, model_worlds: int = MODEL_WORLDS,
                      progress: Optional[InferenceProgress] = None,
                      partial_on_interrupt: bool = False) -> tuple[Worlds, Inference]:
    """The worlds of ``view`` in which forehand's public choices (and its
    hidden discard) are the project's advice, or kept by :data:`ERR`, and
    what the inference did. ``progress(drawn, kept, asked)`` follows it.
    Ctrl-C propagates, or with ``partial_on_interrupt`` the worlds kept so
    far are returned (the inference then not complete; it still propagates
    when none was kept). An :class:`~altbaumer.errors.AltbaumerError` when
    the view has seen no choice of forehand's (:func:`nothing_to_infer`)."""
    reason = nothing_to_infer(view)
    if reason is not None:
        raise AltbaumerError(f"inference: {reason}")
    rng = random.Random(f"altbaumer-infer:{seed}")
    keep = np.zeros(len(worlds), dtype=bool)
    agreed = drawn = 0
    try:
        for i in range(len(worlds)):
            agrees = _agrees(view, deal_of_world(view, worlds, i, rng), objective, state, table, rng, model_worlds)
            keep[i] = agrees or rng.random() < ERR
            agreed += agrees
            drawn = i + 1
            if progress is not None:
                progress(drawn, int(keep[:drawn].sum()), len(worlds))
    except KeyboardInterrupt:
        if not partial_on_interrupt or not keep.any():
            raise
    kept = Worlds(worlds.hands[keep], worlds.stock[keep], worlds.out[keep], exact=False, total=worlds.total)
    return kept, Inference(len(worlds), drawn, len(kept), agreed)


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
