"""The world dealer's fast paths give exactly the worlds of the plain
programme: the same counts, and the same arrays bit for bit for the same
ranks and seeds, from views of every phase and every seat.

The reference below is the plain form of :mod:`altbaumer.hidden.worlds`: a
recursive count, a table over every state of the remaining capacities, an
unranking that compares every slot's cumulative count, and arrays built slot
by slot. Every rating's figures hang on these worlds, so the dealer may be
made faster but must never deal differently.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Iterator

import numpy as np
import pytest

from altbaumer.game.actions import Phase
from altbaumer.game.cards import CARDS
from altbaumer.game.deal import Deal
from altbaumer.game.seats import SEATS
from altbaumer.hidden import worlds as dealer
from altbaumer.hidden.knowledge import DISCARD, HAND, OUT, STOCK, InfoSet, Slot
from altbaumer.hidden.worlds import (Worlds, count_worlds, enumerate_worlds, ranked_worlds, sample_worlds,
                                     worlds_for)

# -- the reference --------------------------------------------------------------------

_MAX_TOTAL = 2**62


@cache  # the reference is slow: each view's count and table are made once for all the tests
def reference_count(info: InfoSet) -> int:
    caps0 = tuple(slot.capacity for slot in info.slots)
    allowed = info.allowed
    last = len(allowed)
    slots = range(len(caps0))

    @cache
    def ways(i: int, caps: tuple[int, ...]) -> int:
        if i == last:
            return 1
        total = 0
        for j in slots:
            if allowed[i] >> j & 1 and caps[j]:
                total += ways(i + 1, caps[:j] + (caps[j] - 1,) + caps[j + 1 :])
        return total

    return ways(0, caps0)


@cache
def reference_table(info: InfoSet) -> tuple[int, np.ndarray, int, tuple[np.ndarray, ...]]:
    caps = np.array([slot.capacity for slot in info.slots], dtype=np.int64)
    radix = np.concatenate(([1], np.cumprod(caps + 1)[:-1])).astype(np.int64)
    n_states = int(np.prod(caps + 1))
    states = np.arange(n_states, dtype=np.int64)
    free = (states[:, None] // radix[None, :]) % (caps + 1)[None, :] > 0
    counts = np.zeros(n_states, dtype=np.int64)
    counts[0] = 1
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
            raise ValueError("too many worlds to rank in 64 bits")
    return int(counts[n_states - 1]), radix, n_states - 1, tuple(reversed(cum))


def reference_unrank(info: InfoSet, ranks: np.ndarray) -> np.ndarray:
    _, radix, start, table = reference_table(info)
    n = len(ranks)
    rest = ranks.copy()
    state = np.full(n, start, dtype=np.int64)
    rows = np.arange(n)
    slots = np.empty((n, len(table)), dtype=np.int8)
    for i, cum in enumerate(table):
        here = cum[state]
        j = (rest[:, None] >= here).sum(axis=1)
        rest -= np.where(j > 0, here[rows, np.maximum(j - 1, 0)], 0)
        state -= radix[j]
        slots[:, i] = j
    return slots


def reference_build(info: InfoSet, ranks: np.ndarray, exact: bool) -> Worlds:
    total = reference_table(info)[0]
    where = reference_unrank(info, ranks)
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
            assert slot.position is not None
            stock[:, slot.position - 1] = index[chosen.argmax(axis=1)]
    return Worlds(hands=hands, stock=stock, out=out, exact=exact, total=total)


def reference_sample(info: InfoSet, n: int, rng: np.random.Generator) -> Worlds:
    ranks = rng.integers(0, reference_table(info)[0], size=n, dtype=np.int64)
    return reference_build(info, ranks, exact=False)


def reference_worlds_for(info: InfoSet, exact_limit: int, samples: int, seed: int) -> Worlds:
    total = reference_count(info)
    if total <= exact_limit:
        return reference_build(info, np.arange(total, dtype=np.int64), exact=True)
    return reference_sample(info, samples, np.random.default_rng(seed))


# -- the views ------------------------------------------------------------------------


def views(seeds: range) -> Iterator[InfoSet]:
    """The InfoSets of every seat after every action of random deals (the cut
    taken or not, random legal actions), so every phase and every kind of
    slot and pin turns up."""
    for seed in seeds:
        deal = Deal.from_seed(seed, take_trees=seed % 3 != 0)
        choose = random.Random(seed)
        while True:
            for seat in SEATS:
                yield InfoSet.from_view(deal.view(seat))
            if deal.phase is Phase.DONE or deal.to_act is None:
                break
            deal.apply(choose.choice(deal.view(deal.to_act).legal))


INFOS = list(views(range(8)))


def same(got: Worlds, want: Worlds) -> None:
    for name in ("hands", "stock", "out"):
        a, b = getattr(got, name), getattr(want, name)
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b), name
    assert (got.exact, got.total) == (want.exact, want.total)
    assert type(got.total) is type(want.total)


# -- the tests ------------------------------------------------------------------------


def test_the_views_cover_every_phase_and_kind_of_slot() -> None:
    phases = {info.view.phase for info in INFOS}
    assert {"trump", "discard", "lone", "play"} <= phases
    kinds = {slot.kind for info in INFOS for slot in info.slots}
    assert kinds == {HAND, OUT, DISCARD, STOCK}
    assert any(info.absent is not None for info in INFOS)
    assert any(info.voids for info in INFOS)


def test_counts_are_the_recursive_counts() -> None:
    for info in INFOS:
        got = count_worlds(info)
        assert type(got) is int and got == reference_count(info)


def test_the_slots_of_every_rank_are_the_reference_slots() -> None:
    for k, info in enumerate(INFOS[::3]):
        total = reference_count(info)
        ranks = np.random.default_rng(k).integers(0, total, size=60, dtype=np.int64)
        ranks[:3] = (0, total - 1, total // 2)
        assert np.array_equal(dealer._unrank(dealer._table(info), ranks), reference_unrank(info, ranks))


def test_sampled_and_ranked_worlds_are_the_reference_worlds() -> None:
    for k, info in enumerate(INFOS[::3]):
        same(sample_worlds(info, 40, np.random.default_rng(k)), reference_sample(info, 40, np.random.default_rng(k)))
        total = reference_count(info)
        ranks = np.random.default_rng(10**6 + k).integers(0, total, size=25, dtype=np.int64)
        ranks[-2:] = (0, total - 1)
        same(ranked_worlds(info, ranks), reference_build(info, ranks, exact=False))


def test_large_samples_are_the_reference_worlds() -> None:
    # The sizes of a rating (10,000 worlds) and of a card played out (50) in the trump, discard and play phases.
    chosen = [next(info for info in INFOS if info.view.phase == phase) for phase in ("trump", "discard", "play")]
    for k, info in enumerate(chosen):
        for n in (10_000, 50, 1, 0):
            same(sample_worlds(info, n, np.random.default_rng(k)), reference_sample(info, n, np.random.default_rng(k)))


def test_worlds_for_enumerates_and_samples_as_the_reference() -> None:
    for k, info in enumerate(INFOS[1::5]):
        for limit in (0, 50, 2_000):
            same(worlds_for(info, limit, 30, seed=k), reference_worlds_for(info, limit, 30, seed=k))


def test_all_the_worlds_of_late_views_in_order() -> None:
    small = [info for info in INFOS if reference_count(info) <= 3_000][::4]
    assert len(small) > 20
    for info in small:
        same(enumerate_worlds(info), reference_build(info, np.arange(reference_count(info), dtype=np.int64), True))


def test_the_same_worlds_whatever_was_dealt_before() -> None:
    # The cache of counting tables must not carry anything from one view to another: deal the same views
    # in another order, after emptying it, and twice over.
    sample = INFOS[::7]
    first = [sample_worlds(info, 20, np.random.default_rng(3)) for info in sample]
    for cached in (getattr(dealer, name) for name in dir(dealer)):
        if callable(cached) and hasattr(cached, "cache_clear"):
            cached.cache_clear()
    for info, want in reversed(list(zip(sample, first))):
        same(sample_worlds(info, 20, np.random.default_rng(3)), want)
        same(sample_worlds(info, 20, np.random.default_rng(3)), want)


def hand_made(caps: tuple[int, ...], allowed: tuple[int, ...]) -> InfoSet:
    """A view's InfoSet with other slots and allowed places: counts of sets no
    real deal has (more than 64 bits, rooms that do not add up). The cards are
    the pack over again as needed: a count reads only the slots and places."""
    info = INFOS[0]
    slots = tuple(Slot(OUT, cap) for cap in caps)
    return InfoSet(info.view, info.hand_sizes, info.known_hands, info.known_out, info.known_stock,
                   tuple(CARDS[i % len(CARDS)] for i in range(len(allowed))), slots,
                   allowed, ())


@pytest.mark.parametrize("caps, allowed", [
    ((10, 10, 10, 10), (15,) * 40),         # 40!/(10!)^4, past 2**64
    ((4, 4, 4, 4, 4, 4), (63,) * 24),       # six slots, within 64 bits
    ((3, 3, 3), (7,) * 8),                  # one room left free
    ((2, 2), (3,) * 5),                     # one card too many: no world
    ((2, 0, 3), (5, 4, 1, 7, 5)),           # a slot without room, cards with one place
    ((), ()),
])
def test_counts_of_sets_no_deal_has(caps: tuple[int, ...], allowed: tuple[int, ...]) -> None:
    info = hand_made(caps, allowed)
    assert count_worlds(info) == reference_count(info)


def test_too_many_worlds_to_rank_are_refused() -> None:
    info = hand_made((10, 10, 10, 10), (15,) * 40)
    with pytest.raises(ValueError, match="64 bits"):
        sample_worlds(info, 1, np.random.default_rng(0))
