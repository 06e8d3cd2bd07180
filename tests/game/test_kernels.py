"""The compiled kernels (altbaumer.game._kernels) against the rules they repeat.

altbaumer.game.rules is the specification; every kernel result here is compared
with it, exhaustively where that is cheap, by hypothesis elsewhere, and in a
full sweep behind ``-m slow``. Only the worked examples of rules.md also
carry hand-written expectations.
"""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from altbaumer.game import _kernels as K
from altbaumer.game import rules
from altbaumer.game.cards import CARDS, Card, CardSet, Suit

SUITS = tuple(Suit)
SUIT_IDS = [s.name.lower() for s in SUITS]
ALL = range(24)
FAST = settings(deadline=None, max_examples=300)


def mask_of(text: str) -> int:
    return CardSet.parse(text).mask


def idx(text: str) -> int:
    return Card.parse(text).index


def rules_legal(hand: int, led: int, trump: int) -> int:
    trick = [CARDS[led]] if led >= 0 else []
    return rules.legal_cards(CardSet(hand), trick, SUITS[trump]).mask


def rules_winner(trick, trump: int) -> int:
    return rules.trick_winner([CARDS[c] for c in trick], SUITS[trump])


def rules_power(card: int, trump: int, led_suit: int) -> int:
    return rules.card_power(CARDS[card], SUITS[trump], SUITS[led_suit])


def describe(hand: int, led: int, trump: int) -> str:
    return f"hand {CardSet(hand).ascii()!r}, led {CARDS[led].ascii()}, trump {SUITS[trump].name}"


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# --- the building blocks ------------------------------------------------------


@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
def test_trump_mask_is_rules_trump_cards(trump):
    assert K.trump_mask(trump) == rules.trump_cards(trump).mask


@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
@pytest.mark.parametrize("led_suit", SUITS, ids=SUIT_IDS)
def test_card_power_orders_every_pair_like_rules(trump, led_suit):
    """Only the order matters, so compare the sign of every difference."""
    for a in ALL:
        for b in ALL:
            want = sign(rules_power(a, trump, led_suit) - rules_power(b, trump, led_suit))
            got = sign(K.card_power(a, trump, led_suit) - K.card_power(b, trump, led_suit))
            assert got == want, (CARDS[a].ascii(), CARDS[b].ascii(), trump, led_suit)


@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
@pytest.mark.parametrize("led_suit", SUITS, ids=SUIT_IDS)
def test_beating_mask_is_every_card_of_higher_rules_power(trump, led_suit):
    for card in ALL:
        power = rules_power(card, trump, led_suit)
        want = sum(1 << c for c in ALL if rules_power(c, trump, led_suit) > power)
        assert K.beating_mask(card, trump, led_suit) == want, CARDS[card].ascii()


def rules_best(cards: int, trump: int, led_suit: int) -> int:
    held = [c for c in ALL if cards >> c & 1]
    powers = [rules_power(c, trump, led_suit) for c in held]
    if not held or max(powers) == 0:
        return -1
    return held[powers.index(max(powers))]


@FAST
@given(
    cards=st.integers(0, (1 << 24) - 1) | st.sets(st.integers(0, 23), max_size=6).map(lambda s: sum(1 << c for c in s)),
    trump=st.sampled_from(SUITS),
    led_suit=st.sampled_from(SUITS),
)
def test_best_card_is_the_highest_rules_power(cards, trump, led_suit):
    assert K.best_card(cards, trump, led_suit) == rules_best(cards, trump, led_suit)


@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
@pytest.mark.parametrize("led_suit", SUITS, ids=SUIT_IDS)
def test_best_card_of_single_cards_and_pairs(trump, led_suit):
    for a, b in combinations(ALL, 2):
        for cards in (1 << a, 1 << a | 1 << b):
            assert K.best_card(cards, trump, led_suit) == rules_best(cards, trump, led_suit)
    assert K.best_card(0, trump, led_suit) == -1


def test_popcount_and_lowest_card():
    rng = np.random.default_rng(7)
    masks = [0, 1, 1 << 23, (1 << 24) - 1] + [int(m) for m in rng.integers(0, 1 << 24, 2000)]
    for m in masks:
        assert K.popcount(m) == bin(m).count("1")
        assert K.lowest_card(m) == (m & -m).bit_length() - 1


# --- legal cards --------------------------------------------------------------


def test_leader_may_play_any_card():
    for trump in range(4):
        for hand in (0, mask_of("QC 9S"), (1 << 24) - 1):
            assert K.legal_mask(hand, -1, trump) == hand == rules_legal(hand, -1, trump)


@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
def test_legal_mask_every_hand_of_up_to_three_cards(trump):
    """Every led card and every hand of 0..3 of the other 23 cards."""
    for led in ALL:
        others = [c for c in ALL if c != led]
        for k in range(4):
            for cards in combinations(others, k):
                hand = sum(1 << c for c in cards)
                got, want = K.legal_mask(hand, led, trump), rules_legal(hand, led, trump)
                assert got == want, describe(hand, led, trump)


@st.composite
def follow_positions(draw, min_cards=1, max_cards=8):
    trump = draw(st.integers(0, 3))
    led = draw(st.integers(0, 23))
    hand = draw(st.sets(st.sampled_from([c for c in ALL if c != led]), min_size=min_cards, max_size=max_cards))
    return sum(1 << c for c in hand), led, trump


@FAST
@given(follow_positions())
def test_legal_mask_random_hands(position):
    hand, led, trump = position
    assert K.legal_mask(hand, led, trump) == rules_legal(hand, led, trump), describe(hand, led, trump)


# The worked examples of rules.md ("Following"), with their stated answers.


def test_worked_example_diamonds_trump_nine_of_clubs_led():
    trump, led = Suit.DIAMONDS, idx("9C")
    hand = mask_of("AC JC 9S")
    assert K.legal_mask(hand, led, trump) == mask_of("AC JC") == rules_legal(hand, led, trump)
    # J♣ beats even A♦
    assert K.trick_winner([led, idx("JC"), idx("AD")], trump) == 1
    assert K.card_power(idx("JC"), trump, Suit.CLUBS) > K.card_power(idx("AD"), trump, Suit.CLUBS)
    # no ordinary club, no Tree: the only trump must be played
    nxt = mask_of("9D KH")
    assert K.legal_mask(nxt, led, trump) == mask_of("9D") == rules_legal(nxt, led, trump)


def test_worked_example_hearts_trump_little_tree_wins_club_lead():
    trump = Suit.HEARTS
    trick = [idx(c) for c in "9C AC JC AH".split()]
    c_hand = mask_of("TC JC")
    assert K.legal_mask(c_hand, trick[0], trump) == c_hand == rules_legal(c_hand, trick[0], trump)
    d_hand = mask_of("AH KS 9D")
    assert K.legal_mask(d_hand, trick[0], trump) == mask_of("AH") == rules_legal(d_hand, trick[0], trump)
    assert K.trick_winner(trick, trump) == 2 == rules_winner(trick, trump)


def test_worked_example_hearts_trump_big_tree_led():
    trump, led = Suit.HEARTS, idx("QC")
    hand = mask_of("JH TC 9H")
    assert K.legal_mask(hand, led, trump) == mask_of("JH 9H") == rules_legal(hand, led, trump)


# --- trick winner -------------------------------------------------------------


@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
def test_trick_winner_every_trick_of_one_to_three_cards(trump):
    """Three-card tricks are played against a lone player."""
    for n in (1, 2, 3):
        for trick in permutations(ALL, n):
            assert K.trick_winner(trick, trump) == rules_winner(trick, trump), (
                [CARDS[c].ascii() for c in trick], trump)


@FAST
@given(trick=st.permutations(list(ALL)).map(lambda p: p[:4]), trump=st.integers(0, 3))
def test_trick_winner_four_cards(trick, trump):
    assert K.trick_winner(trick, trump) == rules_winner(trick, trump)


# --- vectorised forms -----------------------------------------------------------


def random_positions(rng, n):
    sizes = rng.integers(0, 9, n)
    hands = np.array([sum(1 << int(c) for c in rng.choice(24, s, replace=False)) for s in sizes], dtype=np.uint32)
    leds = rng.integers(-1, 24, n)
    trumps = rng.integers(0, 4, n)
    return hands, leds, trumps


def test_legal_masks_equal_the_scalar_kernel_and_rules():
    rng = np.random.default_rng(20240601)
    hands, leds, trumps = random_positions(rng, 5000)
    hands[:1000] = rng.integers(0, 1 << 24, 1000)   # crowded hands too
    out = K.legal_masks(hands, leds, trumps)
    assert out.dtype == np.uint32 and out.shape == hands.shape
    for h, l, t, got in zip(hands.tolist(), leds.tolist(), trumps.tolist(), out.tolist()):
        assert got == K.legal_mask(h, l, t) == rules_legal(h, l, t), describe(h, l, t)


def test_legal_masks_broadcast_scalars_and_shapes():
    hands = np.arange(0, 1 << 12, 7, dtype=np.int64).reshape(-1, 1)
    leds = np.arange(-1, 24)
    out = K.legal_masks(hands, leds, 2)
    assert out.shape == (hands.shape[0], 25)
    for i, h in enumerate(hands[:, 0].tolist()):
        assert out[i].tolist() == [K.legal_mask(h, l, 2) for l in leds.tolist()]
    assert K.legal_masks(5, 0, 1).shape == ()
    assert K.legal_masks([], [], []).shape == (0,)


def test_trick_winners_equal_the_scalar_kernel():
    rng = np.random.default_rng(99)
    m = 5000
    tricks = np.array([rng.permutation(24)[:4] for _ in range(m)], dtype=np.int8)
    lengths = rng.integers(1, 5, m)
    for i, k in enumerate(lengths):
        tricks[i, k:] = -1   # shorter tricks padded with -1
    trumps = rng.integers(0, 4, m)
    out = K.trick_winners(tricks, trumps)
    assert out.dtype == np.int8 and out.shape == (m,)
    for row, t, got in zip(tricks.tolist(), trumps.tolist(), out.tolist()):
        trick = [c for c in row if c >= 0]
        assert got == K.trick_winner(trick, t) == rules_winner(trick, t)
    assert K.trick_winners(tricks[:, :3], 1).tolist() == [
        K.trick_winner([c for c in row if c >= 0], 1) for row in tricks[:, :3].tolist()]
    assert K.trick_winners(np.full((2, 4), -1), 0).tolist() == [-1, -1]


# --- argument checks ----------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: K.legal_mask(1 << 24, 0, 0),
        lambda: K.legal_mask(-1, 0, 0),
        lambda: K.legal_mask(1, 24, 0),
        lambda: K.legal_mask(1, -2, 0),
        lambda: K.legal_mask(1, 0, 4),
        lambda: K.trick_winner([], 0),
        lambda: K.trick_winner([0, 1, 2, 3, 4], 0),
        lambda: K.trick_winner([0, 24], 0),
        lambda: K.card_power(0, 0, -1),
        lambda: K.legal_masks([1], [300], [0]),   # would wrap into int8 range
        lambda: K.legal_masks([1 << 24], [0], [0]),
        lambda: K.trick_winners([[0, -1, 2]], 0),
        lambda: K.trick_winners([[0, 1, 2, 3, 4]], 0),
        lambda: K.trick_winners([[0, 1]], 5),
    ],
)
def test_bad_arguments_are_refused(call):
    with pytest.raises(ValueError):
        call()


# --- full sweeps (-m slow) ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
def test_sweep_legal_masks_every_five_card_hand(trump):
    """Every led card and every hand of exactly 5 of the other 23 cards."""
    five = np.array([sum(1 << c for c in cards) for cards in combinations(ALL, 5)], dtype=np.uint32)
    bad = []
    for led in ALL:
        hands = five[(five >> np.uint32(led)) & 1 == 0]
        got = K.legal_masks(hands, led, trump).tolist()
        for h, g in zip(hands.tolist(), got):
            if g != rules_legal(h, led, trump):
                bad.append(describe(h, led, trump))
    assert not bad, f"{len(bad)} disagreements, e.g. {bad[:5]}"


@pytest.mark.slow
@pytest.mark.parametrize("trump", SUITS, ids=SUIT_IDS)
def test_sweep_trick_winners_every_four_card_trick(trump):
    tricks = np.array(list(permutations(ALL, 4)), dtype=np.int8)
    got = K.trick_winners(tricks, trump).tolist()
    bad = [row for row, g in zip(tricks.tolist(), got) if g != rules_winner(row, trump)]
    assert not bad, f"{len(bad)} disagreements, e.g. {bad[:5]}"
