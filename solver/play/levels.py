"""The playing levels of the table where a person plays the computer: 1 (weakest) to 5.

Level 5 is the ``altbaumer`` player (:class:`~altbaumer.play.rollout.RolloutPolicy`,
the strongest in the arena) and level 4 is ``pimc-match``. Levels 1 to 3
are weakened as strong programs weaken their players (gnubg's levels):
fewer worlds, and Gaussian noise added to each option's value before the
best is taken (:class:`NoisyPimcPolicy`). No level ever sees a hidden card:
each decides from its :class:`~altbaumer.game.view.SeatView` alone, as
every player does, so a weaker level errs the way a weaker person errs, by
misjudging, not by cheating or by playing at random. Each level is a player
of the arena by name (``level-1`` … ``level-5``, :data:`LEVELS`), so that
``altbaumer arena level-2 level-3`` measures the ladder
(benchmarks/level_ladder.py).

>>> level_player(2), LEVEL_SETTINGS[1].sigma
('level-2', 0.2)
>>> level_player(6)
Traceback (most recent call last):
...
altbaumer.errors.AltbaumerError: no playing level 6: choose a level from 1 (weakest) to 5 (strongest)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Callable, Optional

from altbaumer.dd.solver import Solver
from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Action, Phase
from altbaumer.game.equity import EquityTable
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import DECISIONS, Rating, legal_option, pick_among, rate_view
from altbaumer.play.pimc import PimcPolicy

__all__ = ["LEVELS", "LEVEL_MIN", "LEVEL_MAX", "DEFAULT_LEVEL", "LevelSettings", "LEVEL_SETTINGS",
           "NoisyPimcPolicy", "NOISY_LEVEL_PLAYERS", "level_player", "noisy_pick"]

LEVEL_MIN = 1
LEVEL_MAX = 5
DEFAULT_LEVEL = 5
"""The table offers the strongest player unless the person asks for less."""
LEVELS: dict[int, str] = {level: f"level-{level}" for level in range(LEVEL_MIN, LEVEL_MAX + 1)}
"""Each level's player, by its name in :data:`~altbaumer.play.players.POLICIES`:
``level-4`` is made as ``pimc-match`` is, ``level-5`` as ``altbaumer``."""
_TIE = 1e-12  # values this close are one value summed in another order (as Rating.top_options takes them)


@dataclass(frozen=True)
class LevelSettings:
    """How a weakened level rates its choices: ``sigma``, the standard
    deviation of the Gaussian noise added to each option's value (in the
    chance to win the match, 0 to 1), and the worlds it rates each decision
    before the play (``decision_worlds``) and each card (``card_worlds``)
    over.

    >>> LevelSettings(sigma=0.1, decision_worlds=10, card_worlds=4).sigma
    0.1
    """

    sigma: float
    decision_worlds: int
    card_worlds: int

    def __post_init__(self) -> None:
        if self.sigma < 0 or self.decision_worlds < 1 or self.card_worlds < 1:
            raise ValueError(f"a level needs sigma >= 0 and at least one world: {self}")


LEVEL_SETTINGS: dict[int, LevelSettings] = {
    # sigma against what the choices are worth: a card or a decision that
    # matters moves the chance to win the match by some 0.02 to 0.15, so 0.20
    # blurs most of them (a beginner's misjudgements), 0.08 the closer ones
    # and 0.03 only the near ties. Fewer worlds add the sampling's own noise
    # (PIMC plays at 50 worlds a decision and 12 a card).
    1: LevelSettings(sigma=0.20, decision_worlds=10, card_worlds=4),
    2: LevelSettings(sigma=0.08, decision_worlds=20, card_worlds=6),
    3: LevelSettings(sigma=0.03, decision_worlds=30, card_worlds=8),
}
"""The settings of the levels weakened by noise (levels 4 and 5 are the
full players, without noise)."""


def level_player(level: int) -> str:
    """The name of the player of ``level`` (:data:`LEVELS`), for
    :func:`~altbaumer.play.players.make_policy`; a one-line
    :class:`~altbaumer.errors.AltbaumerError` for a level out of range.

    >>> level_player(5)
    'level-5'
    """
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise AltbaumerError(f"no playing level {level!r}: choose a level from {LEVEL_MIN} (weakest) "
                             f"to {LEVEL_MAX} (strongest)")
    return LEVELS[level]


def noisy_pick(rating: Rating, sigma: float, rng: random.Random) -> str:
    """The option a noisy player takes: each option's value for the deciding
    side (its :attr:`~altbaumer.hidden.option_figures.SideFigures.delta`,
    the objective it gives up against the top option on the same worlds:
    with the ``match`` objective, a difference of chances to win the match)
    plus a draw of N(0, ``sigma``), the best of those. Only the options
    solved in every world compete, as in :meth:`Rating.top_options`. With
    ``sigma`` 0 no noise is drawn and the choice is exactly
    :meth:`Rating.pick_top`'s with the same ``rng``.

    >>> from altbaumer.game.deal import Deal
    >>> deal = Deal.from_seed(4)
    >>> rating = rate_view(deal.view(deal.forehand), samples=30, exact_limit=30, seed=1)
    >>> noisy_pick(rating, 0.0, random.Random(2)) == rating.pick_top(random.Random(2))
    True
    >>> noisy_pick(rating, 0.2, random.Random(2)) in ("accept", "refuse")
    True
    """
    options = [o.option for o in rating.options if o.worlds == rating.worlds]
    values = [rating.for_decider(name).delta for name in options]
    if sigma > 0:
        # One draw per option in the rating's order: the same seed gives the same choice.
        values = [value + rng.gauss(0.0, sigma) for value in values]
    best = max(values)
    top = sorted(name for name, value in zip(options, values) if value >= best - _TIE)
    # Only exact ties remain with sigma 0 (noise breaks them otherwise): settled as the players settle them.
    return pick_among(top, [o.option for o in rating.options], rating.decision, rng)


class NoisyPimcPolicy(PimcPolicy):
    """``pimc-match`` weakened: every choice with more than one legal option
    is rated from the seat's own view with
    :func:`~altbaumer.hidden.rating.rate_view` (``decision_worlds`` worlds
    for accept or refuse, the discard and lone play, ``card_worlds`` for a
    card, all of them when there are no more), each option's value blurred by
    Gaussian noise of standard deviation ``sigma`` in the chance to win the
    match, and the best blurred option taken (:func:`noisy_pick`); the cut is
    the heuristic's. The objective is the match's, so the player keeps
    :meth:`set_score`, which the match calls before each deal. The cards are
    rated in Python (not by the compiled player, which takes the top option
    without the figures the noise needs): a few milliseconds a card. The
    rating's seeds, the noise and the draws between exact ties all come from
    ``seed``.

    >>> from altbaumer.game.deal import Deal
    >>> deal = Deal.from_seed(3)
    >>> player = NoisyPimcPolicy(seed=1, sigma=0.08, decision_worlds=20, card_worlds=6)
    >>> type(player.choose(deal.view(deal.to_act))).__name__ in ("Accept", "Refuse")
    True
    """

    def __init__(self, seed: Optional[int] = None, sigma: float = 0.0, decision_worlds: int = 20,
                 card_worlds: int = 6, solver: Optional[Solver] = None, table: Optional[EquityTable] = None,
                 keep_ratings: bool = False) -> None:
        LevelSettings(sigma, decision_worlds, card_worlds)  # the same checks as a level's settings
        # compiled=False: the simulation then asks choose() for every card (compiled_play is None), so the
        # noise reaches the cards too instead of the engine playing the rest of the deal noiselessly.
        super().__init__(seed, objective="match", decision_worlds=decision_worlds, card_worlds=card_worlds,
                         solver=solver, compiled=False, table=table, keep_ratings=keep_ratings)
        self.sigma = sigma

    @classmethod
    def at_level(cls, level: int, seed: Optional[int] = None) -> "NoisyPimcPolicy":
        """The player of ``level`` (1 to 3: :data:`LEVEL_SETTINGS`).

        >>> NoisyPimcPolicy.at_level(3, seed=1).sigma
        0.03
        """
        if level not in LEVEL_SETTINGS:
            raise AltbaumerError(f"level {level!r} is not a noisy level: choose one of "
                                 f"{', '.join(map(str, LEVEL_SETTINGS))}")
        settings = LEVEL_SETTINGS[level]
        return cls(seed, sigma=settings.sigma, decision_worlds=settings.decision_worlds,
                   card_worlds=settings.card_worlds)

    def choose(self, view: SeatView) -> Action:
        if DECISIONS.get(view.phase) is None or len(view.legal) == 1:
            return super().choose(view)  # the cut (the heuristic's) or no choice at all
        worlds = self.card_worlds if view.phase == Phase.PLAY.value else self.decision_worlds
        rating = rate_view(view, objective=self.objective, state=self._state(view), table=self.table,
                           samples=worlds, exact_limit=worlds, seed=self.rng.getrandbits(64), solver=self.solver)
        if self.keep_ratings:
            self.last_rating = rating
        return legal_option(view, noisy_pick(rating, self.sigma, self.rng))


NOISY_LEVEL_PLAYERS: dict[str, Callable[[Optional[int]], NoisyPimcPolicy]] = {
    LEVELS[level]: partial(NoisyPimcPolicy.at_level, level) for level in LEVEL_SETTINGS
}
"""The makers of levels 1 to 3 by name; :mod:`altbaumer.play.players`
adds levels 4 and 5 (the makers of ``pimc-match`` and ``altbaumer``)."""
