"""Player policies: each decides from a :class:`~altbaumer.game.view.SeatView` alone.

A policy sees only what its seat knows, so a policy can never cheat. Two
seeded policies live here: :class:`RandomPolicy` (uniform over the legal
actions) and :class:`HeuristicPolicy` (simple, sensible play); the players
that rate their choices are in :mod:`altbaumer.play.pimc`, and every player
by name in :mod:`altbaumer.play.players`.

>>> import random
>>> from altbaumer.game.actions import Phase
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.game.seats import Seat
>>> deal = Deal.shuffled(Seat.N, random.Random(5))
>>> players = {seat: HeuristicPolicy(seed=int(seat)) for seat in Seat}
>>> while deal.phase is not Phase.DONE:
...     deal.apply(players[deal.to_act].choose(deal.view(deal.to_act)))
>>> 0 <= deal.makers_tricks <= 5
True
"""

from __future__ import annotations

import random
from typing import Callable, Optional, Protocol

from altbaumer.game.cards import BIG_TREE, Card, CardSet, Rank, Suit
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Play, Refuse
from altbaumer.game.deal_rules import absent_seat
from altbaumer.game.rules import is_trump_card, plain_ranking, trick_winner, trump_cards, trump_ranking
from altbaumer.game.seats import play_order
from altbaumer.game.view import SeatView

__all__ = ["Policy", "RandomPolicy", "HeuristicPolicy"]


class Policy(Protocol):
    """Anything that picks one of ``view.legal`` for the seat to act."""

    def choose(self, view: SeatView) -> Action: ...


class RandomPolicy:
    """Uniformly random among the legal actions."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)


class HeuristicPolicy:
    """Takes Trees at the cut, accepts a suit it holds three trump cards in,
    discards its weakest side card, goes alone only with four or more trump
    cards headed by the Big Tree, and in play wins tricks as cheaply as it can
    unless partner is already winning. Ties are broken by the seeded RNG."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return _DECIDERS[view.phase](self, view)

    def _cut(self, view: SeatView) -> Action:
        return max(view.legal, key=lambda a: len(a.cards))

    def _trump(self, view: SeatView) -> Action:
        assert view.turned is not None
        suit = view.turned.suit
        trumps = (view.hand | view.turned) & trump_cards(suit)
        strong = len(trumps) >= 3 or (len(trumps) >= 2 and bool(trumps.mask & _TREE_MASK))
        return Accept() if strong else Refuse()

    def _discard(self, view: SeatView) -> Action:
        trump = view.trump
        assert trump is not None

        def cost(action: Discard) -> tuple[int, float]:
            discarded = CardSet(c for c in action.cards if c is not None)
            assert len(discarded) == len(action.cards)  # a legal discard names cards forehand holds
            kept = view.hand - discarded
            return (-_hand_strength(kept, trump), self.rng.random())

        return min(view.legal, key=cost)

    def _lone(self, view: SeatView) -> Action:
        assert view.trump is not None
        trumps = view.hand & trump_cards(view.trump)
        side_aces = [c for c in view.hand - trumps if c.rank is Rank.ACE]
        alone = BIG_TREE in view.hand and len(trumps) + len(side_aces) >= 5 and len(trumps) >= 4
        return DeclareAlone(alone)

    def _play(self, view: SeatView) -> Action:
        trump = view.trump
        assert trump is not None
        cards = [a.card for a in view.legal]
        if not view.trick_cards:
            return Play(self._lead(view, cards, trump))
        trick = list(view.trick_cards)
        assert view.trick_leader is not None  # a trick with cards in it was led by someone
        order = play_order(view.trick_leader, skip=absent_seat(view.lone))
        winning_seat = order[trick_winner(trick, trump)]
        led_suit = trick[0].suit
        if winning_seat.team is view.seat.team:
            return Play(_lowest(cards, trump, led_suit))
        winners = [c for c in cards if trick_winner(trick + [c], trump) == len(trick)]
        return Play(_lowest(winners or cards, trump, led_suit))

    def _lead(self, view: SeatView, cards: list[Card], trump: Suit) -> Card:
        my_trumps = [c for c in trump_ranking(trump) if c in view.hand]
        gone = view.played | view.exposed
        outstanding = [c for c in trump_ranking(trump) if c not in gone]
        if len(my_trumps) >= 2 and my_trumps[0] == outstanding[0]:
            return my_trumps[0]
        side = [c for c in cards if not is_trump_card(c, trump)]
        aces = [c for c in side if c.rank is Rank.ACE]
        if aces:
            return self.rng.choice(aces)
        return _lowest(side or cards, trump, None)


_TREE_MASK = 0b1100  # J♣ and Q♣

_DECIDERS: dict[str, Callable[[HeuristicPolicy, SeatView], Action]] = {
    "cut": HeuristicPolicy._cut,
    "trump": HeuristicPolicy._trump,
    "discard": HeuristicPolicy._discard,
    "lone": HeuristicPolicy._lone,
    "play": HeuristicPolicy._play,
}


def _card_value(card: Card, trump: Suit, led_suit: Optional[Suit]) -> int:
    """Higher is more precious: trump cards above the led suit above the rest."""
    if is_trump_card(card, trump):
        return 200 - trump_ranking(trump).index(card)
    rank_value = 10 - plain_ranking(card.suit).index(card)
    return rank_value + (100 if card.suit is led_suit else 0)


def _lowest(cards: list[Card], trump: Suit, led_suit: Optional[Suit]) -> Card:
    return min(cards, key=lambda c: (_card_value(c, trump, led_suit), c.index))


def _hand_strength(hand: CardSet, trump: Suit) -> int:
    """A rough count: trump cards by rank, side aces, and short side suits."""
    strength = 0
    ranking = trump_ranking(trump)
    side_suits = set()
    for card in hand:
        if is_trump_card(card, trump):
            strength += 20 - ranking.index(card)
        else:
            side_suits.add(card.suit)
            strength += 6 if card.rank is Rank.ACE else 0
    return strength - 2 * len(side_suits)
