"""Altbaumer as an OpenSpiel game: ``pyspiel.load_game("python_altbaumer")``.

Importing this module registers the Python game ``python_altbaumer`` (the
``openspiel`` extra installs OpenSpiel). One state is one deal, played by the
project's rules engine, :class:`~altbaumer.game.deal.Deal`: every legal
action comes from it, and every observation from its
:meth:`~altbaumer.game.deal.Deal.view`, so no player ever sees a card its seat
may not know. Players 0–3 are the seats N, E, S, W.

**Parameters** (``pyspiel.load_game("python_altbaumer(start=turn,dealer=E)")``):

``start`` (``cut``)
    ``cut``: the deal begins with the shuffle, and the cutter decides on any
    Tree the cut shows; ``turn``: the cutter takes every Tree offered (as
    :meth:`Deal.from_seed <altbaumer.game.deal.Deal.from_seed>` does), and
    the first decision is forehand's answer to the turned card.
``dealer`` (``N``)
    The dealer's seat; forehand is on its right, and forehand's side makes trump.
``score`` (``points``)
    ``points``: each player's return is its side's deal points
    (:func:`~altbaumer.game.scoring.score_deal`: +2, +1, −1 for the makers,
    0, +1, +2 for the defenders); a score such as ``2:1 rounds 1:0`` (N-S
    first, :meth:`MatchState.parse <altbaumer.game.match_state.MatchState.parse>`):
    the change in the side's chance to win the match from that score, by the
    shipped match equity table (:func:`~altbaumer.game.equity.shipped_table`).
``tricks_left`` (``0``), ``deal_seed`` (``0``)
    An endgame: with ``tricks_left`` from 1 to 5, the game starts at the
    deal ``Deal.from_seed(deal_seed, dealer)`` with that many tricks left,
    every earlier choice being the first legal number, and has no chance
    node (``0``: the whole deal). Small enough for CFR at one or two tricks.

**Actions** (:mod:`altbaumer.game.numbering`, the same in every state):
``0–23`` play the card with that index (``suit × 6 + rank``, 9♣ = 0, A♦ =
23); ``24`` leave the cut, ``25`` take the shown Tree, ``26`` take both;
``27`` accept, ``28`` refuse; ``29`` do not play alone, ``30`` play alone;
``31–54`` discard the card with index ``action − 31``. The compulsory
four-card discard is four successive discard actions by forehand, in the
cards' display order (clubs, spades, hearts, diamonds, each from the ace
down), so each set of four has one sequence.

**Chance**: the shuffle deals the pack one card at a time, top card first:
the chance outcome is the index of the next card, each of the cards left
equally likely, so every order of the 24 cards has probability 1/24!; the
last card follows without a node. Then the cut: the outcome is the number of
cards lifted, 1 to 23, each 1/23 (Decision D2). The deal, the stock and the
card the cut shows follow from the pack and the cut, as at the table.

**Observations** (:mod:`altbaumer.game.encoding`): the information state
(perfect recall) and the observation, as text and as vectors of 0s and 1s
built from the seat's :class:`~altbaumer.game.view.SeatView`; before the cut
every seat knows the seats alone.

>>> import pyspiel
>>> game = pyspiel.load_game("python_altbaumer(start=turn)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.legal_actions(), state.action_to_string(27)
(3, [27, 28], 'accept')
>>> state.information_state_string(3).split()[:4]
['seat:W', 'dealer:N', 'phase:trump', 'to_act:W']
>>> len(state.information_state_tensor(3)) == game.information_state_tensor_size() == 800
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Optional

import numpy as np
import pyspiel

from altbaumer.errors import InvalidArgument
from altbaumer.game import encoding
from altbaumer.game.actions import Phase
from altbaumer.game.cards import CARDS, Card
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.match_state import MatchState
from altbaumer.game.numbering import ACTION_COUNT, STARTS, NumberedDeal, action_name
from altbaumer.game.rewards import POINTS, reward_bounds, score_before, seat_rewards
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.view import SeatView

__all__ = ["GAME_TYPE", "Settings", "AltbaumerGame", "AltbaumerState", "AltbaumerObserver"]

_PACK = len(CARDS)
_DECISIONS = 1 + 1 + 4 + 2 + TRICKS * len(SEATS)  # cut, answer, four discards, two lone choices, the cards

DEFAULTS: dict[str, Any] = {"start": STARTS[0], "dealer": "N", "score": POINTS, "tricks_left": 0, "deal_seed": 0}

GAME_TYPE = pyspiel.GameType(
    short_name="python_altbaumer",
    long_name="Python Altbaumer",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    # Deal points are not zero-sum (+1 for made makers, 0 for the defenders).
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=len(SEATS),
    min_num_players=len(SEATS),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


@dataclass(frozen=True)
class Settings:
    """A game's parameters, checked: the whole deal or an endgame, and what a player's return is.

    >>> Settings.from_parameters({"score": "2:1 rounds 1:0"}).before
    MatchState(points=(2, 1), rounds=(1, 0), makers=<Team.EW: 1>)
    """

    start: str
    dealer: Seat
    before: Optional[MatchState]
    tricks_left: int
    deal_seed: int

    def __deepcopy__(self, memo: dict[int, object]) -> "Settings":
        # Never changed after the game is made: every clone of a state shares its game's settings.
        return self

    @classmethod
    def from_parameters(cls, parameters: dict[str, Any]) -> "Settings":
        given = {**DEFAULTS, **parameters}
        start, score, tricks_left = str(given["start"]), str(given["score"]), int(given["tricks_left"])
        if start not in STARTS:
            raise InvalidArgument(f"python_altbaumer: start takes {' or '.join(STARTS)}, not {start!r}")
        if not 0 <= tricks_left <= TRICKS:
            raise InvalidArgument(f"python_altbaumer: tricks_left takes 0 (the whole deal) to {TRICKS}, "
                                  f"not {tricks_left}")
        dealer = Seat.parse(str(given["dealer"]))
        return cls(start, dealer, score_before(score, dealer), tricks_left, int(given["deal_seed"]))

    @cached_property
    def endgame(self) -> Optional[NumberedDeal]:
        """The endgame's first state, or ``None`` for the whole deal."""
        if not self.tricks_left:
            return None
        numbered = NumberedDeal(Deal.from_seed(self.deal_seed, self.dealer))
        deal = numbered.deal
        while not (deal.phase is Phase.PLAY and len(deal.tricks) == TRICKS - self.tricks_left
                   and not deal.trick_cards):
            numbered.apply_number(numbered.legal_numbers()[0])
        return numbered


class AltbaumerGame(pyspiel.Game):
    """The game: its type, its sizes and its settings."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        self.settings = Settings.from_parameters(dict(params or {}))
        low, high = reward_bounds(self.settings.before)
        length = len(SEATS) * self.settings.tricks_left if self.settings.tricks_left else _DECISIONS
        info = pyspiel.GameInfo(num_distinct_actions=ACTION_COUNT, max_chance_outcomes=_PACK,
                                num_players=len(SEATS), min_utility=low, max_utility=high,
                                utility_sum=None,  # general-sum, even where the equity changes add up to 0
                                max_game_length=length)
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> "AltbaumerState":
        return AltbaumerState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None) -> "AltbaumerObserver":
        return AltbaumerObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class AltbaumerState(pyspiel.State):
    """One deal: the pack while chance shuffles and cuts it, then the numbered deal."""

    def __init__(self, game: AltbaumerGame) -> None:
        super().__init__(game)
        self._settings = game.settings
        self._pack: list[Card] = []
        endgame = self._settings.endgame
        self.numbered: Optional[NumberedDeal] = endgame.copy() if endgame is not None else None

    def current_player(self) -> int:
        if self.numbered is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.numbered.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        if self.numbered is None or player != self.current_player():
            return []
        return self.numbered.legal_numbers()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the pack, or the cut once the pack is complete."""
        if len(self._pack) < _PACK - 1:
            left = sorted({card.index for card in CARDS} - {card.index for card in self._pack})
            return [(index, 1.0 / len(left)) for index in left]
        return [(lifted, 1.0 / (_PACK - 1)) for lifted in range(1, _PACK)]

    def _apply_action(self, action: int) -> None:
        if self.numbered is not None:
            self.numbered.apply_number(action)
        elif len(self._pack) < _PACK - 1:
            self._pack.append(CARDS[action])
            if len(self._pack) == _PACK - 1:  # the last card has nowhere else to go
                self._pack += [card for card in CARDS if card not in self._pack]
        else:
            self.numbered = NumberedDeal.begin(Deal(self._settings.dealer, self._pack, action), self._settings.start)

    def _action_to_string(self, player: int, action: int) -> str:
        if player != pyspiel.PlayerId.CHANCE:
            return action_name(action)
        if len(self._pack) < _PACK - 1:
            return f"pack {CARDS[action].ascii()}"
        return f"cut {action}"

    def is_terminal(self) -> bool:
        return self.numbered is not None and self.numbered.done

    def returns(self) -> list[float]:
        if self.numbered is None or not self.numbered.done:
            return [0.0] * len(SEATS)
        return list(seat_rewards(self.numbered.deal, self._settings.before))

    def seat_view(self, player: int) -> SeatView:
        """What the seat of ``player`` knows now (:meth:`Deal.view <altbaumer.game.deal.Deal.view>`)."""
        seat = SEATS[player]
        if self.numbered is None:
            return encoding.before_the_deal(seat, self._settings.dealer)
        return self.numbered.view(seat)

    def __str__(self) -> str:
        if self.numbered is None:
            return "pack " + " ".join(card.ascii() for card in self._pack)
        state = self.numbered.deal.to_dict()
        state["pending"] = [card.ascii() for card in self.numbered.pending]
        return json.dumps(state, sort_keys=True)


class AltbaumerObserver:
    """An OpenSpiel observer (the PyObserver interface): ``tensor`` and its
    named pieces ``dict`` for one player, set from a state, and the same as
    text. Perfect recall gives the information state; public and private
    information may each be left out; every player's private information
    at once is not offered (it would be the cards of all four hands)."""

    def __init__(self, iig_obs_type: Any, params: Optional[dict[str, Any]]) -> None:
        if params:
            raise InvalidArgument(f"python_altbaumer observer: takes no parameters, not {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidArgument("python_altbaumer observer: observes one seat's knowledge, not all players' "
                                  "private information")
        self._kind = {"perfect_recall": bool(iig_obs_type.perfect_recall), "public": bool(iig_obs_type.public_info),
                      "private": private == pyspiel.PrivateInfoType.SINGLE_PLAYER}
        self.tensor = np.zeros(encoding.size(**self._kind), np.float32)
        self.dict = encoding.pieces(self.tensor, **self._kind)

    def set_from(self, state: AltbaumerState, player: int) -> None:
        encoding.encode_into(self.dict, state.seat_view(player))

    def string_from(self, state: AltbaumerState, player: int) -> str:
        return encoding.text(state.seat_view(player), **self._kind)


pyspiel.register_game(GAME_TYPE, AltbaumerGame)
