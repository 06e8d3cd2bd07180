"""The seeded workloads of the solver's measurements and cross-checks: full
and lone deals as batch rows, mid-trick positions, and bridge endings of the
same size for DDS. Every generator is a function of (seed, block), so a run
measures the same positions however it takes them.

>>> rows = full_deal_rows(3, seed=1)
>>> rows.shape[0], [len(p.legal_moves()) > 0 for p in rows_to_positions(rows)]
(3, [True, True, True])
>>> bridge_endings(1, seed=1)[0][0].startswith("N:")
True
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import numpy as np

from altbaumer.dd.rows import NO_LONE, decode_positions, encode_rows
from altbaumer.game.cards import Card
from altbaumer.game.position import Position
from altbaumer.game.rules import legal_cards
from altbaumer.game.seats import play_order

__all__ = [
    "full_deal_rows",
    "lone_deal_rows",
    "rows_to_positions",
    "mid_trick_positions",
    "bridge_endings",
    "PositionStream",
]

_STREAM_FULL, _STREAM_LONE, _STREAM_MID, _STREAM_BRIDGE = 1, 2, 3, 4


def _rng(seed: int, stream: int, block: int) -> np.random.Generator:
    return np.random.default_rng([seed & 0xFFFFFFFF, stream, block])


def _masks(cards: np.ndarray) -> np.ndarray:
    """(n, k) card indices → (n,) int64 masks."""
    return np.bitwise_or.reduce(np.left_shift(np.int64(1), cards.astype(np.int64)), axis=1)


def full_deal_rows(n: int, seed: int = 0, block: int = 0) -> np.ndarray:
    """``n`` batch rows (:mod:`altbaumer.dd.rows`) of full deals: five random
    cards each, random trump and leader, the leader's side make trump (as
    forehand's side do at the first lead)."""
    rng = _rng(seed, _STREAM_FULL, block)
    packs = np.argsort(rng.random((n, 24)), axis=1)
    hands = np.stack([_masks(packs[:, 5 * i : 5 * i + 5]) for i in range(4)], axis=1)
    trump = rng.integers(0, 4, n)
    leader = rng.integers(0, 4, n)
    return encode_rows(hands, trump, leader, NO_LONE, leader % 2)


def lone_deal_rows(n: int, seed: int = 0, block: int = 0) -> np.ndarray:
    """``n`` batch rows of lone deals: a random forehand, forehand or the
    partner plays alone, the other maker's hand is out of play (empty), three
    hands of five random cards; forehand leads unless set aside, then the
    next seat in play order leads (rules.md, Playing alone, Decision)."""
    rng = _rng(seed, _STREAM_LONE, block)
    packs = np.argsort(rng.random((n, 24)), axis=1)
    forehand = rng.integers(0, 4, n)
    lone = np.where(rng.integers(0, 2, n) == 1, forehand, (forehand + 2) % 4)
    absent = (lone + 2) % 4
    hands = np.zeros((n, 4), dtype=np.int64)
    for dealt, offset in enumerate(range(1, 4)):  # the three active seats: absent+1, absent+2, absent+3
        hands[np.arange(n), (absent + offset) % 4] = _masks(packs[:, 5 * dealt : 5 * dealt + 5])
    trump = rng.integers(0, 4, n)
    # Play goes anticlockwise N → W → S → E: the seat after s is (s - 1) mod 4.
    leader = np.where(forehand == absent, (forehand + 3) % 4, forehand)
    return encode_rows(hands, trump, leader, lone, forehand % 2)


def rows_to_positions(rows: np.ndarray) -> list[Position]:
    """The :class:`Position` of each batch row of full deals (validated)."""
    return decode_positions(rows)


def mid_trick_positions(n: int, seed: int = 0, block: int = 0) -> list[Position]:
    """``n`` full deals with one to three random legal cards played to the first trick."""
    rng = random.Random(f"{seed}/{_STREAM_MID}/{block}")
    out = []
    for start in rows_to_positions(full_deal_rows(n, seed, block + (1 << 20))):
        hands = dict(start.hands)
        trump, leader = start.trump, start.leader
        trick: list[Card] = []
        for seat in play_order(leader)[: rng.randint(1, 3)]:
            card = rng.choice(legal_cards(hands[seat], trick, trump).cards())
            hands[seat] = hands[seat] - card
            trick.append(card)
        out.append(Position(hands, trump, leader, tuple(trick), makers=start.makers))
    return out


# Bridge endings for DDS: 24-card pack A K Q J T 9 in each suit (PBN suit order S H D C).
_BRIDGE_RANKS = "AKQJT9"


def bridge_endings(n: int, seed: int = 0, block: int = 0) -> list[tuple[str, int]]:
    """``n`` bridge endings as (PBN deal, player on lead 0..3 = N E S W): four
    hands of five from the 24-card pack A K Q J T 9 (hearts will be trump)."""
    rng = _rng(seed, _STREAM_BRIDGE, block)
    packs = np.argsort(rng.random((n, 24)), axis=1)
    first = rng.integers(0, 4, n)
    out = []
    for pack, lead in zip(packs.tolist(), first.tolist()):
        hands = []
        for i in range(4):
            held = sorted(pack[5 * i : 5 * i + 5])  # index = suit * 6 + rank position (A first)
            hands.append(".".join("".join(_BRIDGE_RANKS[c % 6] for c in held if c // 6 == s) for s in range(4)))
        out.append(("N:" + " ".join(hands), lead))
    return out


class PositionStream:
    """Consecutive positions of one seeded workload, independent of how they
    are taken: the first k positions are always the same."""

    def __init__(self, make_block: Callable[[int], Any]) -> None:  # rows (an array) or a list of positions
        self._make = make_block
        self._block = 0
        self._pending: Sequence[Any] = []

    def take(self, size: int) -> Any:
        """The next ``size`` positions: an array of rows or a list of objects."""
        parts: list[Any] = []
        got = 0
        while got < size:
            if len(self._pending) == 0:
                self._pending = self._make(self._block)
                self._block += 1
            parts.append(self._pending[: size - got])
            self._pending = self._pending[size - got :]
            got += len(parts[-1])
        if isinstance(parts[0], np.ndarray):
            return np.concatenate(parts) if len(parts) > 1 else parts[0]
        return [x for p in parts for x in p]
