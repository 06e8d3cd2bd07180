"""A deal's actions as stable numbers, and a deal driven by them.

Game-AI frameworks (OpenSpiel, PettingZoo) name every action by a small
integer from one fixed range, the same in every state, so that a network can
have one output per action and a mask of the legal ones. The numbering is
fixed here once, for both adapters:

=========  ==========================================================
``0–23``   play the card with that :attr:`~altbaumer.game.cards.Card.index`
``24``     the cutter leaves the cut (takes no Tree)
``25``     the cutter takes the shown Tree
``26``     the cutter takes both Trees
``27``     forehand accepts the turned card
``28``     forehand refuses it
``29``     the maker to act does not play alone
``30``     the maker to act plays alone
``31–54``  forehand discards the card with index ``number − 31``
=========  ==========================================================

The discard is one card, or four in the compulsory case; the four are four
successive numbers, one card at a time, **in display order** (clubs, spades,
hearts, diamonds, each from the ace down). Every set of four cards is then
named by exactly one sequence, so a tree search sees each discard once, not
24 times. Which numbers are legal is read off
:meth:`~altbaumer.game.deal.Deal.legal_actions` (whose four-card discards are
the hand's combinations in display order), never worked out again here.

>>> import random
>>> from altbaumer.game.seats import Seat
>>> numbered = NumberedDeal(Deal.shuffled(Seat.S, random.Random(7)))
>>> numbered.legal_numbers()
[27, 28]
>>> numbered.apply_number(ACCEPT)
>>> numbered.legal_numbers(), action_name(numbered.legal_numbers()[0])
([37, 38, 43, 44, 50, 51], 'discard 9S')
>>> while not numbered.done:
...     numbered.apply_number(numbered.legal_numbers()[0])
>>> sum(numbered.deal.tricks_won.values())
5
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from altbaumer.errors import IllegalAction
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Play, Refuse, TakeTrees
from altbaumer.game.cards import CARDS, Card, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView

__all__ = ["PLAY", "LEAVE_CUT", "ACCEPT", "REFUSE", "PASS", "ALONE", "DISCARD", "ACTION_COUNT", "STARTS",
           "action_number", "action_name", "NumberedDeal"]

PLAY = 0
"""Play the card with index ``number − PLAY`` (0–23)."""
LEAVE_CUT = 24
"""The cutter takes no Tree; ``LEAVE_CUT + k`` takes the first ``k`` Trees offered (Decision D3)."""
ACCEPT = 27
REFUSE = 28
PASS = 29
"""The maker to act does not play alone; ``ALONE`` (30) plays alone."""
ALONE = 30
DISCARD = 31
"""Discard the card with index ``number − DISCARD`` (31–54)."""
ACTION_COUNT = DISCARD + len(CARDS)
"""How many numbers there are: 55."""
STARTS = ("cut", "turn")
"""Where a deal's decisions begin: with the cutter's, or with forehand's answer to the turned card."""


def action_number(action: Action) -> int:
    """The number of a one-step action (a discard of one card at most).

    >>> action_number(Play(CARDS[3])), action_number(TakeTrees((CARDS[3],))), action_number(DeclareAlone(True))
    (3, 25, 30)
    """
    if isinstance(action, Play):
        return PLAY + action.card.index
    if isinstance(action, TakeTrees):
        return LEAVE_CUT + len(action.cards)
    if isinstance(action, DeclareAlone):
        return ALONE if action.alone else PASS
    if isinstance(action, Accept):
        return ACCEPT
    if isinstance(action, Refuse):
        return REFUSE
    if len(action.cards) != 1 or action.cards[0] is None:
        raise IllegalAction(f"a discard is numbered one card at a time, not {action}")
    return DISCARD + action.cards[0].index


_NAMES = {LEAVE_CUT: "leave the cut", LEAVE_CUT + 1: "take the shown Tree", LEAVE_CUT + 2: "take both Trees",
          ACCEPT: "accept", REFUSE: "refuse", PASS: "not alone", ALONE: "alone"}


def action_name(number: int) -> str:
    """A short name for a number, the same in every state (``play QC``, ``accept``, ``discard 9H``).

    >>> [action_name(n) for n in (0, 24, 29, 54)]
    ['play 9C', 'leave the cut', 'not alone', 'discard AD']
    """
    if not 0 <= number < ACTION_COUNT:
        raise IllegalAction(f"action number {number} is outside 0..{ACTION_COUNT - 1}")
    if number < LEAVE_CUT:
        return f"play {CARDS[number - PLAY].ascii()}"
    if number >= DISCARD:
        return f"discard {CARDS[number - DISCARD].ascii()}"
    return _NAMES[number]


class NumberedDeal:
    """A :class:`~altbaumer.game.deal.Deal` stepped by action numbers.

    It holds the deal and the cards forehand has named so far of a four-card
    discard (``pending``): the deal takes the discard whole, so the cards wait
    here until the fourth is named. :meth:`view` shows forehand those cards as
    discarded already.
    """

    def __init__(self, deal: Deal, pending: tuple[Card, ...] = ()) -> None:
        self.deal = deal
        self.pending = pending

    @classmethod
    def begin(cls, deal: Deal, start: str) -> "NumberedDeal":
        """A freshly cut ``deal``, its decisions beginning at ``start``: at
        ``cut`` with the cutter's, at ``turn`` with forehand's answer, the
        cutter taking every Tree offered (as :meth:`Deal.from_seed
        <altbaumer.game.deal.Deal.from_seed>` does).

        >>> deal = Deal(Seat.N, list(CARDS), 4)   # the cut shows Q♣, with J♣ above it
        >>> NumberedDeal.begin(deal, "turn").deal.cut_trees.ascii()
        'QC JC'
        """
        if start not in STARTS:
            raise IllegalAction(f"a deal starts at {' or '.join(STARTS)}, not {start!r}")
        if start == "turn" and deal.phase is Phase.CUT:
            deal.apply(TakeTrees(deal.cut_offer))
        return cls(deal)

    def copy(self) -> "NumberedDeal":
        """An independent copy (a tree search branches on it)."""
        return NumberedDeal(self.deal.copy(), self.pending)

    def __deepcopy__(self, memo: dict[int, object]) -> "NumberedDeal":
        return self.copy()

    @property
    def done(self) -> bool:
        return self.deal.phase is Phase.DONE

    @property
    def to_act(self) -> Optional[Seat]:
        return self.deal.to_act

    def _choices(self) -> dict[int, Optional[Action]]:
        """Every legal number, with the deal's action it completes (``None``
        for a discard card that waits for the rest of the discard)."""
        if self.deal.phase is not Phase.DISCARD:
            return {action_number(action): action for action in self.deal.legal_actions()}
        step = len(self.pending)
        choices: dict[int, Optional[Action]] = {}
        for action in self.deal.legal_actions():
            assert isinstance(action, Discard)
            cards = action.cards
            if cards[:step] == self.pending:
                card = cards[step]
                assert card is not None  # the deal lists discards of cards the hand holds
                choices[DISCARD + card.index] = action if step + 1 == len(cards) else None
        return choices

    def legal_numbers(self) -> list[int]:
        """The legal numbers for the seat to act, ascending (empty once the deal is over)."""
        return sorted(self._choices())

    def apply_number(self, number: int) -> None:
        """Take the action numbered ``number`` for the seat to act;
        :class:`~altbaumer.errors.IllegalAction` when it is not legal now."""
        choices = self._choices()
        if number not in choices:
            legal = ", ".join(map(str, sorted(choices))) or "none: the deal is over"
            raise IllegalAction(f"action {number} is not legal now (legal: {legal})")
        action = choices[number]
        if action is None:
            self.pending = self.pending + (CARDS[number - DISCARD],)
            return
        self.pending = ()
        self.deal.apply(action)

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` knows now: the deal's view, with forehand's cards
        named so far for its discard moved from its hand to its discards."""
        view = self.deal.view(seat)
        if not self.pending or seat is not self.deal.forehand:
            return view
        named = CardSet(self.pending)
        return replace(view, hand=view.hand - named, discards=named)
