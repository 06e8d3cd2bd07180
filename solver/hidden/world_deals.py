"""A world as a whole deal: the seat's view with the world's cards in the unknown places.

The rating solves worlds as arrays; playing a world out seat by seat (every
player deciding from its own knowledge, :mod:`altbaumer.play.realistic`)
needs a :class:`~altbaumer.game.deal.Deal` that every seat can view. Before
the play (accept or refuse, the discard, lone play) the deal is rebuilt from
the dealt hands, a stock order and the public history of the view, and
checked against the view: the same trump, taken and exposed cards, phase,
seat to act and hand.

The cards a world merges into "out of play" (the unturned stock cards and
forehand's discard, for a seat that has not seen it) are split between those
places in one way: nothing in the view tells the splits apart (docs/rating.md,
Approximations), so each stands for all.

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

from itertools import permutations
from typing import Mapping, Optional

from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Refuse
from altbaumer.game.cards import CARDS, Card, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import STOCK_SIZE
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden.worlds import Worlds

__all__ = ["deal_of_world", "PHASES"]

PHASES = (Phase.TRUMP.value, Phase.DISCARD.value, Phase.LONE.value)
"""The phases a world can be rebuilt in: the decisions before the play."""
_CUT_SEEN = 3  # Decision D13: a card seen at the cut and not taken is stock card 4


def deal_of_world(view: SeatView, worlds: Worlds, i: int) -> Deal:
    """World ``i`` of ``worlds`` (drawn for ``view``) as a deal at the view's moment."""
    if view.phase not in PHASES:
        raise AltbaumerError(f"a world can be played out from the decisions before the play, not the "
                             f"{view.phase} phase")
    hands: dict[Seat, Optional[CardSet]] = {seat: CardSet(int(worlds.hands[i, seat])) for seat in SEATS}
    if view.phase == Phase.TRUMP.value:
        stock = [CARDS[int(c)] for c in worlds.stock[i]]
        return _checked(_dealt(view, hands, stock), view)
    discard = _discard(view, CardSet(int(worlds.out[i])))
    dealt = dict(hands)
    dealt[view.forehand] = (CardSet(int(worlds.hands[i, view.forehand])) | discard) - view.taken
    unturned = (CardSet(int(worlds.out[i])) - discard) | (view.cut_seen - view.taken - view.exposed)
    for order in permutations(view.exposed | view.taken):
        deal = _trumped(view, dealt, _stock(list(order), unturned, view.cut_seen))
        if deal is not None:
            return _checked(_after_trump(deal, view, discard), view)
    raise AltbaumerError("no stock order of this world gives the view's trump making")


def _discard(view: SeatView, out: CardSet) -> CardSet:
    """Forehand's discard in the world: none yet, forehand's own, or cards of the merged out of play."""
    if view.phase == Phase.DISCARD.value:
        return CardSet()
    if view.discards is not None:
        return view.discards
    # A taken card out of play was discarded; the rest of the discard is any split of the merged place.
    taken = out & view.taken
    return taken | CardSet(list(out - taken)[: len(view.taken) - len(taken)])


def _stock(turned: list[Card], unturned: CardSet, cut_seen: CardSet) -> list[Card]:
    """The turned cards in this order, then the unturned ones, the card seen at the cut last (D13)."""
    seen = [c for c in unturned if c in cut_seen]
    rest = [c for c in unturned if c not in cut_seen]
    stock = turned + rest + seen
    if seen and len(stock) == STOCK_SIZE and stock.index(seen[0]) != _CUT_SEEN:
        raise AltbaumerError("the card seen at the cut must be stock card 4")
    return stock


def _dealt(view: SeatView, dealt: Mapping[Seat, Optional[CardSet]], stock: list[Card]) -> Deal:
    return Deal.from_hands(view.dealer, dealt, stock, view.cut_trees, view.cut_seen)


def _trumped(view: SeatView, dealt: Mapping[Seat, Optional[CardSet]], stock: list[Card]) -> Optional[Deal]:
    """The deal after the recorded accept or refuse, if this stock order makes trump as the view says."""
    if len(stock) != STOCK_SIZE:
        return None
    deal = _dealt(view, dealt, stock)
    deal.apply(Accept() if view.accepted else Refuse())
    if deal.trump is view.trump and deal.taken == view.taken and deal.exposed == view.exposed:
        return deal
    return None


def _after_trump(deal: Deal, view: SeatView, discard: CardSet) -> Deal:
    """The discard and the lone passes the view has seen."""
    if view.phase == Phase.LONE.value:
        deal.apply(Discard(tuple(discard)))
        for _ in view.lone_passed:
            deal.apply(DeclareAlone(False))
    return deal


def _checked(deal: Deal, view: SeatView) -> Deal:
    mine = deal.view(view.seat)
    if (mine.phase, mine.to_act, mine.hand, mine.trump) != (view.phase, view.to_act, view.hand, view.trump):
        raise AltbaumerError("the rebuilt deal does not match the view")  # a bug, not bad input
    return deal
