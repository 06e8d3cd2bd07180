"""Seats, partnerships and the anticlockwise order of deal and play.

Decision (rules.md, "Cards and seats"): seats are N E S W with partnerships
N–S and E–W, and deal and play go anticlockwise N → W → S → E → N.

>>> Seat.S.next()
<Seat.E: 1>
>>> forehand_of(Seat.S), cutter_of(Seat.S)
(<Seat.E: 1>, <Seat.W: 3>)
>>> Seat.E.team, Seat.E.partner
(<Team.EW: 1>, <Seat.W: 3>)
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Optional

# Raised here, defined with the other user errors; importable from here as before.
from altbaumer.errors import SeatParseError
from altbaumer.lang import _

__all__ = ["SeatParseError", "Seat", "Team", "SEATS", "forehand_of", "cutter_of", "play_order"]


class Team(IntEnum):
    """The two partnerships."""

    def __bool__(self) -> bool:
        # A member whose value is 0 must not read as "no value" in `if x:`.
        return True

    NS = 0
    EW = 1

    @property
    def other(self) -> "Team":
        return Team(1 - self)

    @property
    def seats(self) -> tuple["Seat", "Seat"]:
        return (Seat(self), Seat(self + 2))

    def __str__(self) -> str:
        return "N-S" if self is Team.NS else "E-W"


class Seat(IntEnum):
    """A seat at the table. Play passes to ``next()``: anticlockwise."""

    def __bool__(self) -> bool:
        # A member whose value is 0 must not read as "no value" in `if x:`.
        return True

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def team(self) -> Team:
        return Team(self % 2)

    @property
    def partner(self) -> "Seat":
        return Seat((self + 2) % 4)

    def next(self) -> "Seat":
        """The next seat in play order (the player on this one's right)."""
        return _NEXT[self]

    def previous(self) -> "Seat":
        """The seat before this one in play order (the player on its left)."""
        return _PREVIOUS[self]

    @classmethod
    def parse(cls, text: str) -> "Seat":
        key = text.strip().upper()
        found = _SEAT_NAMES.get(key)
        if found is None:
            raise SeatParseError(_("unknown seat {text} (use N, E, S or W)").format(text=repr(text)))
        return found

    def __str__(self) -> str:
        return self.name


_SEAT_NAMES = {s.name: s for s in Seat}
_SEAT_NAMES.update({"NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W})

SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
# Anticlockwise: N → W → S → E → N.
_NEXT = {seat: Seat((seat - 1) % 4) for seat in Seat}
_PREVIOUS = {after: seat for seat, after in _NEXT.items()}


@cache
def play_order(first: Seat, skip: Optional[Seat] = None) -> tuple[Seat, ...]:
    """The seats in play order starting with ``first``, leaving out ``skip``.

    >>> play_order(Seat.E, skip=Seat.W)
    (<Seat.E: 1>, <Seat.N: 0>, <Seat.S: 2>)
    """
    order = [first]
    while len(order) < 4:
        order.append(_NEXT[order[-1]])
    return tuple(seat for seat in order if seat is not skip)


def forehand_of(dealer: Seat) -> Seat:
    """Forehand sits on the dealer's right: next after the dealer in play order."""
    return dealer.next()


def cutter_of(dealer: Seat) -> Seat:
    """The cutter sits on the dealer's left; the cutter is forehand's partner."""
    return dealer.previous()
