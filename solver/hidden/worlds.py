"""The layouts ("worlds") of the unknown cards consistent with an InfoSet.

Every distinct assignment of :attr:`InfoSet.unknown` to the InfoSet's slots
that respects the capacities and each card's allowed slots is one world, and
all worlds weigh the same. A dynamic programme over the cards, with the
remaining capacities as state, counts them; the same table *ranks* them, so
world number ``r`` (0 ≤ r < total) can be built directly. Enumeration builds
ranks 0, 1, 2, … (a fixed, deterministic order); sampling builds uniformly
drawn ranks, which is sequential sampling with every step weighted by the
counts of the programme, exact and without rejection. The table depends only
on the slots' capacities and the cards' allowed slots, and the last few are
kept: a rating deals many times from views that share them.

The result is a :class:`Worlds` of numpy arrays ready for the batch solver.

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.game.seats import Seat
>>> info = InfoSet.from_view(Deal.from_seed(3, dealer=Seat.N).view(Seat.S))
>>> worlds = sample_worlds(info, 1000, np.random.default_rng(1))
>>> worlds.hands.shape, worlds.exact, worlds.total == count_worlds(info)
((1000, 4), False, True)
>>> bool((worlds.hands[:, Seat.S] == info.view.hand.mask).all())
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Optional

import numpy as np

from altbaumer.errors import AltbaumerError
from altbaumer.hidden.knowledge import DISCARD, HAND, OUT, STOCK, InfoSet
from altbaumer.game.seats import SEATS

__all__ = ["Worlds", "count_worlds", "enumerate_worlds", "sample_worlds", "ranked_worlds", "worlds_for", "memory_budget",
           "worlds_that_fit", "WORLD_BYTES", "MEMORY_SHARE", "BUDGET_WORDS"]

# Ranks are int64: a view of a real deal leaves at most 19 unknown cards for at
# most 7 slots, so fewer than 7**19 < 2**63 worlds.
_MAX_TOTAL = 2**62
ENUMERATION_LIMIT = 5_000_000
WORLD_BYTES = 300
"""Peak bytes per world while worlds are made (measured): 72 kept (``hands``,
``stock``, ``out``), the rest the unranking's arrays. A rating needs more per
world for what it keeps of each (:data:`altbaumer.hidden.rating.WORLD_BYTES`)."""
MEMORY_SHARE, BUDGET_WORDS = 4, "a quarter of this machine's memory"
"""The worlds of one call may take 1/MEMORY_SHARE of physical memory: the rest
of the machine keeps its room, and so does an estimate a little short."""
_ASSUMED_MEMORY = 16 * 10**9  # where the system does not say how much it has


@dataclass(frozen=True, eq=False)
class Worlds:
    """``n`` worlds as arrays (cards as 24-bit masks, bit ``i`` = ``Card.index``):

    * ``hands`` — int64 ``(n, 4)``: every seat's current hand, columns N E S W;
      the absent partner's column is 0;
    * ``stock`` — int64 ``(n, 4)``: the card index at each stock position, top
      first, in the trump phase only (-1 elsewhere and in other phases);
    * ``out`` — int64 ``(n,)``: the cards out of play that the seat cannot see,
      forehand's unseen discard included (so worlds differing only in which of
      them is the discard have equal rows: each stands for its own layout);
    * ``exact`` — the worlds are all the worlds, each once (else a sample);
    * ``total`` — the exact number of worlds.
    """

    hands: np.ndarray
    stock: np.ndarray
    out: np.ndarray
    exact: bool
    total: int

    def __len__(self) -> int:
        return len(self.out)


def count_worlds(info: InfoSet) -> int:
    """The exact number of worlds of ``info``.

    >>> from altbaumer.game.deal import Deal
    >>> from altbaumer.hidden.knowledge import InfoSet
    >>> from altbaumer.game.seats import Seat
    >>> from math import factorial
    >>> deal = Deal.from_seed(3, dealer=Seat.N)  # no Tree taken, one card seen at the cut
    >>> deal.cut_trees, len(deal.cut_seen)
    (CardSet.parse(''), 1)
    >>> count_worlds(InfoSet.from_view(deal.view(Seat.S))) == factorial(17) // factorial(5) ** 3
    True
    """
    caps = tuple(slot.capacity for slot in info.slots)
    if sum(caps) == len(info.allowed):
        try:
            return _table_of(caps, info.allowed).total  # the table the worlds are then dealt by
        except ValueError:
            pass  # past 64 bits
    return _count_exactly(info)


def enumerate_worlds(info: InfoSet, limit: int = ENUMERATION_LIMIT) -> Worlds:
    """Every world of ``info``, each once, always in the same order.
    ``ValueError`` if there are more than ``limit``."""
    table = _table(info)
    if table.total > limit:
        raise ValueError(f"{table.total} worlds are too many to enumerate (limit {limit}); sample them instead")
    return _build(info, table, np.arange(table.total, dtype=np.int64), exact=True)


def sample_worlds(info: InfoSet, n: int, rng: np.random.Generator) -> Worlds:
    """``n`` independent uniformly drawn worlds of ``info`` (with replacement)."""
    table = _table(info)
    ranks = rng.integers(0, table.total, size=n, dtype=np.int64)
    return _build(info, table, ranks, exact=False)


def ranked_worlds(info: InfoSet, ranks: np.ndarray) -> Worlds:
    """Worlds number ``ranks`` of ``info`` (each below :func:`count_worlds`), in
    the order :func:`enumerate_worlds` numbers them; as a sample (not exact)."""
    table = _table(info)
    ranks = np.asarray(ranks, dtype=np.int64)
    if ((ranks < 0) | (ranks >= table.total)).any():
        raise ValueError(f"ranks must be 0..{table.total - 1}")
    return _build(info, table, ranks, exact=False)


def worlds_for(info: InfoSet, exact_limit: int, samples: int, seed: Optional[int] = None,
               world_bytes: int = WORLD_BYTES) -> Worlds:
    """All worlds when there are at most ``exact_limit``, else ``samples``
    uniform draws from a generator seeded with ``seed``. Refused before they
    are made, naming the option that asks for them (``--samples``,
    ``--exact-limit``), when at ``world_bytes`` each they would not fit in
    :func:`memory_budget`."""
    total = count_worlds(info)
    if total <= exact_limit:
        _check_fits(total, world_bytes, f"--exact-limit {exact_limit:,} asks for all {total:,} worlds, which need "
                    "about {size}", ": a lower --exact-limit samples them instead")
        return enumerate_worlds(info, limit=max(exact_limit, 0))
    _check_fits(samples, world_bytes, f"--samples {samples:,} needs about {{size}} for the worlds", "")
    return sample_worlds(info, samples, np.random.default_rng(seed))


def memory_budget() -> int:
    """The bytes the worlds of one call may take: physical memory / :data:`MEMORY_SHARE`."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or not these names
        memory = _ASSUMED_MEMORY
    return memory // MEMORY_SHARE


def worlds_that_fit(world_bytes: int = WORLD_BYTES) -> int:
    """The most worlds of ``world_bytes`` each that fit in :func:`memory_budget`,
    rounded down to two significant figures, as the messages give it."""
    fits = memory_budget() // world_bytes
    scale = 10 ** max(len(str(fits)) - 2, 0)
    return fits // scale * scale


def _check_fits(count: int, world_bytes: int, asked: str, advice: str) -> None:
    """Refuse ``count`` worlds past the budget: ``asked`` says who asks, with
    ``{size}`` for what they need; ``advice`` ends the message."""
    if count * world_bytes > memory_budget():
        raise AltbaumerError(f"{asked.format(size=_size(count * world_bytes))}; at most "
                             f"{worlds_that_fit(world_bytes):,} fit in {_size(memory_budget())} "
                             f"({BUDGET_WORDS}){advice}")


def _size(count: int) -> str:
    return f"{count / 10**9:,.1f} GB" if count >= 10**9 else f"{count / 10**6:,.0f} MB"


# -- the counting table -------------------------------------------------------

# The tables of the last few (capacities, allowed places) keys. A rating and the
# playouts of its options deal many times from views that differ only in what is
# known, not in what is unknown, so the same key comes back call after call
# (4 boards of examples/games.abn reviewed for one player: 188 calls, 21 keys,
# 21 tables made with this many kept, 27 with two). The largest table of the
# views of 12 seeded random deals takes 1.1 MB, the median 70 kB.
_TABLES = 16
_BLOCK = 2048  # worlds whose cards are gathered into slots at a time (see _masks)


@dataclass(frozen=True, eq=False)
class _Card:
    """One unknown card of a :class:`_Table`: ``slots`` its allowed slots with
    room, in order, ``drop`` what going to each takes off the state (the slot's radix),
    and ``below[m, s]`` the worlds of this card and the next from state ``s``
    whose card goes to a slot before ``slots[m]``."""

    slots: np.ndarray
    drop: np.ndarray
    below: np.ndarray


@dataclass(frozen=True, eq=False)
class _Table:
    """The counting programme of the cards in order. A state is a mixed-radix
    number of the remaining capacities (slot 0 the lowest digit); the start
    state (all rooms free) is the largest, and ``total`` its worlds."""

    total: int
    start: int
    cards: tuple[_Card, ...]


def _table(info: InfoSet) -> _Table:
    return _table_of(tuple(slot.capacity for slot in info.slots), info.allowed)


@lru_cache(maxsize=_TABLES)
def _table_of(caps: tuple[int, ...], allowed: tuple[int, ...]) -> _Table:
    """The table of cards allowed in ``allowed`` (slot masks) for rooms
    ``caps``; ``ValueError`` past 64 bits. Read-only: it is shared."""
    radix = np.cumprod((1,) + tuple(cap + 1 for cap in caps[:-1]), dtype=np.int64)
    shape = tuple(cap + 1 for cap in reversed(caps))  # as a C array, slot j is axis -1 - j
    n_states = int(np.prod(shape, dtype=np.int64))
    # A card in slot j leaves one room fewer there: the worlds from a state with d
    # rooms free in j are those of the next cards from the state with d - 1.
    into = [tuple(slice(1, None) if axis == len(caps) - 1 - j else slice(None) for axis in range(len(caps)))
            for j in range(len(caps))]
    from_ = [tuple(slice(None, -1) if axis == len(caps) - 1 - j else slice(None) for axis in range(len(caps)))
             for j in range(len(caps))]
    counts = np.zeros(n_states, dtype=np.int64)
    counts[0] = 1  # no card left, every room filled
    cards: list[_Card] = []
    for where in reversed(allowed):
        slots = [j for j in range(len(caps)) if where >> j & 1 and caps[j]]  # a slot without room takes no card
        # Row m + 1 the worlds with the card in slots[m]; summed down, row m is below[m] and the last row the counts.
        sums = np.zeros((len(slots) + 1,) + shape, dtype=np.int64)
        grid = counts.reshape(shape)
        for m, j in enumerate(slots):
            sums[m + 1][into[j]] = grid[from_[j]]
        sums = np.cumsum(sums.reshape(len(slots) + 1, n_states), axis=0, out=sums.reshape(len(slots) + 1, n_states))
        counts = sums[-1]
        # A sum past 2**63 wraps round to a negative partial sum before the total can hide it.
        if counts.max(initial=0) >= _MAX_TOTAL or sums.min(initial=0) < 0:
            raise ValueError("too many worlds to rank in 64 bits; the view cannot come from a real deal")
        card = _Card(slots=np.array(slots, dtype=np.int8), drop=radix[slots], below=sums[:-1])
        for array in (card.slots, card.drop, card.below):
            array.setflags(write=False)
        cards.append(card)
    return _Table(total=int(counts[n_states - 1]), start=n_states - 1, cards=tuple(reversed(cards)))


def _count_exactly(info: InfoSet) -> int:
    """The worlds of ``info`` in Python integers by the recursion of their
    definition: for the InfoSets a table cannot count (past 64 bits, or made
    by hand with rooms that do not add up to the cards)."""
    caps0 = tuple(slot.capacity for slot in info.slots)
    allowed = info.allowed
    last = len(allowed)
    slots = range(len(caps0))

    @cache
    def ways(i: int, caps: tuple[int, ...]) -> int:
        if i == last:
            return 1  # with rooms that add up to the cards, all are now full
        total = 0
        for j in slots:
            if allowed[i] >> j & 1 and caps[j]:
                total += ways(i + 1, caps[:j] + (caps[j] - 1,) + caps[j + 1 :])
        return total

    return ways(0, caps0)


def _places(table: _Table, ranks: np.ndarray) -> np.ndarray:
    """The slot of every unknown card, shape (cards, n), for worlds ``ranks``.

    Card by card, every world's rank picks the card's slot among the allowed
    ones by the counts below each, and goes on with the remainder from the
    state left. The counts are read a slot at a time (one gather of n values
    each), which numpy does about four times faster than gathering rows of
    the table (10,000 worlds of 13 to 15 cards: 2 to 3.5 ms against 8.5 to 10)."""
    n = len(ranks)
    rest = ranks.copy()
    state = np.full(n, table.start, dtype=np.int64)
    places = np.empty((len(table.cards), n), dtype=np.int8)
    choice = np.empty(n, dtype=np.int64)
    for i, card in enumerate(table.cards):
        if len(card.slots) == 1:  # one place: nothing to choose, and the rank stays
            state -= card.drop[0]
            places[i] = card.slots[0]
            continue
        # The slot is the number of bounds below[1:] the rank reaches (below[0] is 0,
        # and the state's total, which a rank of it never reaches, is not kept).
        choice[:] = rest >= card.below[1][state]
        for bound in card.below[2:]:
            choice += rest >= bound[state]
        rest -= card.below.ravel()[choice * card.below.shape[1] + state]
        state -= card.drop[choice]
        places[i] = card.slots[choice]
    return places


def _unrank(table: _Table, ranks: np.ndarray) -> np.ndarray:
    """The slot of every unknown card, shape (n, cards), for worlds ``ranks``."""
    return np.ascontiguousarray(_places(table, ranks).T)


def _masks(info: InfoSet, places: np.ndarray) -> np.ndarray:
    """``masks[j, w]``: the unknown cards in slot ``j`` in world ``w``, from
    their ``places`` (cards, worlds).

    Each card is one bit, so their sum is their union, and bincount sums it
    exactly in float64 (under 2**24). It goes a block of worlds at a time: the
    arrays of a block stay small, and large fresh arrays are what costs (on the
    2-core machine 10,000 worlds of 15 cards took 2.5 ms at once, 0.5 ms by
    blocks)."""
    n = places.shape[1]
    masks = np.empty((len(info.slots), n), dtype=np.int64)
    bits = np.array([1 << card.index for card in info.unknown], dtype=np.float64)
    for first in range(0, n, _BLOCK):
        block = places[:, first : first + _BLOCK]
        size = block.shape[1]
        cells = block.astype(np.int64)
        cells *= size
        cells += np.arange(size, dtype=np.int64)
        sums = np.bincount(cells.ravel(), weights=np.repeat(bits, size), minlength=len(info.slots) * size)
        masks[:, first : first + size] = sums.reshape(len(info.slots), size)
    return masks


def _build(info: InfoSet, table: _Table, ranks: np.ndarray, exact: bool) -> Worlds:
    masks = _masks(info, _places(table, ranks))
    n = len(ranks)
    hands = np.zeros((n, 4), dtype=np.int64)
    for seat in SEATS:
        hands[:, seat] = info.known_hands[seat].mask
    out = np.zeros(n, dtype=np.int64)
    stock = np.full((n, 4), -1, dtype=np.int64)
    if info.view.phase == "trump":
        for position, card in enumerate(info.known_stock):
            if card is not None:
                stock[:, position] = card.index
    for j, slot in enumerate(info.slots):
        if slot.kind == HAND:
            hands[:, slot.seat] |= masks[j]
        elif slot.kind in (OUT, DISCARD):
            out |= masks[j]
        elif slot.kind == STOCK:
            assert slot.position is not None  # InfoSet gives every stock slot its position
            # A stock position holds one card (capacity 1): its index is its bit's, the exponent of 2**index.
            stock[:, slot.position - 1] = np.frexp(masks[j].astype(np.float64))[1] - 1
    return Worlds(hands=hands, stock=stock, out=out, exact=exact, total=table.total)
