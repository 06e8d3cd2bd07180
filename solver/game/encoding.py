"""What a seat knows, as a vector of 0s and 1s and as text, for learning agents.

Both game-AI adapters (``altbaumer.openspiel``, ``altbaumer.pettingzoo``)
encode a :class:`~altbaumer.game.view.SeatView` here and nowhere else, so an
agent trained in one sees the same numbers in the other. A view holds no
hidden card of another seat, so neither can its encoding.

The vector is a sequence of named **pieces**, each a block of fixed shape;
:func:`layout` lists them. A card piece has 24 entries, one per
:attr:`~altbaumer.game.cards.Card.index`; a seat piece 4, in the order N, E,
S, W.

==================  ========  ===========================================
piece               shape     holds
==================  ========  ===========================================
``seat``            4         the seat observing
``dealer``          4         the dealer (forehand and cutter follow)
``phase``           6         cut, trump, discard, lone, play, done
``to_act``          4         the seat to act (none at the end)
``hand``            24        the seat's own hand (private)
``discards``        24        forehand's own discards (private, forehand only)
``cut_offer``       24        the Trees the cut offers, while the cutter decides
``cut_trees``       24        the Trees the cutter took
``cut_seen``        24        cards seen at the cut and left (Decision D13)
``turned``          24        the turned stock card, while forehand decides
``answer``          2         forehand accepted, refused
``exposed``         24        refused stock cards, face up and out of play
``taken``           24        the stock cards forehand took
``trump``           4         the trump suit, clubs first
``lone_passed``     4         makers who declined to play alone
``lone``            4         the lone player
``trick_leader``    4         who led the trick in play
``trick``           4 × 24    the cards of the trick in play, by seat
``played``          4 × 24    the cards of the finished tricks, by seat
``tricks_won``      2 × 6     N-S's and E-W's tricks (one of 0–5 each)
``sequence``        20 × 28   perfect recall only: every card played, in
                              order, as its seat (4) and its card (24)
==================  ========  ===========================================

The observation (no perfect recall) has every piece but ``sequence``; the
information state has ``sequence`` in place of ``trick`` and ``played``,
which it holds in order. Without private information the ``hand`` and
``discards`` pieces are left out, without public information every piece but
``seat`` and those two.

The text names each piece that holds something, in the same order, so two
views have the same text exactly when they have the same vector.

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.game.seats import Seat
>>> view = Deal.from_seed(7).view(Seat.E)
>>> vector = encode(view, perfect_recall=False)
>>> vector.shape, int(vector.sum())
((432,), 13)
>>> text(view, perfect_recall=False)
'seat:E dealer:S phase:trump to_act:E hand:TC 9S QS QH JD cut_seen:KS turned:AD tricks_won:0,0'
"""

from __future__ import annotations

from functools import cache
from math import prod
from typing import Callable, Optional

import numpy as np

from altbaumer.game.actions import Phase
from altbaumer.game.cards import CARDS, Card, CardSet, Suit
from altbaumer.game.deal_rules import TRICKS, absent_seat
from altbaumer.game.seats import SEATS, Seat, cutter_of, forehand_of, play_order
from altbaumer.game.view import SeatView

__all__ = ["Piece", "layout", "size", "encode", "encode_into", "pieces", "text", "before_the_deal"]

Piece = tuple[str, tuple[int, ...]]
"""A piece's name and shape."""

_PHASES = tuple(Phase)
_CARD_SLOTS = TRICKS * len(SEATS)
_PRIVATE = ("hand", "discards")
_SEQUENCE_ONLY = ("sequence",)
_SNAPSHOT_ONLY = ("trick", "played")

_ALL: tuple[Piece, ...] = (
    ("seat", (4,)), ("dealer", (4,)), ("phase", (len(_PHASES),)), ("to_act", (4,)),
    ("hand", (24,)), ("discards", (24,)),
    ("cut_offer", (24,)), ("cut_trees", (24,)), ("cut_seen", (24,)), ("turned", (24,)), ("answer", (2,)),
    ("exposed", (24,)), ("taken", (24,)), ("trump", (4,)), ("lone_passed", (4,)), ("lone", (4,)),
    ("trick_leader", (4,)), ("trick", (4, 24)), ("played", (4, 24)), ("tricks_won", (2, TRICKS + 1)),
    ("sequence", (_CARD_SLOTS, 4 + 24)),
)


@cache
def layout(perfect_recall: bool, public: bool = True, private: bool = True) -> tuple[Piece, ...]:
    """The pieces of the vector, in order, for the kind of observation asked for.

    >>> [name for name, _ in layout(perfect_recall=True)][-3:]
    ['trick_leader', 'tricks_won', 'sequence']
    >>> [name for name, _ in layout(perfect_recall=False, public=False)]
    ['seat', 'hand', 'discards']
    """
    left_out = _SNAPSHOT_ONLY if perfect_recall else _SEQUENCE_ONLY
    return tuple((name, shape) for name, shape in _ALL
                 if name not in left_out and (name in _PRIVATE and private or name not in _PRIVATE and public
                                              or name == "seat"))


def size(perfect_recall: bool, public: bool = True, private: bool = True) -> int:
    """The length of the vector.

    >>> size(perfect_recall=False), size(perfect_recall=True)
    (432, 800)
    """
    return _slices(perfect_recall, public, private)[-1][2] if layout(perfect_recall, public, private) else 0


@cache
def _slices(perfect_recall: bool, public: bool, private: bool) -> tuple[tuple[str, int, int, tuple[int, ...]], ...]:
    """Each piece's name, where it starts and stops in the vector, and its shape."""
    found, start = [], 0
    for name, shape in layout(perfect_recall, public, private):
        found.append((name, start, start + prod(shape), shape))
        start += prod(shape)
    return tuple(found)


def pieces(vector: np.ndarray, perfect_recall: bool, public: bool = True,
           private: bool = True) -> dict[str, np.ndarray]:
    """Named views into ``vector`` (which they share), one per piece, in their shapes.

    >>> named = pieces(np.zeros(size(False)), perfect_recall=False)
    >>> named["played"].shape
    (4, 24)
    """
    return {name: vector[start:stop].reshape(shape) for name, start, stop, shape in
            _slices(perfect_recall, public, private)}


def encode(view: SeatView, perfect_recall: bool, public: bool = True, private: bool = True) -> np.ndarray:
    """The view as a new float32 vector of :func:`size` entries."""
    vector = np.zeros(size(perfect_recall, public, private), np.float32)
    encode_into(pieces(vector, perfect_recall, public, private), view)
    return vector


def encode_into(named: dict[str, np.ndarray], view: SeatView) -> None:
    """Write the view into the pieces of :func:`pieces` (zeroed first): the
    one writer of the vector, which an observer that keeps its buffer calls."""
    for name, array in named.items():
        array.fill(0)
        _WRITERS[name](array, view)


def _cards(array: np.ndarray, cards: "CardSet | tuple[Card, ...]") -> None:
    for card in cards:
        array[card.index] = 1


def _seat(array: np.ndarray, seat: Optional[Seat]) -> None:
    if seat is not None:
        array[int(seat)] = 1


def _answer(array: np.ndarray, view: SeatView) -> None:
    if view.accepted is not None:
        array[0 if view.accepted else 1] = 1


def _trick(array: np.ndarray, view: SeatView) -> None:
    for seat, card in _current_trick(view):
        array[int(seat), card.index] = 1


def _played(array: np.ndarray, view: SeatView) -> None:
    for seat, card in _finished_cards(view):
        array[int(seat), card.index] = 1


def _tricks_won(array: np.ndarray, view: SeatView) -> None:
    for team, count in enumerate(view.tricks_won):
        array[team, count] = 1


def _sequence(array: np.ndarray, view: SeatView) -> None:
    for slot, (seat, card) in enumerate(_finished_cards(view) + _current_trick(view)):
        array[slot, int(seat)] = 1
        array[slot, 4 + card.index] = 1


def _phase(array: np.ndarray, view: SeatView) -> None:
    found = [i for i, phase in enumerate(_PHASES) if phase.value == view.phase]
    array[found] = 1


def _trump(array: np.ndarray, view: SeatView) -> None:
    if view.trump is not None:
        array[int(view.trump)] = 1


def _lone_passed(array: np.ndarray, view: SeatView) -> None:
    for seat in view.lone_passed:
        array[int(seat)] = 1


def _seats_of(leader: Seat, lone: Optional[Seat], cards: tuple[Card, ...]) -> list[tuple[Seat, Card]]:
    """Each card of a trick with the seat that played it (the deal's play order)."""
    return list(zip(play_order(leader, skip=absent_seat(lone)), cards))


def _finished_cards(view: SeatView) -> list[tuple[Seat, Card]]:
    return [pair for trick in view.tricks for pair in _seats_of(trick.leader, view.lone, trick.cards)]


def _current_trick(view: SeatView) -> list[tuple[Seat, Card]]:
    if view.trick_leader is None:
        return []
    return _seats_of(view.trick_leader, view.lone, view.trick_cards)


_Writer = Callable[[np.ndarray, SeatView], None]
_WRITERS: dict[str, _Writer] = {
    "seat": lambda a, v: _seat(a, v.seat),
    "dealer": lambda a, v: _seat(a, v.dealer),
    "phase": _phase,
    "to_act": lambda a, v: _seat(a, v.to_act),
    "hand": lambda a, v: _cards(a, v.hand),
    "discards": lambda a, v: _cards(a, v.discards or CardSet()),
    "cut_offer": lambda a, v: _cards(a, v.cut_offer),
    "cut_trees": lambda a, v: _cards(a, v.cut_trees),
    "cut_seen": lambda a, v: _cards(a, v.cut_seen),
    "turned": lambda a, v: _cards(a, () if v.turned is None else (v.turned,)),
    "answer": _answer,
    "exposed": lambda a, v: _cards(a, v.exposed),
    "taken": lambda a, v: _cards(a, v.taken),
    "trump": _trump,
    "lone_passed": _lone_passed,
    "lone": lambda a, v: _seat(a, v.lone),
    "trick_leader": lambda a, v: _seat(a, v.trick_leader),
    "trick": _trick,
    "played": _played,
    "tricks_won": _tricks_won,
    "sequence": _sequence,
}


def text(view: SeatView, perfect_recall: bool, public: bool = True, private: bool = True) -> str:
    """The view as one line: every piece that holds something, as
    ``name:value``, in the order of :func:`layout` (cards as ``QC`` by
    index, seats as ``N``, a trick or the finished tricks as ``N=AS 9H,E=9S``,
    the sequence as ``W=QC,N=9C``). It is read off the vector, entry by
    entry, so it says exactly what the vector says."""
    labels = _labels(perfect_recall, public, private)
    said: dict[str, dict[object, list[str]]] = {}
    for index in np.flatnonzero(encode(view, perfect_recall, public, private)).tolist():
        name, group, word = labels[index]
        said.setdefault(name, {}).setdefault(group, []).append(word)
    return " ".join(f"{name}:{_JOIN[name](groups)}" for name, groups in said.items())


Label = tuple[str, object, str]


@cache
def _labels(perfect_recall: bool, public: bool, private: bool) -> tuple[Label, ...]:
    """For every entry of the vector: its piece, the group it is written in
    (a seat's cards, a slot of the sequence; ``None`` for a flat piece) and its word."""
    found: list[Label] = []
    for name, _, _, shape in _slices(perfect_recall, public, private):
        found += [(name, *_label(name, entry, shape)) for entry in range(prod(shape))]
    return tuple(found)


def _label(name: str, entry: int, shape: tuple[int, ...]) -> tuple[object, str]:
    row, column = divmod(entry, shape[-1])
    if name == "phase":
        return None, _PHASES[entry].value
    if name == "answer":
        return None, ("accepted", "refused")[entry]
    if name == "trump":
        return None, Suit(entry).letter
    if name == "tricks_won":
        return row, str(column)
    if name == "sequence":
        return row, SEATS[column].name if column < len(SEATS) else CARDS[column - len(SEATS)].ascii()
    if name in ("trick", "played"):
        return SEATS[row].name, CARDS[column].ascii()
    if shape == (len(SEATS),):
        return None, SEATS[entry].name
    return None, CARDS[entry].ascii()


def _flat(groups: dict[object, list[str]]) -> str:
    return " ".join(groups[None])


_JOIN: dict[str, Callable[[dict[object, list[str]]], str]] = {
    **{name: _flat for name, _ in _ALL},
    **{name: lambda groups: ",".join(groups[None]) for name in ("seat", "dealer", "to_act", "lone_passed", "lone",
                                                                "trick_leader")},
    "trick": lambda groups: ",".join(f"{seat}={' '.join(cards)}" for seat, cards in groups.items()),
    "played": lambda groups: ",".join(f"{seat}={' '.join(cards)}" for seat, cards in groups.items()),
    "tricks_won": lambda groups: ",".join(count for counts in groups.values() for count in counts),
    "sequence": lambda groups: ",".join("=".join(words) for words in groups.values()),
}


def before_the_deal(seat: Seat, dealer: Seat) -> SeatView:
    """What ``seat`` knows while the pack is shuffled and cut: the seats
    alone, no one to act yet (the phase reads ``cut``, the first of a deal).

    >>> text(before_the_deal(Seat.N, Seat.S), perfect_recall=True)
    'seat:N dealer:S phase:cut tricks_won:0,0'
    """
    return SeatView(seat=seat, dealer=dealer, forehand=forehand_of(dealer), cutter=cutter_of(dealer),
                    phase=Phase.CUT.value, to_act=None, hand=CardSet(), cut_offer=(), cut_trees=CardSet(),
                    cut_seen=CardSet(), turned=None, accepted=None, exposed=CardSet(), taken=CardSet(), trump=None,
                    discards=None, lone=None, tricks=(), trick_leader=None, trick_cards=(), tricks_won=(0, 0),
                    legal=())
