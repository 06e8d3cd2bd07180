"""The rules of a deal's procedure: its sizes, the card seen at the cut, trump
making and who sits out or leads when a maker plays alone.

Each rule is written once, here (rules.md, "The deal", "Making trump",
"Playing alone"); the deal state, the replay of a recorded board and the
hidden-information analysis all ask these functions. The numpy fast path of
trump making (:func:`altbaumer.hidden.making.turn_outcomes`) repeats
:func:`trump_outcome` on arrays for speed, and a test holds the two equal over
every stock.

>>> from altbaumer.game.cards import Card
>>> stock = [Card.parse(c) for c in "9H AH QS KD".split()]
>>> out = trump_outcome(stock, accepted=False)
>>> out.trump, out.taken.ascii(), out.exposed.ascii(), out.turned
(<Suit.SPADES: 1>, 'QS', 'AH 9H', 3)
>>> first_leader(Seat.E, lone=Seat.W), absent_seat(Seat.W)
(<Seat.N: 0>, <Seat.E: 1>)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.rules import trump_suit_of_turned
from altbaumer.game.seats import Seat

__all__ = [
    "HAND_SIZE",
    "STOCK_SIZE",
    "TRICKS",
    "CUT_SEEN_POSITION",
    "TrumpOutcome",
    "indicator_position",
    "trump_outcome",
    "discard_count",
    "absent_seat",
    "first_leader",
    "default_cut_seen",
]

HAND_SIZE = 5
"""Cards dealt to each seat (rules.md, The deal)."""
STOCK_SIZE = 4
"""Cards left in the stock after the deal."""
TRICKS = 5
"""Tricks in a deal."""
CUT_SEEN_POSITION = STOCK_SIZE - 1
"""Decision D13: a card shown at the cut and not taken ends as the last stock card (index 3)."""


@dataclass(frozen=True)
class TrumpOutcome:
    """What forehand's answer to the turned card leads to (rules.md, Making trump).

    ``turned`` stock cards lie face up; ``exposed`` are the refused (and
    same-suit) ones, out of play; ``taken`` the card(s) forehand takes into its
    hand: the indicator, or all four in the compulsory case.
    """

    trump: Suit
    turned: int
    exposed: CardSet
    taken: CardSet
    compulsory: bool


def indicator_position(stock: Sequence[Optional[Card]], accepted: bool) -> Optional[int]:
    """The index of the stock card that fixes trump: 0 when forehand accepts;
    after a refusal, the first card of another suit than the refused one (a
    Tree counts as a club, rules.md, Making trump, 1); :data:`STOCK_SIZE` when
    all four share the refused suit (the compulsory case). ``None`` when unknown
    stock cards (``None``) hide it.

    >>> from altbaumer.game.cards import Card
    >>> [indicator_position([Card.parse(c) for c in s.split()], False) for s in ("9H AH QS KD", "9C QC AC KC")]
    [2, 4]
    >>> indicator_position([Card.parse("9H"), None, None, None], accepted=False) is None
    True
    """
    if accepted:
        return 0 if stock and stock[0] is not None else None
    if stock[0] is None:
        return None
    refused = trump_suit_of_turned(stock[0])
    for i in range(1, STOCK_SIZE):
        card = stock[i]
        if card is None:
            return None
        if trump_suit_of_turned(card) is not refused:
            return i
    return STOCK_SIZE


def trump_outcome(stock: Sequence[Optional[Card]], accepted: bool) -> Optional[TrumpOutcome]:
    """The trump, face-up, exposed and taken cards for the stock (top card
    first) and forehand's answer; ``None`` when unseen stock cards hide the
    indicator (see :func:`indicator_position`)."""
    at = indicator_position(stock, accepted)
    if at is None:
        return None
    known = [c for c in stock[: at + 1] if c is not None]  # every card up to the indicator is known
    if at == STOCK_SIZE:
        # All four of one suit: forehand takes them all (rules.md, Making trump, 3).
        return TrumpOutcome(trump_suit_of_turned(known[0]), STOCK_SIZE, CardSet(), CardSet(known), True)
    return TrumpOutcome(trump_suit_of_turned(known[at]), at + 1, CardSet(known[:at]), CardSet(known[at]), False)


def discard_count(compulsory: bool) -> int:
    """Forehand discards as many cards as it took: four in the compulsory case, else one."""
    return STOCK_SIZE if compulsory else 1


def absent_seat(lone: Optional[Seat]) -> Optional[Seat]:
    """The lone player's partner, whose hand is set aside (rules.md, Playing alone)."""
    return lone.partner if lone is not None else None


def first_leader(forehand: Seat, lone: Optional[Seat]) -> Seat:
    """Who leads the first trick: forehand, or when forehand's hand is set aside
    beside a lone partner, the next active seat in play order (rules.md,
    Playing alone, Decision)."""
    return forehand.next() if absent_seat(lone) is forehand else forehand


def default_cut_seen(stock: Optional[Sequence[Optional[Card]]], cut_trees: CardSet) -> CardSet:
    """Decision D13, when nothing else says what the cut showed and the cutter
    left: stock card 4, unless the cutter took both Trees (the only cards then
    looked at) or the card is unknown."""
    fourth = stock[CUT_SEEN_POSITION] if stock is not None else None
    return CardSet() if fourth is None or len(cut_trees) == 2 else CardSet(fourth)
