"""Every player by name: the shipped policies, and any class of one's own as ``module:Class``.

======================  =====================================================
``random``              uniform over the legal actions
``heuristic``           simple, sensible play (:class:`HeuristicPolicy`)
``pimc-points``         every choice rated from its own knowledge, for net deal points
``pimc-match``          the same, for the chance to win the match
``pimc-match-infer``    pimc-match whose worlds for a card weigh the
                        likelihood of the cards the others chose
                        (:class:`~altbaumer.play.engine.CardInference`)
``pimc-match-endgame``  pimc-match that solves the last two tricks as a
                        game of hidden cards (:mod:`altbaumer.hidden.endgame`)
``altbaumer``           pimc-match that plays each card out before it
                        plays it (:mod:`altbaumer.play.rollout`);
                        ``altbaumer-all`` plays the decisions before the
                        play out too, ``altbaumer-decisions`` only them
``level-N``             the table's playing level N, 1 (weakest) to 5:
                        1 to 3 pimc-match with fewer worlds and noise on
                        its values (:mod:`altbaumer.play.levels`),
                        4 ``pimc-match``, 5 ``altbaumer``
``module:Class``        ``Class(seed)`` from an importable ``module``, which
                        must have a ``choose(view) -> Action`` method
``openspiel:…``         an OpenSpiel bot (``openspiel:ismcts[:N]``,
                        ``openspiel:random``, ``openspiel:module:function``;
                        the ``openspiel`` extra: :mod:`altbaumer.openspiel_bots`)
======================  =====================================================

>>> type(make_policy("pimc-match", seed=1)).__name__, make_policy("pimc-match").objective
('PimcPolicy', 'match')
>>> type(make_policy("altbaumer.play.policies:RandomPolicy", seed=2)).__name__
'RandomPolicy'
>>> [type(make_policy(f"level-{level}", seed=3)).__name__ for level in (1, 4, 5)]
['NoisyPimcPolicy', 'PimcPolicy', 'RolloutPolicy']
"""

from __future__ import annotations

import importlib
from functools import partial
from typing import Any, Callable, Optional, Protocol, runtime_checkable

from altbaumer.errors import AltbaumerError
from altbaumer.game.match_state import MatchState
from altbaumer.hidden.endgame import TRICKS_LEFT
from altbaumer.play.engine import CardInference
from altbaumer.play.levels import NOISY_LEVEL_PLAYERS
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.policies import HeuristicPolicy, Policy, RandomPolicy
from altbaumer.play.rollout import ROLLOUT_PLAYERS

__all__ = ["POLICIES", "make_policy", "check_policy_name", "ScoreAware", "tell_score"]

_PIMC_MATCH = partial(PimcPolicy, objective="match")

POLICIES: dict[str, Callable[[Optional[int]], Policy]] = {
    "random": RandomPolicy,
    "heuristic": HeuristicPolicy,
    "pimc-points": partial(PimcPolicy, objective="net"),
    "pimc-match": _PIMC_MATCH,
    "pimc-match-infer": partial(PimcPolicy, objective="match", infer=CardInference()),
    "pimc-match-endgame": partial(PimcPolicy, objective="match", endgame=TRICKS_LEFT),
    **ROLLOUT_PLAYERS,
    # The table's levels (altbaumer.play.levels.LEVELS): the top two are the full players under a level's name.
    **NOISY_LEVEL_PLAYERS,
    "level-4": _PIMC_MATCH,
    "level-5": ROLLOUT_PLAYERS["altbaumer"],
}


@runtime_checkable
class ScoreAware(Protocol):
    """A policy that wants the score before each deal (the match tells it)."""

    def set_score(self, state: MatchState) -> None: ...


def tell_score(policy: Policy, state: MatchState) -> None:
    """Give ``policy`` the score before the coming deal, if it wants it."""
    if isinstance(policy, ScoreAware):
        policy.set_score(state)


OPENSPIEL = "openspiel:"
OPENSPIEL_MISSING = "the OpenSpiel players need the openspiel extra: pip install 'altbaumer[openspiel]'"


def make_policy(name: str, seed: Optional[int] = None) -> Policy:
    """A policy by name (:data:`POLICIES`), as ``module:Class`` or ``openspiel:…``."""
    if name.startswith(OPENSPIEL):
        return _openspiel(name)(name[len(OPENSPIEL):], seed)
    if ":" in name:
        return _imported(name)(seed)
    try:
        return POLICIES[name](seed)
    except KeyError:
        raise AltbaumerError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)}, or module:Class)") from None


def check_policy_name(name: str) -> str:
    """``name`` if :func:`make_policy` can make it, else a one-line error."""
    if name.startswith(OPENSPIEL):
        _openspiel(name)(name[len(OPENSPIEL):], 0)
    elif ":" in name:
        _imported(name)
    elif name not in POLICIES:
        raise AltbaumerError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)}, or module:Class)")
    return name


def _imported(name: str) -> Callable[[Optional[int]], Policy]:
    module_name, _, attribute = name.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        raise AltbaumerError(f"policy {name!r}: cannot import it ({error})") from None
    if not callable(found) or not callable(getattr(found, "choose", None)):
        raise AltbaumerError(f"policy {name!r} is not a class with a choose(view) method")
    return found


def _openspiel(name: str) -> Callable[..., Any]:
    """The maker of OpenSpiel players, a plug-in found by name like ``module:Class``
    (it needs OpenSpiel, which this wing does not)."""
    try:
        module = importlib.import_module("altbaumer.openspiel_bots")
    except ImportError:
        raise AltbaumerError(f"{name}: {OPENSPIEL_MISSING}") from None
    return module.openspiel_policy
