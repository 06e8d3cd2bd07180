"""The actions of a deal and its phases: what a seat can do, and when.

Actions are small immutable values; :class:`~altbaumer.game.deal.Deal` applies
them. :func:`phase_actions` lists what is open in each phase (rules.md, The
deal, Making trump, Playing alone, Following).

>>> from altbaumer.game.cards import CardSet
>>> [str(a) for a in phase_actions(Phase.LONE, CardSet())]
['does not play alone', 'plays alone']
>>> len(phase_actions(Phase.DISCARD, CardSet.parse("QC JC AS KS AH 9D"), discard_count=1))
6
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Optional, Sequence, Union

from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.rules import legal_cards
from altbaumer.lang import N_

__all__ = [
    "PHASE_TASKS",
    "PHASE_NAMES",
    "Phase",
    "TakeTrees",
    "Accept",
    "Refuse",
    "Discard",
    "DeclareAlone",
    "Play",
    "Action",
    "phase_actions",
]


class Phase(Enum):
    CUT = "cut"  # the cutter decides on the Tree(s) shown at the cut
    TRUMP = "trump"  # forehand accepts or refuses the turned stock card
    DISCARD = "discard"  # forehand discards one card (four in the compulsory case)
    LONE = "lone"  # forehand, then forehand's partner, may play alone
    PLAY = "play"
    DONE = "done"

PHASE_TASKS = {
    Phase.CUT: N_("decide on the Tree shown at the cut (TakeTrees)"),
    Phase.TRUMP: N_("accept or refuse the turned card (Accept/Refuse)"),
    Phase.DISCARD: N_("discard (Discard)"),
    Phase.LONE: N_("declare whether to play alone (DeclareAlone)"),
    Phase.PLAY: N_("play a card (Play)"),
}
"""What a phase asks of the seat to act, and its action (said with ``_``)."""

PHASE_NAMES = {
    Phase.CUT: N_("cut phase"),
    Phase.TRUMP: N_("trump phase"),
    Phase.DISCARD: N_("discard phase"),
    Phase.LONE: N_("lone phase"),
    Phase.PLAY: N_("play phase"),
    Phase.DONE: N_("done phase"),
}
"""Each phase as the errors name it (said with ``_``)."""



@dataclass(frozen=True)
class TakeTrees:
    """The cutter takes these Trees shown at the cut (empty: takes none)."""

    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"takes {' '.join(map(str, self.cards))} at the cut" if self.cards else "leaves the cut"


@dataclass(frozen=True)
class Accept:
    """Forehand accepts the turned card's suit as trump."""

    def __str__(self) -> str:
        return "accepts"


@dataclass(frozen=True)
class Refuse:
    """Forehand refuses; the stock is turned until another suit appears."""

    def __str__(self) -> str:
        return "refuses"


@dataclass(frozen=True)
class Discard:
    """Forehand's discard, face down: one card, or four in the compulsory case
    (``None`` for a card a record does not show)."""

    cards: tuple[Optional[Card], ...]

    def __str__(self) -> str:
        return f"discards {' '.join('-' if c is None else str(c) for c in self.cards)}"


@dataclass(frozen=True)
class DeclareAlone:
    """The maker to act plays alone (``True``) or passes (``False``)."""

    alone: bool

    def __str__(self) -> str:
        return "plays alone" if self.alone else "does not play alone"


@dataclass(frozen=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"plays {self.card}"


Action = Union[TakeTrees, Accept, Refuse, Discard, DeclareAlone, Play]


def phase_actions(
    phase: Phase,
    hand: CardSet,
    trick: Sequence[Card] = (),
    trump: Optional[Suit] = None,
    discard_count: int = 1,
    cut_offer: Sequence[Card] = (),
) -> list[Action]:
    """Every action open in ``phase`` to the seat to act, holding ``hand``:
    the cut takes (D3), accept or refuse, the discards of ``discard_count``
    cards (D5), the lone declaration, or the legal cards (rules.md, Following)."""
    if phase is Phase.PLAY:
        return [Play(c) for c in legal_cards(hand, trick, trump)]  # type: ignore[arg-type]
    if phase is Phase.CUT:
        return [TakeTrees(tuple(cut_offer[:k])) for k in range(len(cut_offer) + 1)]
    if phase is Phase.TRUMP:
        return [Accept(), Refuse()]
    if phase is Phase.DISCARD:
        return [Discard(combo) for combo in combinations(list(hand), discard_count)]
    if phase is Phase.LONE:
        return [DeclareAlone(False), DeclareAlone(True)]
    return []
