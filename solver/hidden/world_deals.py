"""A world as a whole deal: the seat's view with the world's cards in the unknown places.

The rating solves worlds as arrays; playing a world out seat by seat (every
player deciding from its own knowledge, :mod:`altbaumer.play.realistic`)
needs a :class:`~altbaumer.game.deal.Deal` that every seat can view. The deal
is rebuilt from the dealt hands (each seat's hand in the world with the
cards it has played), a stock order and the public history of the view, and
replayed: the trump making, the discard, the lone declarations and every
card played. It is checked against the view: the same trump, taken and
exposed cards, phase, seat to act, hand and legal actions.

The cards a world merges into "out of play" (the unturned stock cards,
forehand's discard for a seat that has not seen it, a lone player's absent
partner's hand) are split between those places at random (``rng``): every
layout of the merged place weighs the same (docs/rating.md, Approximations),
and a taken card out of play can only have been discarded.

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.hidden.worlds import sample_worlds
>>> import numpy as np
>>> deal = Deal.from_seed(4)
>>> view = deal.view(deal.forehand)
>>> worlds = sample_worlds(InfoSet.from_view(view), 3, np.random.default_rng(0))
>>> rebuilt = deal_of_world(view, worlds, 0)
>>> rebuilt.view(view.seat).hand == view.hand, rebuilt.phase.value
(True, 'trump')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import permutations
from typing import Mapping, Optional

from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Play, Refuse
from altbaumer.game.cards import CARDS, Card, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import HAND_SIZE, STOCK_SIZE, absent_seat
from altbaumer.game.seats import SEATS, Seat, play_order
from altbaumer.game.view import SeatView
from altbaumer.hidden.worlds import Worlds

__all__ = ["deal_of_world", "played_by", "split_out_of_play", "OutOfPlay"]

_CUT_SEEN = 3  # Decision D13: a card seen at the cut and not taken is stock card 4


def deal_of_world(view: SeatView, worlds: Worlds, i: int, rng: Optional[random.Random] = None) -> Deal:
    """World ``i`` of ``worlds`` (drawn for ``view``) as a deal at the view's
    moment; ``rng`` (default: seeded by ``i``) splits the merged out of play."""
    if view.phase == Phase.CUT.value:
        raise AltbaumerError("nothing is dealt before the cut is complete")
    rng = rng or random.Random(i)
    current = {seat: CardSet(int(worlds.hands[i, seat])) for seat in SEATS}
    played = played_by(view)
    dealt: dict[Seat, Optional[CardSet]] = {seat: current[seat] | played[seat] for seat in SEATS}
    if view.phase == Phase.TRUMP.value:
        return _checked(_dealt(view, dealt, [CARDS[int(c)] for c in worlds.stock[i]]), view)
    split = split_out_of_play(view, int(worlds.out[i]), rng)
    absent = absent_seat(view.lone)
    if split.absent_hand is not None and absent is not None:
        dealt[absent] = split.absent_hand
    if not (absent is view.forehand and view.seat is not view.forehand):
        dealt[view.forehand] = ((dealt[view.forehand] or CardSet()) | split.discard) - view.taken
        if absent is view.seat:
            dealt[absent] = view.hand  # its own hand, set aside
    discard, out = split.discard, split.unturned
    unturned = CardSet(out) | (view.cut_seen - view.taken - view.exposed)
    # The cards left face up were turned before the ones taken: that order nearly always makes the
    # view's trump, so it is tried first (the others only in the rare orders a view leaves open).
    natural = list(view.exposed) + list(view.taken)
    for order in [natural] + [list(o) for o in permutations(view.exposed | view.taken) if list(o) != natural]:
        deal = _trumped(view, dealt, _stock(order, unturned, view.cut_seen))
        if deal is not None:
            return _checked(_replayed(deal, view, discard), view)
    raise AltbaumerError("no stock order of this world gives the view's trump making")


@dataclass(frozen=True)
class OutOfPlay:
    """A world's merged out of play split into its places: forehand's
    discard, a lone player's absent partner's dealt hand (``None`` when no
    one sits out), and the stock cards never turned (in the drawn order)."""

    discard: CardSet
    absent_hand: Optional[CardSet]
    unturned: list[Card]


def split_out_of_play(view: SeatView, out_mask: int, rng: random.Random) -> OutOfPlay:
    """The cards out of play that ``view.seat`` cannot see (a world's
    ``out``), split at random by ``rng`` (see the module docstring); after
    the trump phase only. The same ``rng`` state gives the same split, so a
    world's deal and its engine row agree."""
    out = list(CardSet(out_mask))
    rng.shuffle(out)
    absent = absent_seat(view.lone)
    if absent is view.forehand and view.seat is not view.forehand:
        # Forehand's five dealt cards went aside with its discard: the discard is any of them or the taken cards.
        aside = _absent_hand(view, absent, out)
        return OutOfPlay(CardSet(rng.sample(list(aside | view.taken), len(view.taken))), aside, out)
    discard = _discard(view, out)  # first: a taken card out of play can only be the discard
    hand = _absent_hand(view, absent, out) if absent is not None and absent is not view.seat else None
    return OutOfPlay(discard, hand, out)


def played_by(view: SeatView) -> dict[Seat, CardSet]:
    """The cards each seat has played, from the view's tricks."""
    absent = absent_seat(view.lone)
    played = {seat: CardSet() for seat in SEATS}
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick_cards and view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick_cards))
    for leader, cards in tricks:
        for seat, card in zip(play_order(leader, skip=absent), cards):
            played[seat] = played[seat] | card
    return played


def _absent_hand(view: SeatView, absent: Seat, out: list[Card]) -> CardSet:
    """The dealt hand of a lone player's absent partner: its Trees from the
    cut, if it cut, and the rest from the merged out of play, taken off ``out``
    (forehand's taken cards are public, out of play, and were never dealt)."""
    known = view.cut_trees if absent is view.cutter else CardSet()  # D8: an absent cutter's Trees stay known
    need = HAND_SIZE - len(known)
    chosen, out[:] = out[:need], out[need:]
    return known | CardSet(chosen)


def _discard(view: SeatView, out: list[Card]) -> CardSet:
    """Forehand's discard in the world: none yet, forehand's own, or cards of
    the merged out of play (taken off ``out``); a taken card out of play was discarded."""
    if view.phase in (Phase.TRUMP.value, Phase.DISCARD.value):
        return CardSet()
    if view.discards is not None:
        return view.discards
    forced = [c for c in out if c in view.taken]
    rest = [c for c in out if c not in view.taken]
    chosen = forced + rest[: len(view.taken) - len(forced)]
    out[:] = [c for c in out if c not in chosen]
    return CardSet(chosen)


def _stock(turned: list[Card], unturned: CardSet, cut_seen: CardSet) -> list[Card]:
    """The turned cards in this order, then the unturned ones, the card seen at the cut last (D13)."""
    seen = [c for c in unturned if c in cut_seen]
    return turned + [c for c in unturned if c not in cut_seen] + seen


def _dealt(view: SeatView, dealt: Mapping[Seat, Optional[CardSet]], stock: list[Card]) -> Deal:
    return Deal.from_hands(view.dealer, dealt, stock, view.cut_trees, view.cut_seen)


def _trumped(view: SeatView, dealt: Mapping[Seat, Optional[CardSet]], stock: list[Card]) -> Optional[Deal]:
    """The deal after the recorded accept or refuse, if this stock order makes trump as the view says."""
    if len(stock) != STOCK_SIZE or (view.cut_seen and stock[_CUT_SEEN] not in view.cut_seen):
        return None
    deal = _dealt(view, dealt, stock)
    deal.apply(Accept() if view.accepted else Refuse())
    if deal.trump is view.trump and deal.taken == view.taken and deal.exposed == view.exposed:
        return deal
    return None


def _replayed(deal: Deal, view: SeatView, discard: CardSet) -> Deal:
    """The discard, the lone declarations and the cards the view has seen."""
    if view.phase == Phase.DISCARD.value:
        return deal
    deal.apply(Discard(tuple(discard)))
    while deal.phase is Phase.LONE and (deal.to_act in view.lone_passed or deal.to_act is view.lone):
        deal.apply(DeclareAlone(deal.to_act is view.lone))
    cards = [c for t in view.tricks for c in t.cards] + list(view.trick_cards)
    for card in cards:
        deal.apply(Play(card))
    return deal


def _checked(deal: Deal, view: SeatView) -> Deal:
    mine = deal.view(view.seat)
    if (mine.phase, mine.to_act, mine.hand, mine.trump, mine.legal) != (
            view.phase, view.to_act, view.hand, view.trump, view.legal):
        raise AltbaumerError("the rebuilt deal does not match the view")  # a bug, not bad input
    return deal
