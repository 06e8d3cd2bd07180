"""OpenSpiel's bots as arena players: ``openspiel:ismcts``, ``openspiel:random``
and any bot factory, in ``altbaumer arena`` and ``simulate`` beside the
project's own players (the ``openspiel`` extra).

======================================  ============================================
``openspiel:ismcts``                    OpenSpiel's information-set MCTS (its Python
                                        ``ISMCTSBot``, random rollouts), 100 simulations
``openspiel:ismcts:N``                  the same with ``N`` simulations a decision
``openspiel:random``                    OpenSpiel's uniform random bot
``openspiel:module:function``           ``function(game, player, seed)`` from an
                                        importable ``module``: any ``pyspiel.Bot``
======================================  ============================================

An arena player decides from its seat's view alone
(:class:`~altbaumer.game.view.SeatView`); a bot steps a game state. So at
each of its decisions the player deals one world of its view's unknown cards
(:func:`~altbaumer.hidden.worlds.worlds_for`, uniformly), builds the state of
the ``python_altbaumer`` game at that point and asks the bot; information-set
MCTS resamples the unknown cards itself, from the seat's view again, at every
simulation. The match's score before each deal sets the game's ``score``, so
the bots play for the chance to win the match, as ``pimc-match`` does. A
four-card discard is four of the bot's steps. The cut is left to the rule of
:meth:`Deal.from_seed <altbaumer.game.deal.Deal.from_seed>` (the cutter takes
every Tree offered): a bot decides from forehand's answer to the turned card on.

>>> from altbaumer.game.deal import Deal
>>> player = openspiel_policy("ismcts:20", seed=1)
>>> deal = Deal.from_seed(3)
>>> player.simulations, player.choose(deal.view(deal.to_act)) in deal.legal_actions()
(20, True)
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Optional

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import altbaumer.openspiel  # noqa: F401  (registers python_altbaumer)
from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Action, Phase, TakeTrees
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.numbering import NumberedDeal
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.world_deals import deal_of_world
from altbaumer.hidden.worlds import worlds_for

__all__ = ["openspiel_policy", "OpenSpielPolicy", "DEFAULT_SIMULATIONS"]

DEFAULT_SIMULATIONS = 100
BotFactory = Callable[[Any, int, int], Any]


def openspiel_policy(spec: str, seed: Optional[int] = None) -> "OpenSpielPolicy":
    """The player ``openspiel:SPEC`` names (the table above), seeded."""
    kind, _, rest = spec.partition(":")
    if kind == "ismcts":
        simulations = _simulations(rest, spec)
        return OpenSpielPolicy(lambda game, player, s: _ismcts(game, simulations, s), seed, simulations)
    if kind == "random" and not rest:
        return OpenSpielPolicy(lambda game, player, s: pyspiel.make_uniform_random_bot(player, s), seed)
    if rest:
        return OpenSpielPolicy(_factory(kind, rest, spec), seed)
    raise AltbaumerError(f"unknown OpenSpiel player 'openspiel:{spec}' (openspiel:ismcts[:N], openspiel:random "
                         "or openspiel:module:function)")


def _simulations(text: str, spec: str) -> int:
    if not text:
        return DEFAULT_SIMULATIONS
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1_000_000:
        raise AltbaumerError(f"openspiel:{spec}: the simulations a decision are a number from 1 to 1,000,000")
    return int(text)


def _factory(module_name: str, attribute: str, spec: str) -> BotFactory:
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        raise AltbaumerError(f"openspiel:{spec}: cannot import it ({error})") from None
    if not callable(found):
        raise AltbaumerError(f"openspiel:{spec} is not a function(game, player, seed) making a bot")
    return found


def _ismcts(game: Any, simulations: int, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=simulations,
                            random_state=rng)


class OpenSpielPolicy:
    """A seat played by an OpenSpiel bot (module docstring): one bot a
    player of the game, made by ``factory(game, player, seed)`` for each
    score the match reaches."""

    def __init__(self, factory: BotFactory, seed: Optional[int] = None,
                 simulations: Optional[int] = None) -> None:
        self.factory, self.simulations = factory, simulations
        self.rng = random.Random(seed)
        self.seed = self.rng.getrandbits(31)
        self.score = "points"
        self._bots: dict[tuple[str, int], Any] = {}
        self._games: dict[str, Any] = {}

    def set_score(self, state: MatchState) -> None:
        """Play the coming deal for the match from ``state`` (the arena tells it)."""
        self.score = str(state)

    def game(self) -> Any:
        if self.score not in self._games:
            self._games[self.score] = pyspiel.load_game("python_altbaumer", {"score": self.score})
        return self._games[self.score]

    def bot_for(self, player: int) -> Any:
        key = (self.score, player)
        if key not in self._bots:
            bot = self.factory(self.game(), player, self.seed + player)
            if hasattr(bot, "set_resampler"):
                bot.set_resampler(self._resample)
            self._bots[key] = bot
        return self._bots[key]

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.CUT.value:
            return TakeTrees(view.cut_offer)
        state = self._state(NumberedDeal(self._world(view)))
        bot = self.bot_for(int(view.seat))
        actions = len(state.numbered.deal.history)
        while len(state.numbered.deal.history) == actions:  # a four-card discard: four steps
            state.apply_action(bot.step(state))
        return state.numbered.deal.history[-1][1]

    def _state(self, numbered: NumberedDeal) -> Any:
        state = self.game().new_initial_state()
        state.numbered = numbered
        return state

    def _world(self, view: SeatView) -> Deal:
        """One deal of ``view``'s unknown cards, drawn uniformly."""
        worlds = worlds_for(InfoSet.from_view(view), 0, 1, self.rng.getrandbits(32))
        return deal_of_world(view, worlds, 0, self.rng)

    def _resample(self, state: Any, player: int) -> Any:
        """``state`` with the cards ``player`` cannot see dealt afresh (information-set MCTS's sampler)."""
        numbered = state.numbered
        deal = self._world(numbered.deal.view(SEATS[player]))
        return self._state(NumberedDeal(deal, numbered.pending))
