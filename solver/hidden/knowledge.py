"""What one seat knows of a deal, as an :class:`InfoSet` (rules.md, "Who knows what").

An :class:`InfoSet` is built from a :class:`~altbaumer.game.view.SeatView` alone,
never from a :class:`~altbaumer.game.deal.Deal`, so views read from files work too.
It splits the 24 cards into

* cards whose place the seat knows: its own hand, the cards played, cards out
  of play it has seen (exposed stock cards, its own discards, a cut card that
  was never turned, the public cards of a lone player's absent partner), the
  cutter's Trees, and in the trump phase stock cards 1 (turned) and 4 (seen at
  the cut, Decision D13);
* unknown cards, each allowed in some of a few *slots* of fixed capacity: the
  hands of the other active seats, one "out of play" slot (the unturned stock
  cards and an absent partner's hand, merged), forehand's face-down discard
  (for the other seats, once forehand has discarded) and, while forehand
  decides on trump, the face-down stock positions.

Unknown cards are restricted by public pins (a card forehand took is in
forehand's hand or discarded) and by voids shown in the play (a player who did
not follow cannot hold the cards that would have obliged it to).

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.game.seats import Seat
>>> deal = Deal.from_seed(3, dealer=Seat.N)
>>> info = InfoSet.from_view(deal.view(Seat.S))
>>> info.view.phase, len(info.unknown) == sum(slot.capacity for slot in info.slots)
('trump', True)
>>> [str(slot) for slot in info.slots][:3]
["N's hand", "E's hand", "W's hand"]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Iterable, Optional

from altbaumer.errors import InvalidDeal, WrongPhase
from altbaumer.game.cards import CARDS, FULL_PACK, TREES, Card, CardSet, Suit, suit_cards
from altbaumer.game.deal_rules import CUT_SEEN_POSITION, HAND_SIZE, STOCK_SIZE, absent_seat
from altbaumer.game.rules import follow_obligation, is_trump_card, trump_cards
from altbaumer.game.seats import SEATS, Seat, play_order
from altbaumer.game.view import SeatView

__all__ = [
    "DISCARD",
    "HAND",
    "OUT",
    "STOCK",
    "Slot",
    "Void",
    "InfoSet",
    "forbidden_holdings",
    "following_rule",
]

HAND = "hand"
OUT = "out"
DISCARD = "discard"
STOCK = "stock"


@dataclass(frozen=True)
class Slot:
    """A place holding ``capacity`` unknown cards: a seat's hand, the cards
    out of play, forehand's face-down discard, or one face-down stock position
    (2, 3 or 4)."""

    kind: str
    capacity: int
    seat: Optional[Seat] = None
    position: Optional[int] = None

    def __str__(self) -> str:
        if self.kind == HAND:
            return f"{self.seat}'s hand"
        if self.kind == STOCK:
            return f"stock card {self.position}"
        if self.kind == DISCARD:
            return "forehand's discard"
        return "out of play"


@dataclass(frozen=True)
class Void:
    """``seat`` cannot hold ``cards``: it played ``played`` to the trick
    ``trick`` (1-based) that ``leader`` led with ``led``, which would have
    been illegal with any of them (rules.md, Following, rule ``rule``)."""

    seat: Seat
    cards: CardSet
    played: Card
    led: Card
    leader: Seat
    trick: int
    rule: int
    trump: Suit

    def describe(self) -> str:
        """>>> from altbaumer.game.cards import Card, Suit
        >>> led, card = Card.parse("9H"), Card.parse("9S")
        >>> Void(Seat.W, forbidden_holdings(led, card, Suit.DIAMONDS), card, led, Seat.N, 2, 3, Suit.DIAMONDS).describe()
        'W holds no hearts and no trump cards (played 9♠ when N led 9♥ in trick 2; rules.md, Following, rule 3)'
        """
        return (
            f"{self.seat} holds {_no_cards(self.cards, self.trump)} "
            f"(played {self.played} when {self.leader} led {self.led} in trick {self.trick}; "
            f"rules.md, Following, rule {self.rule})"
        )

    __str__ = describe


def following_rule(led: Card, trump: Suit) -> int:
    """The number of the rule in rules.md, "Following", that a lead falls under.

    >>> following_rule(Card.parse("QC"), Suit.HEARTS), following_rule(Card.parse("9C"), Suit.HEARTS)
    (1, 2)
    """
    if is_trump_card(led, trump):
        return 1
    return 2 if led.suit is Suit.CLUBS else 3


@cache
def forbidden_holdings(led: Card, played: Card, trump: Suit) -> CardSet:
    """The cards Y a player cannot have held when it played ``played`` (not
    leading) to a trick led with ``led``: ``played`` is illegal from the hand
    ``{played, Y}``.

    The single-card test is exact for whole hands: the duties of rules.md,
    "Following", are tiers (rule 2: ordinary clubs, then Trees, then trumps;
    rules 1 and 3 likewise), the first tier a hand reaches decides, and a card
    legal in an earlier tier is legal in every later one down to its own (a
    Tree answers both the "ordinary club" and the "Tree" line). So a card is
    legal from a hand exactly when it is legal from every pair it makes with
    another card of that hand.

    >>> from altbaumer.game.cards import Card, Suit
    >>> forbidden_holdings(Card.parse("9C"), Card.parse("9D"), Suit.DIAMONDS).ascii()  # rule 2, third line
    'AC KC QC JC TC 9C'
    >>> forbidden_holdings(Card.parse("9C"), Card.parse("JC"), Suit.DIAMONDS).ascii()  # a Tree is always legal
    ''
    """
    mask = 0
    for other in CARDS:
        if other is not played and played not in follow_obligation(CardSet([played, other]), led, trump)[0]:
            mask |= other.mask
    return CardSet(mask)


@dataclass(frozen=True)
class _PlayRecord:
    trick: int
    leader: Seat
    led: Card
    seat: Seat
    card: Card
    order: int  # position of the play in the whole deal


@dataclass(frozen=True)
class InfoSet:
    """One seat's knowledge at one moment (see the module docstring).

    ``known_hands[s]`` are the cards known to be in seat ``s``'s current hand
    (its own hand for ``seat``); ``known_out`` the cards known to be out of
    play (the exposed cards included); ``known_stock`` the stock cards known
    in place, top first, during the trump phase only. ``unknown`` lists the
    other cards in index order and ``allowed[i]`` is the bitmask over
    ``slots`` of the places ``unknown[i]`` may be in. What the seat saw
    (its hand, the public cards, the phase) is ``view``'s.
    """

    view: SeatView
    hand_sizes: tuple[int, ...]
    known_hands: tuple[CardSet, ...]
    known_out: CardSet
    known_stock: tuple[Optional[Card], ...]
    unknown: tuple[Card, ...]
    slots: tuple[Slot, ...]
    allowed: tuple[int, ...]
    voids: tuple[Void, ...]

    @classmethod
    def from_view(cls, view: SeatView) -> "InfoSet":
        """The InfoSet of ``view``'s seat; :class:`InvalidDeal` if the view
        contradicts itself (no layout of the unknown cards fits it)."""
        return _Builder(view).build()

    @property
    def absent(self) -> Optional[Seat]:
        """The lone player's partner, whose hand is out of play (D8)."""
        return absent_seat(self.view.lone)

    @property
    def unknown_cards(self) -> CardSet:
        return CardSet(self.unknown)

    def slot_index(self, kind: str, seat: Optional[Seat] = None, position: Optional[int] = None) -> Optional[int]:
        """The index in ``slots`` of a slot, or ``None`` if there is no such slot."""
        for i, slot in enumerate(self.slots):
            if slot.kind == kind and slot.seat is seat and slot.position == position:
                return i
        return None

    def places(self, card: Card) -> tuple[Slot, ...]:
        """The slots an unknown card may be in (empty for a known card)."""
        if card not in self.unknown_cards:
            return ()
        return _slots_in(self.slots, self.allowed[self.unknown.index(card)])

    def void_cards(self, seat: Seat) -> CardSet:
        """Every card ``seat`` is known not to hold because of its plays."""
        mask = 0
        for void in self.voids:
            if void.seat is seat:
                mask |= void.cards.mask
        return CardSet(mask)

    def describe(self) -> str:
        """A few lines for humans: what is known, the places of the unknown
        cards, and every inference with its reason."""
        return "\n".join(_describe(self))

    __str__ = describe


# -- building -----------------------------------------------------------------


class _Builder:
    """Builds an InfoSet from a view in the order: known places, slots,
    allowed places (pins, then voids), feasibility."""

    def __init__(self, view: SeatView) -> None:
        if view.phase == "cut":
            raise WrongPhase("no hands are dealt before the cut is complete: nothing to analyse yet")
        self.view = view
        self.absent = absent_seat(view.lone)
        self.trump_phase = view.phase == "trump"
        # rules.md, Making trump: forehand's discard is unseen by everyone else.
        self.separate_discard = (
            view.seat is not view.forehand
            and view.phase not in ("trump", "discard")
            and view.forehand is not self.absent
        )
        self.plays = _plays(view, self.absent)
        self.claimed = 0
        self.known_hands = [0, 0, 0, 0]
        self.known_out = 0
        self.known_stock: list[Optional[Card]] = [None] * STOCK_SIZE

    # A card may be placed only once; a second place means the view is corrupt.
    def _claim(self, cards: CardSet, what: str) -> CardSet:
        twice = cards.mask & self.claimed
        if twice:
            raise InvalidDeal(f"{CardSet(twice).ascii()} cannot be {what}: already placed elsewhere in the view")
        self.claimed |= cards.mask
        return cards

    def build(self) -> InfoSet:
        view = self.view
        sizes = self._hand_sizes()
        self._place_known()
        unknown = tuple(c for c in CARDS if not self.claimed & c.mask)  # index order
        slots = self._slots(sizes, len(unknown))
        allowed, voids = self._allowed(unknown, slots)
        _check_feasible(unknown, slots, allowed)
        return InfoSet(
            view=view,
            hand_sizes=tuple(sizes),
            known_hands=tuple(CardSet(m) for m in self.known_hands),
            known_out=CardSet(self.known_out),
            known_stock=tuple(self.known_stock),
            unknown=unknown,
            slots=slots,
            allowed=allowed,
            voids=voids,
        )

    def _hand_sizes(self) -> list[int]:
        """Current hand sizes are public: five dealt, forehand holds the taken
        stock cards until it discards (rules.md, Making trump), minus plays."""
        view = self.view
        sizes = [0 if seat is self.absent else HAND_SIZE for seat in SEATS]
        if view.phase == "discard":
            sizes[view.forehand] += len(view.taken)
        for play in self.plays:
            sizes[play.seat] -= 1
            if sizes[play.seat] < 0:
                raise InvalidDeal(f"{play.seat} has played more cards than it was dealt")
        own = HAND_SIZE if view.seat is self.absent else sizes[view.seat]
        if len(view.hand) != own:
            raise InvalidDeal(f"{view.seat} should hold {own} cards now, not {len(view.hand)}")
        return sizes

    def _place_known(self) -> None:
        view = self.view
        seat = view.seat
        self._claim(view.played, "played")
        self._check_owner(view.cut_trees, view.cutter, "Trees taken at the cut")
        if seat is self.absent:
            self.known_out |= self._claim(view.hand, "in the put-aside hand").mask
        else:
            self.known_hands[seat] |= self._claim(view.hand, f"in {seat}'s hand").mask
        self.known_out |= self._claim(view.exposed, "exposed").mask
        if seat is view.forehand and view.discards is not None:
            self.known_out |= self._claim(view.discards, "discarded").mask
        if self.trump_phase:
            self._place_stock()
        else:
            self._place_taken()
            self._place_unturned_cut_card()
        self._place_cut_trees()

    def _place_stock(self) -> None:
        # rules.md, Making trump: card 1 is face up; D13: a cut card not taken is card 4.
        view = self.view
        if view.turned is None:
            raise InvalidDeal("in the trump phase the top stock card must be face up")
        self._claim(CardSet(view.turned), "the turned stock card")
        self.known_stock[0] = view.turned
        if len(view.cut_seen) > 1:
            raise InvalidDeal(f"only one card seen at the cut can stay in the stock, not {view.cut_seen.ascii()}")
        if view.cut_seen:
            self._claim(view.cut_seen, "stock card 4 (seen at the cut, Decision D13)")
            self.known_stock[CUT_SEEN_POSITION] = next(iter(view.cut_seen))

    def _place_taken(self) -> None:
        """Forehand's taken cards are public. Until forehand discards they are
        in its hand; afterwards, for anyone else, in its hand or among its face-
        down discards (D5) — left unknown with that pin, see :meth:`_allowed`."""
        view = self.view
        forehand = view.forehand
        self._check_owner(view.taken, forehand, "stock cards taken by forehand")
        left = view.taken - view.played
        if view.seat is forehand:
            if view.discards is not None and left - view.hand - view.discards:
                raise InvalidDeal(f"forehand's taken cards {left.ascii()} are neither in its hand nor discarded")
            return
        if view.phase == "discard":
            self.known_hands[forehand] |= self._claim(left, f"in {forehand}'s hand (taken from the stock)").mask
        elif forehand is self.absent:
            self.known_out |= self._claim(left, "out of play (taken by the absent forehand)").mask

    def _place_unturned_cut_card(self) -> None:
        # D13 + D6: card 4 seen at the cut, if never turned, lies face down out of play.
        view = self.view
        card4 = view.cut_seen - view.taken - view.exposed
        if card4 & view.played or card4 & view.hand:
            raise InvalidDeal(f"{card4.ascii()} (stock card 4, seen at the cut) was never taken, so it cannot be in play")
        if view.seat is view.forehand and view.discards is not None and card4 & view.discards:
            raise InvalidDeal(f"{card4.ascii()} (stock card 4) was never taken, so forehand cannot have discarded it")
        self.known_out |= self._claim(card4, "stock card 4 out of play").mask

    def _place_cut_trees(self) -> None:
        # rules.md, Who knows what: the cutter's Trees are public, in its hand;
        # if the cutter is the absent partner they stay known, out of play (D8).
        view = self.view
        cutter = view.cutter
        left = view.cut_trees - view.played
        if cutter is view.seat:
            if left - view.hand:
                raise InvalidDeal(f"the cutter's Trees {left.ascii()} are not in its hand")
        elif cutter is self.absent:
            self.known_out |= self._claim(left, "out of play (the absent cutter's Trees)").mask
        else:
            self.known_hands[cutter] |= self._claim(left, f"in {cutter}'s hand (taken at the cut)").mask

    def _check_owner(self, cards: CardSet, owner: Seat, what: str) -> None:
        for play in self.plays:
            if play.card in cards and play.seat is not owner:
                raise InvalidDeal(f"{play.seat} played {play.card.ascii()}, one of the {what}, which belong to {owner}")

    def _slots(self, sizes: list[int], n_unknown: int) -> tuple[Slot, ...]:
        view = self.view
        slots = []
        for seat in SEATS:
            if seat is view.seat or seat is self.absent:
                continue
            room = sizes[seat] - len(CardSet(self.known_hands[seat]))
            if room < 0:
                raise InvalidDeal(f"{seat} holds {sizes[seat]} cards, fewer than the cards known to be in its hand")
            slots.append(Slot(HAND, room, seat=seat))
        # For the other seats forehand's face-down discard is a slot of its
        # own: a taken card may be there but never among the unturned stock
        # cards, so one merged slot would weigh the physical layouts unevenly.
        # The other places out of play (unturned stock cards, the absent
        # partner's hand and, if that partner is forehand, its discard) are one
        # slot: no constraint tells them apart, so splitting them would only
        # multiply every world by the same factor.
        in_stock = STOCK_SIZE if self.trump_phase else 0
        out_total = len(FULL_PACK) - len(view.played) - sum(sizes) - in_stock
        discard_room = len(view.taken) if self.separate_discard else 0
        out_room = out_total - len(CardSet(self.known_out)) - discard_room
        slots.append(Slot(OUT, out_room))
        if self.separate_discard:
            slots.append(Slot(DISCARD, discard_room))
        for position in range(2, STOCK_SIZE + 1) if self.trump_phase else ():
            if self.known_stock[position - 1] is None:
                slots.append(Slot(STOCK, 1, position=position))
        rooms = sum(slot.capacity for slot in slots)
        if out_room < 0 or rooms != n_unknown:
            raise InvalidDeal(
                f"the view does not add up: {n_unknown} cards are unknown to {view.seat} "
                f"but the hidden places hold {rooms}"
            )
        return tuple(slots)

    def _allowed(self, unknown: tuple[Card, ...], slots: tuple[Slot, ...]) -> tuple[tuple[int, ...], tuple[Void, ...]]:
        view = self.view
        bit = {(s.kind, s.seat, s.position): 1 << i for i, s in enumerate(slots)}
        out = bit[(OUT, None, None)]
        everywhere = sum(bit.values()) & (~out if self.trump_phase else -1)
        allowed = {card: everywhere for card in unknown}  # D5: any card may be discarded
        forehand_hand = bit.get((HAND, view.forehand, None), 0)
        # Without a discard slot a taken card is unknown only to a forehand view lacking its discard.
        discard = bit.get((DISCARD, None, None), out)
        for card in view.taken:
            if card in allowed:
                allowed[card] = forehand_hand | discard  # D5: kept or discarded face down
        voids = self._apply_voids(allowed, bit)
        for card, where in allowed.items():
            if not where:
                raise InvalidDeal(f"{card.ascii()} cannot be anywhere: the play contradicts every place for it")
        return tuple(allowed[c] for c in unknown), voids

    def _apply_voids(self, allowed: dict[Card, int],
                     bit: dict[tuple[str, Optional[Seat], Optional[int]], int]) -> tuple[Void, ...]:
        """rules.md, Following, rules 1-3: a card played to a trick led by
        someone else shows the player held none of :func:`forbidden_holdings`. Cards only
        leave hands during the play, so the cards held then are the current
        hand plus the ones the player plays later: none may be forbidden."""
        view = self.view
        trump = view.trump
        voids = []
        for play in self.plays:
            if play.seat is play.leader or trump is None:
                continue
            forbidden = forbidden_holdings(play.led, play.card, trump)
            if not forbidden:
                continue
            self._check_void(play, forbidden, trump)
            if play.seat is view.seat:
                continue
            rule = following_rule(play.led, trump)
            voids.append(Void(play.seat, forbidden, play.card, play.led, play.leader, play.trick, rule, trump))
            seat_bit = bit.get((HAND, play.seat, None), 0)
            for card in forbidden:
                if card in allowed:
                    allowed[card] &= ~seat_bit
        return tuple(voids)

    def _check_void(self, play: _PlayRecord, forbidden: CardSet, trump: Suit) -> None:
        held_later = CardSet([p.card for p in self.plays if p.seat is play.seat and p.order > play.order])
        clash = (CardSet(self.known_hands[play.seat]) | held_later) & forbidden
        if clash:
            raise InvalidDeal(
                f"{play.seat} played {play.card.ascii()} to {play.led.ascii()} in trick {play.trick} "
                f"while holding {clash.ascii()} (rules.md, Following, rule {following_rule(play.led, trump)})"
            )


def _plays(view: SeatView, absent: Optional[Seat]) -> list[_PlayRecord]:
    """Every card played, with its player and the trick's lead, in order."""
    tricks = [(t.leader, t.cards, True) for t in view.tricks]
    if view.trick_cards:
        if view.trick_leader is None:
            raise InvalidDeal("a trick is in progress but its leader is not given")
        tricks.append((view.trick_leader, view.trick_cards, False))
    plays: list[_PlayRecord] = []
    for number, (leader, cards, complete) in enumerate(tricks, 1):
        order = play_order(leader, skip=absent)
        if leader is absent or len(cards) > len(order) or (complete and len(cards) != len(order)):
            raise InvalidDeal(f"trick {number} has {len(cards)} cards for {len(order)} active seats led by {leader}")
        for seat, card in zip(order, cards):
            plays.append(_PlayRecord(number, leader, cards[0], seat, card, len(plays)))
    return plays


def _check_feasible(unknown: tuple[Card, ...], slots: tuple[Slot, ...], allowed: tuple[int, ...]) -> None:
    """Hall's condition: every group of slots has room for the cards that can
    only go there. With rooms summing to the unknown cards, that is exactly
    when some layout exists."""
    for group in range(1, 1 << len(slots)):
        bound = [card for card, where in zip(unknown, allowed) if not where & ~group]
        room = sum(slot.capacity for i, slot in enumerate(slots) if group >> i & 1)
        if len(bound) > room:
            names = ", ".join(str(s) for s in _slots_in(slots, group))
            raise InvalidDeal(
                f"no layout fits the view: {CardSet(bound).ascii()} can only be in {names}, "
                f"which {'has' if room == 1 else 'have'} room for {room}"
            )


def _slots_in(slots: tuple[Slot, ...], mask: int) -> tuple[Slot, ...]:
    return tuple(slot for i, slot in enumerate(slots) if mask >> i & 1)


# -- describing ---------------------------------------------------------------


def _card_groups(trump: Suit) -> list[tuple[int, str, CardSet]]:
    """Named groups, widest first, each with its place in the wording."""
    groups = [(9, "trump cards", trump_cards(trump)), (8, "Trees", TREES)]
    for suit in Suit:
        plain = suit_cards(suit) - TREES
        if suit is trump:
            groups.append((7, f"{suit.name.lower()} below the Trees", plain))
        else:
            groups.append((int(suit), "ordinary clubs" if suit is Suit.CLUBS else suit.name.lower(), plain))
    return groups


def _no_cards(cards: CardSet, trump: Suit) -> str:
    """'no hearts and no trump cards': whole groups by name, the rest by card."""
    found = []
    rest = cards
    for place, name, group in _card_groups(trump):
        if group and not group - rest:
            found.append((place, name))
            rest = rest - group
    names = [name for _, name in sorted(found)] + [str(c) for c in rest]
    if not names:
        return "nothing in particular"
    return "no " + (", no ".join(names[:-1]) + " and no " if len(names) > 1 else "") + names[-1]


def _describe(info: InfoSet) -> Iterable[str]:
    trump = f"trump {info.view.trump}" if info.view.trump is not None else "trump not yet fixed"
    yield (
        f"{info.view.seat}'s view, {info.view.phase} phase, {trump}; dealer {info.view.dealer}, "
        f"forehand {info.view.forehand}, cutter {info.view.cutter}"
    )
    if info.view.lone is not None:
        yield f"{info.view.lone} plays alone: {info.absent}'s hand is out of play, unseen (Decision D8)"
    for seat in info.view.lone_passed:
        yield f"{seat} declined to play alone"
    yield f"own hand: {info.view.hand or '-'}"
    if info.view.played:
        yield f"played: {info.view.played}"
    for seat in SEATS:
        if seat is not info.view.seat and info.known_hands[seat]:
            yield f"known in {seat}'s hand: {info.known_hands[seat]}"
    if info.known_out:
        yield f"known out of play: {info.known_out}"
    if any(info.known_stock):
        why = ("turned", "", "", "seen at the cut, Decision D13")
        yield "stock: " + ", ".join(
            f"card {i + 1} = {c} ({why[i]})" for i, c in enumerate(info.known_stock) if c is not None
        )
    places = ", ".join(f"{slot}: {slot.capacity}" for slot in info.slots if slot.capacity)
    yield f"unknown: {len(info.unknown)} cards; {places or 'no hidden place'}"
    pinned = info.view.taken & info.unknown_cards
    if pinned:
        yield (
            f"- {pinned}: taken from the stock by forehand {info.view.forehand}, so in its hand "
            f"or among its face-down discards (Decision D5)"
        )
    for void in info.voids:
        yield f"- {void}"
    yield from _restrictions(info)


def _restrictions(info: InfoSet) -> Iterable[str]:
    """Cards that cannot be everywhere, grouped; full slots are not named."""
    roomy = sum(1 << i for i, slot in enumerate(info.slots) if slot.capacity)
    everywhere = 0
    for where in info.allowed:
        everywhere |= where & roomy
    groups: dict[int, list[Card]] = {}
    for card, where in zip(info.unknown, info.allowed):
        where &= roomy
        if where != everywhere:
            groups.setdefault(where, []).append(card)
    for where, cards in groups.items():
        names = " or ".join(str(s) for s in _slots_in(info.slots, where))
        yield f"- {CardSet(cards)}: only in {names}"
