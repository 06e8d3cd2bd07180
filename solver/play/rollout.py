"""The ``altbaumer`` player: PIMC that plays its cards out before it plays them.

:class:`~altbaumer.play.pimc.PimcPolicy` values each option by solving
sampled worlds double dummy, as if every player saw every card once the
choice is made. :class:`RolloutPolicy` values each option by playing those
worlds out instead, every seat choosing from its own knowledge
(:func:`~altbaumer.play.realistic.rate_realistic` with a fixed number of
playouts, the double-dummy values of the same worlds as its control
variate), and takes the best: one step of policy improvement over PIMC, the
rollout of backgammon and Skat programs. It plays out every card with a
choice (``cards``) and, with ``decisions``, the decisions before the play
(accept or refuse, the discard, the lone choices). The ``altbaumer`` player
leaves those decisions to PIMC: played out as well, they won no more
matches in the arena and cost most of the time (docs/arena.md, the
ablation). :data:`ROLLOUT_PLAYERS` names the arena's variants.

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(3)
>>> player = RolloutPolicy(seed=1, decisions=True, decision_playouts=8, decision_samples=20, decision_worlds=6)
>>> type(player.choose(deal.view(deal.to_act))).__name__ in ("Accept", "Refuse")
True
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional

import numpy as np
import numpy.typing as npt

from altbaumer.game.actions import Action, Phase
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import DECISIONS
from altbaumer.play.pimc import DECISION_WORLDS, PimcPolicy
from altbaumer.play.realistic import rate_realistic

__all__ = ["RolloutPolicy", "ROLLOUT_PLAYERS", "DECISION_PLAYOUTS", "DECISION_SAMPLES", "CARD_PLAYOUTS",
           "CARD_SAMPLES"]

DECISION_PLAYOUTS = 64
"""Worlds played out for each option of a decision before the play."""
DECISION_SAMPLES = 200
"""Worlds solved double dummy for each decision: the control variate's mean."""
CARD_PLAYOUTS = 32
"""Worlds played out for each card with a choice (some 35 ms a card on one core)."""
CARD_SAMPLES = 50
"""Worlds solved double dummy for each card with a choice."""
_PLAYERS_IN_PLAYOUTS = 30  # worlds the decisions inside a playout are made over: cheaper than a player's own


class RolloutPolicy(PimcPolicy):
    """:class:`~altbaumer.play.pimc.PimcPolicy` (objective ``match`` by
    default) that rates a decision (with ``decisions``) or a card (with
    ``cards``) by playing ``*_playouts`` of ``*_samples`` worlds out for each
    option, and takes its best mean; the choices it leaves to PIMC are made
    as PIMC makes them. ``decision_worlds`` and ``card_worlds`` are the
    worlds of PIMC's own choices, those it leaves and those of the players
    inside the playouts."""

    def __init__(self, seed: Optional[int] = None, objective: str = "match", *, decisions: bool = False,
                 cards: bool = True, decision_playouts: int = DECISION_PLAYOUTS,
                 decision_samples: int = DECISION_SAMPLES, card_playouts: int = CARD_PLAYOUTS,
                 card_samples: int = CARD_SAMPLES, decision_worlds: int = DECISION_WORLDS,
                 **pimc: Any) -> None:
        super().__init__(seed, objective=objective, decision_worlds=decision_worlds, **pimc)
        self.decisions = decisions
        self.cards = cards
        self.card_budget = (card_playouts, card_samples)
        self.decision_budget = (decision_playouts, decision_samples)

    def choose(self, view: SeatView) -> Action:
        card = view.phase == Phase.PLAY.value
        if DECISIONS.get(view.phase) is None or len(view.legal) == 1 or not (self.cards if card else self.decisions):
            return super().choose(view)
        playouts, samples = self.card_budget if card else self.decision_budget
        rating = rate_realistic(view, objective=self.objective, state=self._state(view), table=self.table,
                                playouts=playouts, samples=samples, exact_limit=samples,
                                seed=self.rng.getrandbits(64), decision_worlds=min(self.decision_worlds,
                                                                                   _PLAYERS_IN_PLAYOUTS),
                                card_worlds=self.card_worlds, solver=self.solver, engine=self.engine)
        return self.take_top(view, rating)

    def compiled_play(self, view: SeatView) -> Optional[tuple[npt.NDArray[np.float64], int, int]]:
        """None when the cards are played out: the compiled PIMC player
        cannot play them so (the decisions' playouts are still compiled)."""
        return None if self.cards else super().compiled_play(view)


ROLLOUT_PLAYERS: dict[str, Callable[[Optional[int]], RolloutPolicy]] = {
    "altbaumer": RolloutPolicy,
    "altbaumer-all": partial(RolloutPolicy, decisions=True),
    "altbaumer-decisions": partial(RolloutPolicy, decisions=True, cards=False),
}
"""The ``altbaumer`` player (the cards played out, the decisions as PIMC) and
the variants of the ablation: the decisions played out too, or only they."""
