"""Altbaumer as a PettingZoo AEC environment: ``altbaumer.pettingzoo.env()``.

One episode is one deal, played by the project's rules engine
(:class:`~altbaumer.game.deal.Deal`); the agents are the seats ``N``, ``E``,
``S``, ``W``, and each acts when the deal says it is its turn (a lone
player's partner never does). It needs the ``pettingzoo`` extra.

- **Actions**: ``Discrete(55)``, numbered as in :mod:`altbaumer.game.numbering`
  and the OpenSpiel game ``python_altbaumer`` (``0–23`` play a card by its
  index, ``24–26`` the cut, ``27``/``28`` accept/refuse, ``29``/``30`` not
  alone/alone, ``31–54`` discard a card; the compulsory four-card discard is
  four steps, in display order).
- **Observations**: a dict of ``observation``, the seat's knowledge encoded
  by :mod:`altbaumer.game.encoding` (the OpenSpiel game's observation tensor;
  with ``perfect_recall=True`` its information-state tensor), and
  ``action_mask``, 1 for each legal number (all 0 for a seat not to act).
  ``infos[agent]["text"]`` is the same knowledge as text.
- **Rewards**, at the end of the deal (:mod:`altbaumer.game.rewards`): each
  seat's side's deal points, or, with ``score="2:1 rounds 1:0"``, the change
  in its side's chance to win the match.
- **Chance**: ``reset(seed=…)`` shuffles and cuts with
  :meth:`Deal.shuffled <altbaumer.game.deal.Deal.shuffled>` (every order of
  the pack and every cut from 1 to 23 cards equally likely, as in the OpenSpiel
  game); the same seed deals the same cards.

``start="turn"`` begins at forehand's answer, the cutter taking every Tree
offered; ``dealer`` names the dealer's seat.

>>> environment = env(start="turn")
>>> environment.reset(seed=3)
>>> environment.agent_selection, environment.observe("W")["action_mask"].nonzero()[0].tolist()
('W', [27, 28])
>>> for agent in environment.agent_iter():
...     observation, reward, termination, truncation, info = environment.last()
...     legal = observation["action_mask"].nonzero()[0]
...     environment.step(None if termination else int(legal[0]))
>>> environment.rewards
{}
"""

from __future__ import annotations

import random
from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from altbaumer.errors import InvalidArgument
from altbaumer.game import encoding
from altbaumer.game.deal import Deal
from altbaumer.game.numbering import ACTION_COUNT, STARTS, NumberedDeal
from altbaumer.game.rewards import POINTS, score_before, seat_rewards
from altbaumer.game.seats import SEATS, Seat

__all__ = ["env", "raw_env", "AGENTS"]

AGENTS = [seat.name for seat in SEATS]
"""The agents, one per seat: N, E, S, W."""


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual guards: an illegal action ends
    the deal with reward −1 for the seat that took it, an action outside the
    range is an error, and the calls must come in order."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """One deal of Altbaumer, the seats taking turns as the rules say."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "altbaumer_v0", "is_parallelizable": False}

    def __init__(self, start: str = STARTS[0], dealer: str = "N", score: str = POINTS,
                 perfect_recall: bool = False, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if start not in STARTS:
            raise InvalidArgument(f"altbaumer.pettingzoo: start takes {' or '.join(STARTS)}, not {start!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise InvalidArgument(f"altbaumer.pettingzoo: render_mode takes ansi or None, not {render_mode!r}")
        self.start, self.dealer = start, Seat.parse(dealer)
        self.before = score_before(score, self.dealer)
        self.perfect_recall, self.render_mode = perfect_recall, render_mode
        self.possible_agents = list(AGENTS)
        length = encoding.size(perfect_recall)
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (length,), np.float32),
            "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8)}) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(ACTION_COUNT) for agent in AGENTS}
        self._rng = random.Random()
        self.numbered: Optional[NumberedDeal] = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """A new deal: shuffled and cut by the seeded generator (a new seed
        starts it again; without one it goes on from the last deal)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.numbered = NumberedDeal.begin(Deal.shuffled(self.dealer, self._rng), self.start)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._select()

    def _deal(self) -> NumberedDeal:
        if self.numbered is None:
            raise InvalidArgument("altbaumer.pettingzoo: call reset() before anything else")
        return self.numbered

    def _select(self) -> None:
        """The seat to act is the agent selected; every info gets its seat's knowledge as text."""
        numbered = self._deal()
        seat = numbered.to_act
        self.agent_selection = AGENTS[int(seat)] if seat is not None else self.agents[0]
        for agent in self.agents:
            self.infos[agent]["text"] = encoding.text(numbered.view(Seat.parse(agent)), self.perfect_recall)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        numbered = self._deal()
        mask = np.zeros(ACTION_COUNT, np.int8)
        if numbered.to_act is not None and AGENTS[int(numbered.to_act)] == agent:
            mask[numbered.legal_numbers()] = 1
        return {"observation": encoding.encode(numbered.view(Seat.parse(agent)), self.perfect_recall),
                "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """The selected seat takes ``action``; the last card ends the deal and pays every seat."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        numbered = self._deal()
        self._cumulative_rewards[self.agent_selection] = 0.0
        numbered.apply_number(int(action) if action is not None else -1)
        if numbered.done:
            self.rewards = dict(zip(AGENTS, seat_rewards(numbered.deal, self.before)))
            self.terminations = dict.fromkeys(AGENTS, True)
            self._accumulate_rewards()
        self._select()

    def render(self) -> Optional[str]:
        """The deal as text (``ansi``): one line per seat, what it knows (:func:`encoding.text
        <altbaumer.game.encoding.text>`), so every hand is shown."""
        if self.render_mode is None:
            gymnasium.logger.warn("altbaumer.pettingzoo: render() without a render_mode draws nothing")
            return None
        numbered = self._deal()
        return "\n".join(encoding.text(numbered.view(seat), perfect_recall=True) for seat in SEATS)

    def close(self) -> None:
        """Nothing to release: the deal lives in memory."""
