"""What one seat knows of a deal: its own hand and the public cards.

A :class:`SeatView` holds no hidden card of another seat (rules.md, "Who knows
what"): policies decide from it alone, and the hidden-information analysis
starts from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.seats import Seat

__all__ = ["Trick", "SeatView"]


@dataclass(frozen=True)
class Trick:
    """A completed trick: its leader, the cards in play order, the winner."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge at one moment of a deal.

    ``discards`` is forehand's own discard, ``None`` for every other seat.
    ``cut_offer`` is set only while the cutter decides; ``turned`` only while
    forehand decides. ``cut_seen`` holds the cards looked at during the cut
    and not taken (Decision D13: public; such a card is stock card 4). ``legal`` lists the actions open to this seat if it is
    to act, else it is empty. ``lone_passed`` lists the makers who publicly
    declined to play alone, in order (empty before the lone phase).
    """

    seat: Seat
    dealer: Seat
    forehand: Seat
    cutter: Seat
    phase: str
    to_act: Optional[Seat]
    hand: CardSet
    cut_offer: tuple[Card, ...]
    cut_trees: CardSet
    cut_seen: CardSet
    turned: Optional[Card]
    accepted: Optional[bool]
    exposed: CardSet
    taken: CardSet
    trump: Optional[Suit]
    discards: Optional[CardSet]
    lone: Optional[Seat]
    tricks: tuple[Trick, ...]
    trick_leader: Optional[Seat]
    trick_cards: tuple[Card, ...]
    tricks_won: tuple[int, int]
    legal: tuple[Any, ...]
    # Last and defaulted so that SeatViews built elsewhere (file readers) keep working.
    lone_passed: tuple[Seat, ...] = ()

    @property
    def played(self) -> CardSet:
        """Every card played so far, the current trick included."""
        cards = [c for t in self.tricks for c in t.cards] + list(self.trick_cards)
        return CardSet(cards)
