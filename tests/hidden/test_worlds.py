"""Worlds consistent with an InfoSet: exact counts, enumeration, uniform sampling."""

from __future__ import annotations

import doctest
import itertools
import math
from collections import Counter

import numpy as np
import pytest

import altbaumer.hidden.worlds
from altbaumer.game.cards import CARDS, Card, CardSet
from altbaumer.game.actions import Accept, Discard, Phase, Refuse
from altbaumer.game.deal import Deal
from altbaumer.hidden.knowledge import DISCARD, HAND, OUT, InfoSet
from altbaumer.play.policies import RandomPolicy
from altbaumer.game.seats import SEATS, Seat
from altbaumer.hidden.worlds import Worlds, _table, _unrank, count_worlds, enumerate_worlds, sample_worlds, worlds_for

from support import cards, cset
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
    """The worlds as tuples of card masks per slot, like brute_force_worlds
    after :func:`merge_discard`: the arrays keep forehand's discard among the
    cards out of play, so the discard slot's entry is 0."""
    rows = []
    for i in range(len(worlds)):
        row = []
        for slot in info.slots:
            if slot.kind == HAND:
                row.append(int(worlds.hands[i, slot.seat]) & ~info.known_hands[slot.seat].mask)
            elif slot.kind == OUT:
                row.append(int(worlds.out[i]))
            elif slot.kind == DISCARD:
                row.append(0)
            else:
                row.append(1 << int(worlds.stock[i, slot.position - 1]))
        rows.append(tuple(row))
    return rows


def merge_discard(info: InfoSet, row: tuple[int, ...]) -> tuple[int, ...]:
    """A world given per slot as the Worlds arrays show it: forehand's
    discard moved into the out-of-play entry."""
    discard = info.slot_index(DISCARD)
    if discard is None:
        return row
    merged = list(row)
    merged[info.slot_index(OUT)] |= merged[discard]
    merged[discard] = 0
    return tuple(merged)


def slot_rows(info: InfoSet, ranks) -> list[tuple[int, ...]]:
    """The worlds numbered ``ranks`` as tuples of card masks per slot, the
    discard slot included (read from the ranking table, not the arrays)."""
    where = _unrank(_table(info), np.asarray(ranks, dtype=np.int64))
    rows = []
    for assignment in where:
        row = [0] * len(info.slots)
        for card, j in zip(info.unknown, assignment):
            row[j] |= card.mask
        rows.append(tuple(row))
    return rows


def check_consistent(info: InfoSet, worlds: Worlds) -> None:
    """Sizes, disjointness, all 24 cards once, known cards in place, allowed slots."""
    n = len(worlds)
    hands, stock, out = worlds.hands, worlds.stock, worlds.out
    assert hands.shape == (n, 4) and stock.shape == (n, 4) and out.shape == (n,)
    assert hands.dtype == np.int64 and stock.dtype == np.int64 and out.dtype == np.int64
    public = info.view.played.mask | info.known_out.mask
    stock_bits = np.zeros(n, dtype=np.int64)
    if info.view.phase == "trump":
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
    assert (hands[:, info.view.seat] == (info.view.hand.mask if info.absent is not info.view.seat else 0)).all()
    if info.absent is not None:
        assert (hands[:, info.absent] == 0).all()
    slot_masks = np.array(as_slot_masks(info, worlds), dtype=np.int64).reshape(n, len(info.slots))
    out_slot, discard = info.slot_index(OUT), info.slot_index(DISCARD)
    only_discarded = np.zeros(n, dtype=np.int64)  # cards out of play that can only be forehand's discard
    for card, allowed in zip(info.unknown, info.allowed):
        inside = (slot_masks >> card.index) & 1
        assert (inside.sum(axis=1) == 1).all()
        if discard is not None and allowed >> discard & 1:
            if not allowed >> out_slot & 1:
                only_discarded += inside[:, out_slot]
            allowed |= 1 << out_slot  # the arrays put the discard among the cards out of play
        assert (inside[:, [j for j in range(len(info.slots)) if not allowed >> j & 1]] == 0).all(), card
    if discard is not None:
        assert (only_discarded <= info.slots[discard].capacity).all()


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
    out_of_play = ALL & ~sum(hands) & ~deal.view(info.view.seat).played.mask
    if in_stock:
        out_of_play &= ~CardSet(deal.stock).mask
    assert not info.known_out.mask & ~out_of_play
    return hands, stock, out_of_play & ~info.known_out.mask


def true_slot_row(info: InfoSet, deal: Deal) -> tuple[int, ...]:
    """The true layout as card masks per slot, forehand's discard apart."""
    hands, stock, out = true_world(info, deal)
    discard = deal.discards.mask if info.slot_index(DISCARD) is not None else 0
    assert discard & out == discard  # the seat sees none of forehand's discards
    row = []
    for slot in info.slots:
        if slot.kind == HAND:
            row.append(hands[slot.seat] & ~info.known_hands[slot.seat].mask)
        elif slot.kind == OUT:
            row.append(out & ~discard)
        elif slot.kind == DISCARD:
            row.append(discard)
        else:
            row.append(1 << stock[slot.position - 1])
    return tuple(row)


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
    the taken 9♥ is in W's hand or W's discard, J♥ (the one unknown trump
    besides it) not in S's hand; the other 14 unknown cards go anywhere: in
    a hand, the discard or among the three unturned stock cards."""
    info = InfoSet.from_view(rule1_deal().view(N))
    rooms = {"W": 4, "S": 4, "E": 4, "stock": 3, "discard": 1}
    expected = 0
    for nine, jack in itertools.product(["W", "discard"], ["W", "E", "stock", "discard"]):
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
    checked = voids = discards = 0
    for info, _ in itertools.islice(late_states(range(6)), 0, None, 5):
        expected = brute_force_worlds(info)
        assert count_worlds(info) == len(expected)
        worlds = enumerate_worlds(info)
        assert worlds.exact and worlds.total == len(expected) == len(worlds)
        rows = slot_rows(info, range(worlds.total))
        assert set(rows) == expected
        assert as_slot_masks(info, worlds) == [merge_discard(info, row) for row in rows]
        checked += 1
        voids += bool(info.voids)
        discards += info.slot_index(DISCARD) is not None
    assert checked >= 10 and voids >= 3 and discards >= 3


# -- enumeration and sampling --------------------------------------------------


def test_enumerated_worlds_are_consistent_distinct_and_deterministic():
    for info, _ in itertools.islice(late_states(range(3), max_unknown=12), 0, None, 4):
        worlds = enumerate_worlds(info)
        check_consistent(info, worlds)
        rows = slot_rows(info, range(len(worlds)))
        assert len(set(rows)) == len(rows) == count_worlds(info)
        assert as_slot_masks(info, worlds) == [merge_discard(info, row) for row in rows]
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
    """A real position with between 20 and 200 worlds, a void, and a card
    forehand took that may be in its hand or its discard."""
    for info, _ in late_states(range(20), max_unknown=12):
        if 20 <= count_worlds(info) <= 200 and info.voids and info.view.taken & info.unknown_cards:
            return info
    raise AssertionError("no small position found")


def test_sampling_is_uniform():
    """The arrays cannot tell which card out of play is the discard, so the
    draws are compared per distinct array row, each expected as often as the
    worlds it stands for."""
    info = small_infoset()
    assert info.slot_index(DISCARD) is not None
    worlds = enumerate_worlds(info)
    weights = Counter(as_slot_masks(info, worlds))
    assert len(set(weights.values())) > 1  # some rows stand for several worlds
    index = {row: i for i, row in enumerate(weights)}
    draws = 200 * len(worlds)
    sample = sample_worlds(info, draws, np.random.default_rng(2024))
    observed = np.bincount([index[row] for row in as_slot_masks(info, sample)], minlength=len(index))
    expected = draws * np.array(list(weights.values())) / len(worlds)
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < chi_square_limit(len(index) - 1), (chi2, len(index))
    # The statistic does notice a sampler that favours half of the rows a little.
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
    """Once per slot layout, the true discard in its own slot; the arrays of
    that world are the true ones."""
    phases = set()
    discards = 0
    for seed in range(8):
        for deal in walk(seed, take_trees=seed % 2 == 0):
            phases.add("mid-trick" if deal.trick_cards else deal.phase.value)
            for seat in SEATS:
                info = InfoSet.from_view(deal.view(seat))
                hands, stock, out = true_world(info, deal)
                if count_worlds(info) > 3000:
                    continue
                worlds = enumerate_worlds(info)
                rows = slot_rows(info, range(len(worlds)))
                true_row = true_slot_row(info, deal)
                assert rows.count(true_row) == 1, (seed, seat, deal.phase)
                match = (worlds.hands == hands).all(axis=1) & (worlds.stock == stock).all(axis=1) & (worlds.out == out)
                assert match[rows.index(true_row)], (seed, seat, deal.phase)
                assert match.sum() == sum(merge_discard(info, row) == merge_discard(info, true_row) for row in rows)
                discards += info.slot_index(DISCARD) is not None
    assert {"trump", "discard", "lone", "play", "mid-trick", "done"} <= phases
    assert discards >= 20


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


# -- forehand's discard is a place of its own -----------------------------------


def physical_count(rooms: dict[str, int], taken: int) -> int:
    """Layouts of unknown cards in physical places of the given rooms (W's
    hand, W's discard, each other hand, the unturned stock, ...), written
    plainly: ``taken`` of the cards, forehand's taken ones, are each in W's
    hand or W's discard (D5), every other card anywhere."""
    total = 0
    for discarded in range(taken + 1):
        left = {**rooms, "W": rooms["W"] - (taken - discarded), "discard": rooms["discard"] - discarded}
        if min(left.values()) >= 0:
            total += math.comb(taken, discarded) * multinomial(*left.values())
    return total


def compulsory_deal() -> Deal:
    deal = Deal(N, list(CARDS), cut=5)  # stock 10♣ J♣ Q♣ K♣: refused, then compulsory
    deal.apply(Refuse())
    deal.apply(Discard(tuple(list(deal.hands[W] - deal.taken)[:3]) + (Card.parse("QC"),)))
    return deal


def refused_deal() -> Deal:
    deal = Deal.from_hands(N, {s: cset(h) for s, h in RULE1_HANDS.items()}, cards(RULE1_STOCK))
    deal.apply(Refuse())  # 9♥ refused and face up; J♠ taken; Q♦ J♦ never turned
    deal.apply(Discard(tuple(cards("JS"))))
    return deal


@pytest.mark.parametrize(
    "make, seat, rooms, taken, merged",
    [
        # accept: W took 9♥ and discarded one card; three stock cards never turned
        (lambda: start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=()), N,
         {"E": 5, "S": 5, "W": 5, "discard": 1, "stock": 3}, 1, 1),
        # refuse: 9♥ face up, J♠ taken (and here discarded), Q♦ J♦ never turned
        (refused_deal, S, {"E": 5, "N": 5, "W": 5, "discard": 1, "stock": 2}, 1, 1),
        # compulsory: W took all four stock cards and discarded four, nothing left unturned
        (compulsory_deal, E, {"N": 5, "S": 5, "W": 5, "discard": 4}, 4, 1),
        # W alone: E's hand and the unturned stock are one merged slot of 5 + 3,
        # which multiplies every world by the same comb(8, 5)
        (lambda: start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=(True,)), S,
         {"N": 5, "W": 5, "discard": 1, "E": 5, "stock": 3}, 1, math.comb(8, 5)),
    ],
    ids=["accept", "refuse", "compulsory", "alone"],
)
def test_world_count_after_the_discard_counts_physical_layouts(make, seat, rooms, taken, merged):
    deal = make()
    assert deal.phase in (Phase.LONE, Phase.PLAY) and len(deal.taken) == taken
    info = InfoSet.from_view(deal.view(seat))
    assert info.slots[info.slot_index(DISCARD)].capacity == taken
    assert not info.voids and len(info.unknown) == sum(rooms.values())
    assert count_worlds(info) * merged == physical_count(rooms, taken)


def test_forehand_keeps_a_taken_card_five_times_in_six():
    """Forehand holds 6 cards and discards one: with nothing else known, the
    taken card is kept in 5 of every 6 physical layouts."""
    deal = start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=())
    info = InfoSet.from_view(deal.view(N))
    n = 20000
    worlds = sample_worlds(info, n, np.random.default_rng(8))
    kept = int(((worlds.hands[:, W] >> Card.parse("9H").index) & 1).sum())
    p = 5 / 6
    assert abs(kept - n * p) < 5 * math.sqrt(n * p * (1 - p)), kept


def test_the_true_discard_is_among_the_worlds_whether_the_taken_card_was_kept_or_not():
    cases = Counter()
    for seed in range(40):
        for deal in walk(seed):
            if deal.phase not in (Phase.PLAY, Phase.DONE):
                continue
            for seat in SEATS:
                if seat is deal.forehand or deal.absent is deal.forehand:
                    continue
                info = InfoSet.from_view(deal.view(seat))
                pinned = info.view.taken & info.unknown_cards
                if not pinned or count_worlds(info) > 2000:
                    continue
                rows = slot_rows(info, range(count_worlds(info)))
                assert rows.count(true_slot_row(info, deal)) == 1, (seed, seat)
                cases["discarded" if pinned & deal.discards else "kept"] += 1
        if min(cases["kept"], cases["discarded"]) >= 2:
            break
    assert cases["kept"] >= 2 and cases["discarded"] >= 2, cases


def test_nothing_changes_for_forehand_before_the_discard_or_with_forehand_absent():
    """No discard slot: forehand knows its discard; before it, the taken card
    is known in forehand's hand; an absent forehand's cards are all out of play."""
    deal = start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=())
    west = InfoSet.from_view(deal.view(W))  # forehand: only the three unturned stock cards are unseen
    assert [slot.kind for slot in west.slots] == [HAND, HAND, HAND, OUT]
    assert count_worlds(west) == multinomial(5, 5, 5, 3)
    early = Deal.from_hands(N, {s: cset(h) for s, h in RULE1_HANDS.items()}, cards(RULE1_STOCK))
    north = InfoSet.from_view(early.view(N))  # trump phase: stock cards 2-4 in order
    assert north.slot_index(DISCARD) is None and count_worlds(north) == multinomial(5, 5, 5, 1, 1, 1)
    early.apply(Accept())
    north = InfoSet.from_view(early.view(N))  # discard phase: W holds 9♥ and five unseen cards
    assert north.slot_index(DISCARD) is None and count_worlds(north) == multinomial(5, 5, 5, 3)
    absent = start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=(False, True))
    assert absent.absent is W
    north = InfoSet.from_view(absent.view(N))  # W's five other cards and three stock cards, merged
    assert north.slot_index(DISCARD) is None and Card.parse("9H") in north.known_out
    assert count_worlds(north) == multinomial(5, 5, 8)


def test_module_doctests():
    result = doctest.testmod(altbaumer.hidden.worlds)
    assert result.attempted > 0 and result.failed == 0
