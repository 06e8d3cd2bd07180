"""Worlds consistent with an InfoSet: exact counts, enumeration, uniform sampling."""

from __future__ import annotations

import doctest
import itertools
import math
from collections import Counter

import numpy as np
import pytest

import altbaumer.worlds
from altbaumer.cards import CARDS, Card, CardSet
from altbaumer.deal import Deal, Phase
from altbaumer.knowledge import HAND, OUT, InfoSet
from altbaumer.policies import RandomPolicy
from altbaumer.seats import SEATS, Seat
from altbaumer.worlds import Worlds, count_worlds, enumerate_worlds, sample_worlds, worlds_for

from test_knowledge import RULE1_HANDS, RULE1_STOCK, rule1_deal, start

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
ALL = (1 << 24) - 1


def multinomial(*parts: int) -> int:
    total, ways = 0, 1
    for part in parts:
        total += part
        ways *= math.comb(total, part)
    return ways


def brute_force_worlds(info: InfoSet) -> set[tuple[int, ...]]:
    """Every way to fill the slots one after the other with combinations of
    the unknown cards, kept when each card sits in an allowed slot. A world is
    the tuple of card masks per slot."""
    cards = list(info.unknown)
    found: set[tuple[int, ...]] = set()

    def fill(slot: int, left: list[Card], chosen: tuple[int, ...]) -> None:
        if slot == len(info.slots):
            found.add(chosen)
            return
        for group in itertools.combinations(left, info.slots[slot].capacity):
            if all(info.allowed[cards.index(c)] >> slot & 1 for c in group):
                rest = [c for c in left if c not in group]
                fill(slot + 1, rest, chosen + (CardSet(group).mask,))

    fill(0, cards, ())
    return found


def as_slot_masks(info: InfoSet, worlds: Worlds) -> list[tuple[int, ...]]:
    """The worlds as tuples of card masks per slot, like brute_force_worlds."""
    rows = []
    for i in range(len(worlds)):
        row = []
        for slot in info.slots:
            if slot.kind == HAND:
                row.append(int(worlds.hands[i, slot.seat]) & ~info.known_hands[slot.seat].mask)
            elif slot.kind == OUT:
                row.append(int(worlds.out[i]))
            else:
                row.append(1 << int(worlds.stock[i, slot.position - 1]))
        rows.append(tuple(row))
    return rows


def check_consistent(info: InfoSet, worlds: Worlds) -> None:
    """Sizes, disjointness, all 24 cards once, known cards in place, allowed slots."""
    n = len(worlds)
    hands, stock, out = worlds.hands, worlds.stock, worlds.out
    assert hands.shape == (n, 4) and stock.shape == (n, 4) and out.shape == (n,)
    assert hands.dtype == np.int64 and stock.dtype == np.int64 and out.dtype == np.int64
    public = info.played.mask | info.known_out.mask
    stock_bits = np.zeros(n, dtype=np.int64)
    if info.phase == "trump":
        assert (stock >= 0).all()
        for p in range(4):
            stock_bits |= np.left_shift(np.int64(1), stock[:, p])
        assert all(np.unique(row).size == 4 for row in stock)
        for p, card in enumerate(info.known_stock):
            if card is not None:
                assert (stock[:, p] == card.index).all()
    else:
        assert (stock == -1).all()
    parts = [hands[:, s] for s in range(4)] + [stock_bits, out, np.full(n, public, dtype=np.int64)]
    union = np.zeros(n, dtype=np.int64)
    total = np.zeros(n, dtype=np.int64)
    for part in parts:
        assert ((union & part) == 0).all(), "a card is in two places"
        union |= part
        total += _popcount(part)
    assert (union == ALL).all() and (total == 24).all()
    for seat in SEATS:
        assert (_popcount(hands[:, seat]) == info.hand_sizes[seat]).all()
        assert ((hands[:, seat] & info.known_hands[seat].mask) == info.known_hands[seat].mask).all()
    assert (hands[:, info.seat] == (info.hand.mask if info.absent is not info.seat else 0)).all()
    if info.absent is not None:
        assert (hands[:, info.absent] == 0).all()
    slot_masks = np.array(as_slot_masks(info, worlds), dtype=np.int64).reshape(n, len(info.slots))
    for card, allowed in zip(info.unknown, info.allowed):
        inside = (slot_masks >> card.index) & 1
        assert (inside.sum(axis=1) == 1).all()
        assert (inside[:, [j for j in range(len(info.slots)) if not allowed >> j & 1]] == 0).all(), card


def _popcount(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.int64)
    return sum((x >> i) & 1 for i in range(24))


def walk(seed: int, take_trees: bool = True):
    """A random deal from its trump phase to its end: (deal, after each action)."""
    deal = Deal.from_seed(seed, take_trees=take_trees)
    policy = RandomPolicy(seed)
    while True:
        yield deal
        if deal.phase is Phase.DONE:
            return
        deal.apply(policy.choose(deal.view(deal.to_act)))


def true_world(info: InfoSet, deal: Deal) -> tuple[list[int], list[int], int]:
    hands = [0 if s is deal.absent else deal.hands[s].mask for s in SEATS]
    in_stock = deal.phase is Phase.TRUMP
    stock = [c.index for c in deal.stock] if in_stock else [-1] * 4
    out_of_play = ALL & ~sum(hands) & ~deal.view(info.seat).played.mask
    if in_stock:
        out_of_play &= ~CardSet(deal.stock).mask
    assert not info.known_out.mask & ~out_of_play
    return hands, stock, out_of_play & ~info.known_out.mask


# -- counting -----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_count_in_the_trump_phase_is_a_multinomial(seed: int):
    deal = Deal.from_seed(seed, take_trees=seed % 2 == 0)
    for seat in SEATS:
        info = InfoSet.from_view(deal.view(seat))
        trees = deal.cut_trees if seat is not deal.cutter else CardSet()
        rooms = [5 - len(trees) if s is deal.cutter else 5 for s in SEATS if s is not seat]
        stock_unknown = 3 - len(deal.cut_seen)  # card 1 is face up, card 4 seen at the cut (D13)
        assert count_worlds(info) == multinomial(*rooms, *[1] * stock_unknown)


def test_count_with_a_void_and_a_pin_matches_a_plain_count():
    """N's view in trick 1 of the rule-1 deal: S holds 4 cards and no trump,
    the taken 9♥ is in W's hand or out of play, J♥ (the one unknown trump
    besides it) not in S's hand; the other 14 unknown cards go anywhere."""
    info = InfoSet.from_view(rule1_deal().view(N))
    rooms = {"W": 4, "S": 4, "E": 4, "out": 4}
    expected = 0
    for nine, jack in itertools.product(["W", "out"], ["W", "E", "out"]):
        left = Counter(rooms)
        left[nine] -= 1
        left[jack] -= 1
        if min(left.values()) >= 0:
            expected += multinomial(*left.values())
    assert len(info.unknown) == 16
    assert count_worlds(info) == expected


def late_states(seeds: range, max_unknown: int = 11):
    """InfoSets of random deals once few cards are unknown, with their deals."""
    for seed in seeds:
        for deal in walk(seed, take_trees=seed % 2 == 1):
            if deal.phase in (Phase.PLAY, Phase.DONE):
                for seat in SEATS:
                    info = InfoSet.from_view(deal.view(seat))
                    if len(info.unknown) <= max_unknown:
                        yield info, deal


def test_count_and_enumeration_match_brute_force_on_late_positions():
    checked = voids = 0
    for info, _ in itertools.islice(late_states(range(6)), 0, None, 5):
        expected = brute_force_worlds(info)
        assert count_worlds(info) == len(expected)
        worlds = enumerate_worlds(info)
        assert worlds.exact and worlds.total == len(expected) == len(worlds)
        assert set(as_slot_masks(info, worlds)) == expected
        checked += 1
        voids += bool(info.voids)
    assert checked >= 10 and voids >= 3


# -- enumeration and sampling --------------------------------------------------


def test_enumerated_worlds_are_consistent_distinct_and_deterministic():
    for info, _ in itertools.islice(late_states(range(3), max_unknown=12), 0, None, 4):
        worlds = enumerate_worlds(info)
        check_consistent(info, worlds)
        rows = as_slot_masks(info, worlds)
        assert len(set(rows)) == len(rows) == count_worlds(info)
        again = enumerate_worlds(info)
        assert np.array_equal(worlds.hands, again.hands) and np.array_equal(worlds.out, again.out)


def test_sampled_worlds_are_consistent_in_every_phase():
    seen = set()
    for deal in walk(4, take_trees=True):
        if deal.phase is Phase.PLAY and deal.tricks and len(deal.tricks) % 2:
            continue  # keep the test short: every other trick
        for seat in SEATS:
            info = InfoSet.from_view(deal.view(seat))
            worlds = sample_worlds(info, 300, np.random.default_rng(int(seat)))
            assert not worlds.exact and len(worlds) == 300 and worlds.total == count_worlds(info)
            check_consistent(info, worlds)
        seen.add(deal.phase)
    assert {Phase.TRUMP, Phase.DISCARD, Phase.LONE, Phase.PLAY, Phase.DONE} <= seen


def test_stock_positions_in_the_trump_phase():
    deal = Deal(N, list(CARDS), cut=5)  # stock 10♣ J♣ Q♣ K♣, K♣ seen at the cut
    info = InfoSet.from_view(deal.view(S))
    worlds = sample_worlds(info, 500, np.random.default_rng(0))
    check_consistent(info, worlds)
    assert (worlds.stock[:, 0] == Card.parse("TC").index).all()
    assert (worlds.stock[:, 3] == Card.parse("KC").index).all()
    # the true stock cards 2 and 3 are among the possibilities, J♣ and Q♣ too
    assert Card.parse("JC").index in worlds.stock[:, 1]


def chi_square_limit(df: int, z: float = 4.0) -> float:
    """The chi-square quantile for a normal deviate z (Wilson-Hilferty); z=4
    is a one-sided p of about 3e-5, so a fair sampler essentially never fails."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def small_infoset() -> InfoSet:
    """A real position with between 20 and 200 worlds."""
    for info, _ in late_states(range(20), max_unknown=12):
        if 20 <= count_worlds(info) <= 200 and info.voids:
            return info
    raise AssertionError("no small position found")


def test_sampling_is_uniform():
    info = small_infoset()
    worlds = enumerate_worlds(info)
    index = {row: i for i, row in enumerate(as_slot_masks(info, worlds))}
    draws = 200 * len(index)
    sample = sample_worlds(info, draws, np.random.default_rng(2024))
    observed = np.bincount([index[row] for row in as_slot_masks(info, sample)], minlength=len(index))
    expected = draws / len(index)
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < chi_square_limit(len(index) - 1), (chi2, len(index))
    # The statistic does notice a sampler that favours half of the worlds a little.
    skewed = observed * np.where(np.arange(len(index)) % 2, 1.1, 0.9)
    assert float(((skewed - expected) ** 2 / expected).sum()) > chi_square_limit(len(index) - 1)


def test_sampled_marginals_in_the_trump_phase_match_the_rooms():
    """With no constraint, each unknown card lies in a place with probability
    room / unknown cards: check N's hand and stock card 2 within 5 sigma."""
    deal = Deal.from_seed(9, take_trees=False)
    seat = deal.forehand.partner
    info = InfoSet.from_view(deal.view(seat))
    n = 20000
    worlds = sample_worlds(info, n, np.random.default_rng(5))
    unknown = len(info.unknown)
    other = next(s for s in SEATS if s is not seat and not info.known_hands[s])
    for card in info.unknown[:6]:
        for hits, p in (
            (((worlds.hands[:, other] >> card.index) & 1).sum(), 5 / unknown),
            ((worlds.stock[:, 1] == card.index).sum(), 1 / unknown),
        ):
            assert abs(hits - n * p) < 5 * math.sqrt(n * p * (1 - p)), (card, hits, n * p)


# -- the true deal is always one of the worlds ------------------------------------


def test_the_true_layout_is_among_the_worlds_at_every_step():
    phases = set()
    for seed in range(8):
        for deal in walk(seed, take_trees=seed % 2 == 0):
            phases.add("mid-trick" if deal.trick_cards else deal.phase.value)
            for seat in SEATS:
                info = InfoSet.from_view(deal.view(seat))
                hands, stock, out = true_world(info, deal)
                if count_worlds(info) > 3000:
                    continue
                worlds = enumerate_worlds(info)
                match = (worlds.hands == hands).all(axis=1) & (worlds.stock == stock).all(axis=1) & (worlds.out == out)
                assert match.sum() == 1, (seed, seat, deal.phase)
    assert {"trump", "discard", "lone", "play", "mid-trick", "done"} <= phases


def test_worlds_for_enumerates_small_sets_and_samples_large_ones():
    info = small_infoset()
    total = count_worlds(info)
    exact = worlds_for(info, exact_limit=total, samples=10, seed=1)
    assert exact.exact and len(exact) == total
    sampled = worlds_for(info, exact_limit=total - 1, samples=10, seed=1)
    assert not sampled.exact and len(sampled) == 10 and sampled.total == total
    again = worlds_for(info, exact_limit=total - 1, samples=10, seed=1)
    assert np.array_equal(sampled.hands, again.hands)


def test_enumeration_refuses_huge_sets():
    info = InfoSet.from_view(Deal.from_seed(1).view(N))
    with pytest.raises(ValueError, match="too many"):
        enumerate_worlds(info, limit=1000)


def test_lone_deal_worlds_leave_the_absent_hand_empty():
    deal = start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=(True,))
    assert deal.absent is E
    info = InfoSet.from_view(deal.view(S))
    worlds = sample_worlds(info, 200, np.random.default_rng(3))
    check_consistent(info, worlds)
    assert (worlds.hands[:, E] == 0).all()
    assert (_popcount(worlds.out) == 5 + 1 + 3).all()  # E's hand, the discard, three unturned


def test_module_doctests():
    result = doctest.testmod(altbaumer.worlds)
    assert result.attempted > 0 and result.failed == 0
