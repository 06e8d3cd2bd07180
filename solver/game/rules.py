"""The rules of card play, written to be read as the specification.

Everything here follows ``rules.md`` ("Ranking", "Following", "Winning a
trick"). The compiled kernels in :mod:`altbaumer.game._kernels` repeat these rules
on bitmasks for speed; the tests hold the two equal exhaustively.

A *trump card* is an ordinary trump or a Tree. The Trees (Q♣, J♣) are always
the two highest trumps; when clubs are not trump they keep a second
citizenship as clubs, but only when an ordinary club is led.

Worked example (rules.md): hearts trump, 9♣ led, 10♣ and J♣ both legal for a
player holding them, and J♣ wins over the A♥ played after it.

>>> from altbaumer.game.cards import Card, CardSet, Suit
>>> trick = [Card.parse(c) for c in "9C AC JC AH".split()]
>>> legal_cards(CardSet.parse("TC JC 9S"), trick[:2], Suit.HEARTS).ascii()
'JC TC'
>>> trick_winner(trick, Suit.HEARTS)
2
"""

from __future__ import annotations

from functools import cache
from typing import Optional, Sequence

from altbaumer.game.cards import BIG_TREE, LITTLE_TREE, TREES, Card, CardSet, Rank, Suit, suit_cards
from altbaumer.lang import N_, _

__all__ = [
    "ORDINARY_CLUBS",
    "trump_cards",
    "is_trump_card",
    "trump_ranking",
    "plain_ranking",
    "card_power",
    "legal_cards",
    "follow_obligation",
    "OBLIGATIONS",
    "illegal_play_reason",
    "trick_winner",
    "trump_suit_of_turned",
]

ORDINARY_CLUBS = suit_cards(Suit.CLUBS) - TREES
"""A♣ K♣ 10♣ 9♣: the clubs that are never trump cards unless clubs are trump."""

# Below the Trees, an ordinary trump suit ranks A K 10 Q J 9 (clubs lose Q and J
# to the Trees); a non-trump suit ranks A 10 K Q J 9.
_TRUMP_FACE_ORDER = (Rank.ACE, Rank.KING, Rank.TEN, Rank.QUEEN, Rank.JACK, Rank.NINE)
_PLAIN_FACE_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)


@cache
def trump_cards(trump: Suit) -> CardSet:
    """The trump cards for ``trump``: the two Trees and the trump suit.

    >>> len(trump_cards(Suit.HEARTS)), len(trump_cards(Suit.CLUBS))
    (8, 6)
    """
    return suit_cards(trump) | TREES


def is_trump_card(card: Card, trump: Suit) -> bool:
    """A Tree, or a card of the trump suit."""
    return card.is_tree or card.suit is trump


@cache
def trump_ranking(trump: Suit) -> tuple[Card, ...]:
    """The trump cards, highest first: Q♣, J♣, then A K 10 Q J 9 of trump."""
    ordinary = tuple(
        c for c in (Card(trump, r) for r in _TRUMP_FACE_ORDER) if not c.is_tree
    )
    return (BIG_TREE, LITTLE_TREE) + ordinary


@cache
def plain_ranking(suit: Suit) -> tuple[Card, ...]:
    """A non-trump suit, highest first: A 10 K Q J 9 (ordinary clubs: A 10 K 9)."""
    return tuple(c for c in (Card(suit, r) for r in _PLAIN_FACE_ORDER) if not c.is_tree)


def card_power(card: Card, trump: Suit, led_suit: Suit) -> int:
    """A number that orders the cards of one trick: higher wins.

    Trump cards beat everything; cards of the led suit beat the remaining
    cards, which can never win (power 0).
    """
    if is_trump_card(card, trump):
        return 100 - trump_ranking(trump).index(card)
    if card.suit is led_suit:
        return 50 - plain_ranking(card.suit).index(card)
    return 0


def follow_obligation(hand: CardSet, led: Card, trump: Suit) -> tuple[CardSet, Optional[str]]:
    """The cards ``hand`` may play to a trick led by ``led``, and the duty
    that limits them: one of the keys of :data:`OBLIGATIONS`, or ``None``
    when any card may be played. rules.md, "Following":

    1. A trump card led: play a trump card if you have one; otherwise any card.
    2. An ordinary club led, clubs not trump: an ordinary club or a Tree if you
       hold an ordinary club; else a Tree if you hold one; else an ordinary
       trump if you hold one; else any card.
    3. Any other card of suit X led: X if you can; else a trump card; else any.
    """
    trumps = hand & trump_cards(trump)
    if is_trump_card(led, trump):  # rule 1
        return (trumps, "trump-lead") if trumps else (hand, None)
    if led.suit is Suit.CLUBS:  # rule 2: clubs are not trump, so this is an ordinary club
        ordinary_clubs = hand & ORDINARY_CLUBS
        trees = hand & TREES
        if ordinary_clubs:
            return ordinary_clubs | trees, "club-lead-club"
        if trees:
            return trees, "club-lead-tree"
        return (trumps, "club-lead-trump") if trumps else (hand, None)
    same_suit = hand & suit_cards(led.suit)  # rule 3: X is not clubs, so no Tree belongs to it
    if same_suit:
        return same_suit, "follow-suit"
    return (trumps, "suit-lead-trump") if trumps else (hand, None)


OBLIGATIONS = {
    "trump-lead": (1, N_("{who} held a trump card and must play one to a trump lead ({trumps})")),
    "club-lead-club": (2, N_("{who} held ordinary clubs and must follow the club lead with an ordinary club or a Tree")),
    "club-lead-tree": (2, N_("{who} held no ordinary club and must play a Tree to the club lead")),
    "club-lead-trump": (2, N_("{who} held no club or Tree and must play a trump ({trump}) to the club lead")),
    "follow-suit": (3, N_("{who} held {led} and must follow {led}")),
    "suit-lead-trump": (3, N_("{who} held no {led} and must play a trump card ({trumps})")),
}
"""Each duty to follow: its rule number in rules.md and how to say it (said with ``_``)."""

SUIT_NAMES = {Suit.CLUBS: N_("clubs"), Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
               Suit.DIAMONDS: N_("diamonds")}
"""Each suit as the errors name it (said with ``_``)."""
_TRUMP_WORDS = {Suit.CLUBS: N_("a Tree or a club"), Suit.SPADES: N_("a Tree or a spade"),
                Suit.HEARTS: N_("a Tree or a heart"), Suit.DIAMONDS: N_("a Tree or a diamond")}


def _trump_words(trump: Suit) -> str:
    return _(_TRUMP_WORDS[trump])


def legal_cards(hand: CardSet, trick: Sequence[Card], trump: Suit) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played
    so far, leader first). The leader may play any card."""
    if not trick:
        return hand
    return follow_obligation(hand, trick[0], trump)[0]


def illegal_play_reason(
    who: str, hand: CardSet, trick: Sequence[Card], trump: Suit, card: Card
) -> Optional[str]:
    """``None`` if ``card`` is a legal play, else one sentence naming the rule.

    >>> from altbaumer.game.cards import Card, CardSet, Suit
    >>> illegal_play_reason("N", CardSet.parse("AH 9S"), [Card.parse("KH")], Suit.DIAMONDS, Card.parse("9S"))
    'N held hearts and must follow hearts (rules.md, Following, rule 3)'
    """
    if card not in hand:
        return _("{who} does not hold {card}").format(who=who, card=card.ascii())
    if not trick:
        return None
    legal, duty = follow_obligation(hand, trick[0], trump)
    if card in legal:
        return None
    rule, text = OBLIGATIONS[duty]  # type: ignore[index]
    said = _(text).format(who=who, trumps=_trump_words(trump), trump=_(SUIT_NAMES[trump]),
                          led=_(SUIT_NAMES[trick[0].suit]))
    return f"{said} (rules.md, Following, rule {rule})"


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The position in ``trick`` of the winning card (rules.md, "Winning a
    trick"): the highest trump card if any was played, the Trees on top even
    when an ordinary club was led; otherwise the highest card of the led suit."""
    led_suit = trick[0].suit
    powers = [card_power(card, trump, led_suit) for card in trick]
    return powers.index(max(powers))


def trump_suit_of_turned(card: Card) -> Suit:
    """The suit a turned stock card proposes; a Tree counts as a club."""
    return card.suit
