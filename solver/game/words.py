"""Cards, suits, seats and actions in plain words, for people who play the
game rather than read its notation (rules.md, "Cards and ranks").

The Trees keep their names: the Queen of clubs is the Big Tree, the Jack of
clubs the Little Tree, whatever suit is trump.

>>> from altbaumer.game.cards import Card
>>> card_words(Card.parse("TH")), card_words(Card.parse("QC")), seat_words(Seat.W)
('the ten of hearts', 'the Big Tree (queen of clubs)', 'West')
>>> suit_words(Suit.DIAMONDS)
'diamonds'
"""

from __future__ import annotations

from altbaumer.game.cards import BIG_TREE, Card, Rank, Suit
from altbaumer.game.seats import Seat, Team

__all__ = ["card_words", "suit_words", "seat_words", "team_words", "RANK_WORDS", "SUIT_WORDS"]

RANK_WORDS = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
              Rank.NINE: "nine"}
SUIT_WORDS = {Suit.CLUBS: "clubs", Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"}
_SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def card_words(card: Card) -> str:
    """``the ten of hearts``; the Trees by their names."""
    plain = f"{RANK_WORDS[card.rank]} of {SUIT_WORDS[card.suit]}"
    if card.is_tree:
        return f"the {'Big' if card == BIG_TREE else 'Little'} Tree ({plain})"
    return f"the {plain}"


def suit_words(suit: Suit) -> str:
    return SUIT_WORDS[suit]


def seat_words(seat: Seat) -> str:
    return _SEAT_WORDS[seat]


def team_words(team: Team) -> str:
    """``North and South``."""
    first, second = team.seats
    return f"{seat_words(first)} and {seat_words(second)}"
