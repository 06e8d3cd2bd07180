"""The layouts ("worlds") of the unknown cards consistent with an InfoSet.

Every distinct assignment of :attr:`InfoSet.unknown` to the InfoSet's slots
that respects the capacities and each card's allowed slots is one world, and
all worlds weigh the same. A dynamic programme over the cards, with the
remaining capacities as state, counts them; the same table *ranks* them, so
world number ``r`` (0 ≤ r < total) can be built directly. Enumeration builds
ranks 0, 1, 2, … (a fixed, deterministic order); sampling builds uniformly
drawn ranks, which is sequential sampling with every step weighted by the
counts of the programme, exact and without rejection.

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
    caps0 = tuple(slot.capacity for slot in info.slots)
    allowed = info.allowed
    last = len(allowed)
    slots = range(len(caps0))

    @cache
    def ways(i: int, caps: tuple[int, ...]) -> int:
        if i == last:
            return 1  # the rooms add up to the unknown cards, so all are now full
        total = 0
        for j in slots:
            if allowed[i] >> j & 1 and caps[j]:
                total += ways(i + 1, caps[:j] + (caps[j] - 1,) + caps[j + 1 :])
        return total

    return ways(0, caps0)


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


@dataclass(frozen=True, eq=False)
class _Table:
    """``cum[i][s, j]``: the worlds of cards ``i..`` from state ``s`` whose
    card ``i`` goes to a slot ``<= j``. A state is a mixed-radix number of the
    remaining capacities; the start state (all rooms free) is the largest."""

    total: int
    radix: np.ndarray
    start: int
    cum: tuple[np.ndarray, ...]


@lru_cache(maxsize=16)
def _table(info: InfoSet) -> _Table:
    caps = np.array([slot.capacity for slot in info.slots], dtype=np.int64)
    radix = np.concatenate(([1], np.cumprod(caps + 1)[:-1])).astype(np.int64)
    n_states = int(np.prod(caps + 1))
    states = np.arange(n_states, dtype=np.int64)
    free = (states[:, None] // radix[None, :]) % (caps + 1)[None, :] > 0  # (states, slots)
    counts = np.zeros(n_states, dtype=np.int64)
    counts[0] = 1  # no card left, every room filled
    cum: list[np.ndarray] = []
    for where in reversed(info.allowed):
        terms = np.zeros((n_states, len(caps)), dtype=np.int64)
        for j in range(len(caps)):
            if where >> j & 1:
                ok = free[:, j]
                terms[ok, j] = counts[states[ok] - radix[j]]
        step = np.cumsum(terms, axis=1)
        cum.append(step)
        counts = step[:, -1]
        if counts.max(initial=0) >= _MAX_TOTAL:
            raise ValueError("too many worlds to rank in 64 bits; the view cannot come from a real deal")
    total = int(counts[n_states - 1])
    return _Table(total=total, radix=radix, start=n_states - 1, cum=tuple(reversed(cum)))


def _unrank(table: _Table, ranks: np.ndarray) -> np.ndarray:
    """The slot of every unknown card, shape (n, cards), for worlds ``ranks``."""
    n = len(ranks)
    rest = ranks.copy()
    state = np.full(n, table.start, dtype=np.int64)
    rows = np.arange(n)
    slots = np.empty((n, len(table.cum)), dtype=np.int8)
    for i, cum in enumerate(table.cum):
        here = cum[state]  # (n, slots): cumulative counts per choice of slot
        j = (rest[:, None] >= here).sum(axis=1)
        rest -= np.where(j > 0, here[rows, np.maximum(j - 1, 0)], 0)
        state -= table.radix[j]
        slots[:, i] = j
    return slots


def _build(info: InfoSet, table: _Table, ranks: np.ndarray, exact: bool) -> Worlds:
    where = _unrank(table, ranks)
    n = len(ranks)
    bits = np.array([1 << card.index for card in info.unknown], dtype=np.int64)
    index = np.array([card.index for card in info.unknown], dtype=np.int64)
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
        chosen = where == j
        if slot.kind == HAND:
            hands[:, slot.seat] |= np.where(chosen, bits, 0).sum(axis=1)
        elif slot.kind in (OUT, DISCARD):
            out |= np.where(chosen, bits, 0).sum(axis=1)
        elif slot.kind == STOCK:
            assert slot.position is not None  # InfoSet gives every stock slot its position
            stock[:, slot.position - 1] = index[chosen.argmax(axis=1)]
    return Worlds(hands=hands, stock=stock, out=out, exact=exact, total=table.total)
