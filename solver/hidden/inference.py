"""Inference from forehand's choices: each world weighed by how likely the project's own advice makes them in it.

Every other seat saw forehand accept or refuse, and pass or go alone; forehand
also chose a discard it did not show. The uniform worlds ignore what those
choices reveal: after a refusal, a forehand holding three trumps of the
turned suit is as likely as any other, although the tool would have told it
to accept. Here each world is rebuilt as a deal
(:func:`~altbaumer.hidden.world_deals.deal_of_world`), forehand's choices are
replayed from its own view in that world, each rated over a few worlds of its
own (``model_worlds``, the project's own advice with the same objective), and
the world weighs the likelihood of every choice forehand made under a softmax
of its options' mean values: P(option) ∝ exp(mean / τ), τ = :data:`TEMPERATURE`
× the objective's stake (its best outcome of a deal less its worst). The
worlds are then drawn again by weight, as many as the weights are worth
(:func:`~altbaumer.hidden.weighting.resample`): the policy-based inference of
Skat programs. The drawn worlds are a sample, no longer an enumeration.

It costs a rating of each of forehand's choices in every world drawn (some
20 to 40 ms a world), so it is off by default (``rate --infer``;
docs/rating.md, Inference). What it did is kept as an :class:`Inference`:
the worlds drawn, how many of them the advice agrees with, what they are
worth (the effective sample size) and how many were drawn by weight; a
rating worth fewer than :data:`ENOUGH` worlds gives no verdict.

>>> from altbaumer.game.actions import Refuse
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.hidden.worlds import sample_worlds
>>> import numpy as np
>>> deal = Deal.from_seed(4)
>>> deal.apply(Refuse())
>>> view = deal.view(deal.forehand.partner)  # forehand discards next; its partner saw the refusal
>>> worlds = sample_worlds(InfoSet.from_view(view), 20, np.random.default_rng(0))
>>> kept, inference = inferred_worlds(view, worlds, "net", None, None, seed=1, model_worlds=6)
>>> len(kept) == inference.kept == round(inference.effective) <= inference.drawn == 20, kept.exact
(True, False)
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
from altbaumer.hidden.objectives import objective_for
from altbaumer.hidden.weighting import effective_size, resample
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import Worlds

__all__ = ["inferred_worlds", "forehand_choices", "nothing_to_infer", "Inference", "InferenceProgress",
           "TEMPERATURE", "MODEL_WORLDS", "ENOUGH"]

TEMPERATURE = 0.05
"""The softmax's temperature as a share of the objective's stake: an option
that gives up a twentieth of the stake is e times less likely than the best.
The same share as the card play's model
(:data:`altbaumer.play.engine.TEMPERATURE`)."""
MODEL_WORLDS = 8
"""Worlds each of forehand's choices is rated over, in every world."""
ENOUGH = 30
"""The fewest kept worlds a rating gives a verdict on. Below it the normal
95% intervals behind ★ and the marks are not to be trusted (the usual
threshold of the central limit theorem), and a chance is known to ±18% at
best: the figures are shown, the verdict is not."""

Rate = Callable[..., object]
InferenceProgress = Callable[[int, int, int], None]
"""``progress(drawn, worth, asked)`` after each world examined: ``worth``
is the effective sample size of the worlds weighed so far, rounded."""


@dataclass(frozen=True)
class Inference:
    """What an inference did: of the ``asked`` worlds drawn uniformly it
    weighed ``drawn`` (all of them unless Ctrl-C stopped it), the advice
    making every one of forehand's choices in ``agreed`` of them; their
    weights are worth ``effective`` independent worlds (Kish's effective
    sample size), and ``kept`` were drawn again by weight to be rated, as
    many as that. The rating's intervals rest on them, and the verdict
    needs :data:`ENOUGH`."""

    asked: int
    drawn: int
    kept: int
    agreed: int
    effective: float

    @property
    def complete(self) -> bool:
        """Every world asked for was examined."""
        return self.drawn == self.asked

    @property
    def enough(self) -> bool:
        """The worlds are worth enough for a verdict (:data:`ENOUGH`)."""
        return self.effective >= ENOUGH

    def samples_for_enough(self) -> Optional[int]:
        """About how many worlds to draw to be worth :data:`ENOUGH` at the
        rate of this inference (None when its worlds are worth nothing)."""
        return math.ceil(ENOUGH * self.drawn / self.effective / 100) * 100 if self.effective else None

    def to_dict(self) -> dict[str, object]:
        return {"asked": self.asked, "drawn": self.drawn, "kept": self.kept, "agreed": self.agreed,
                "effective": round(self.effective, 1), "enough": self.enough, "min_effective": ENOUGH}


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


def inferred_worlds(view: SeatView, worlds: Worlds, objective: str, state: Optional[MatchState],
                    table: Optional[EquityTable], *, seed: int = 0, model_worlds: int = MODEL_WORLDS,
                    progress: Optional[InferenceProgress] = None,
                    partial_on_interrupt: bool = False) -> tuple[Worlds, Inference]:
    """The worlds of ``view`` drawn again by the likelihood of forehand's
    public choices (and its hidden discard) under the project's advice, and
    what the inference did. ``progress(drawn, worth, asked)`` follows it.
    Ctrl-C propagates, or with ``partial_on_interrupt`` the worlds weighed
    so far are drawn from (the inference then not complete; it still
    propagates when none was weighed). An
    :class:`~altbaumer.errors.AltbaumerError` when the view has seen no
    choice of forehand's (:func:`nothing_to_infer`)."""
    reason = nothing_to_infer(view)
    if reason is not None:
        raise AltbaumerError(f"inference: {reason}")
    rng = random.Random(f"altbaumer-infer:{seed}")
    tau = TEMPERATURE * _stake(objective, state or MatchState.start(view.forehand.team), table)
    logs = np.zeros(len(worlds))
    agreed = drawn = 0
    try:
        for i in range(len(worlds)):
            logs[i], agrees = _likelihood(view, deal_of_world(view, worlds, i, rng), objective, state, table, rng,
                                          model_worlds, tau)
            agreed += agrees
            drawn = i + 1
            if progress is not None:
                progress(drawn, round(effective_size(logs[:drawn])), len(worlds))
    except KeyboardInterrupt:
        if not partial_on_interrupt or not drawn:
            raise
    weighed = Worlds(worlds.hands[:drawn], worlds.stock[:drawn], worlds.out[:drawn], exact=False, total=worlds.total)
    kept, weighting = resample(weighed, logs[:drawn], seed)
    return kept, Inference(len(worlds), drawn, len(kept), agreed, weighting.effective)


def _likelihood(view: SeatView, world: Deal, objective: str, state: Optional[MatchState],
                table: Optional[EquityTable], rng: random.Random, model_worlds: int,
                tau: float) -> tuple[float, bool]:
    """The log-likelihood of forehand's recorded choices in ``world``,
    replayed from the start, each rated from forehand's view, under a
    softmax at temperature ``tau``; and whether each is a top option of its
    rating (the advice)."""
    from altbaumer.hidden.rating import option_name, rate_view  # the rating imports this module

    replay = Deal.from_hands(world.dealer, {s: world.dealt_hand(s) for s in SEATS}, world.stock, world.cut_trees,
                             world.cut_seen)
    total, agrees = 0.0, True
    for action in _forehand_actions(view, world):
        if replay.to_act is replay.forehand:
            rating = rate_view(replay.view(replay.forehand), objective=objective, state=state, table=table,
                               samples=model_worlds, exact_limit=model_worlds, seed=rng.getrandbits(32), prune=False)
            # A softmax of the options' means: each loss against the top (0 for the top itself) over τ.
            losses = np.array([rating.loss(o.option) for o in rating.options]) / tau
            total += -rating.loss(option_name(action)) / tau - math.log(np.exp(-losses).sum())  # type: ignore[arg-type]
            agrees = agrees and option_name(action) in {o.option for o in rating.top_options()}
        replay.apply(action)
    return total, agrees


def _stake(objective: str, state: MatchState, table: Optional[EquityTable]) -> float:
    """The objective's best outcome of a deal less its worst (at ``state`` for the match)."""
    return float(np.ptp(objective_for(objective, state if objective == "match" else None, table).values))


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
