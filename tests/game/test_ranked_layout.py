"""The solver's ranked layout (cardmask.pxd) against the rules module."""

import itertools
import random

import pytest

from altbaumer.game import _kernels as k
from altbaumer.game.cards import CARDS, CardSet, Suit
from altbaumer.game.rules import legal_cards, trick_winner


@pytest.mark.parametrize("trump", list(Suit))
def test_ranked_layout_is_one_to_one_and_orders_each_group_by_rank(trump):
    positions = [k.ranked_pos(c.index, trump) for c in CARDS]
    assert len(set(positions)) == 24 and all(0 <= p < 26 for p in positions)
    # Any two cards that can meet in a trick compare as the rules say:
    for a, b in itertools.permutations(CARDS, 2):
        winner = trick_winner([a, b], trump)
        pa, pb = k.ranked_pos(a.index, trump), k.ranked_pos(b.index, trump)
        assert k.ranked_winner_pos((1 << pa) | (1 << pb), pa) == (pa if winner == 0 else pb)


@pytest.mark.parametrize("trump", list(Suit))
def test_ranked_legal_equals_rules_for_every_lead_and_small_hand(trump):
    for led in CARDS:
        others = [c for c in CARDS if c is not led]
        for size in range(0, 4):
            for hand in itertools.combinations(others, size):
                expected = legal_cards(CardSet(hand), [led], trump)
                got = k.ranked_legal(k.to_ranked(CardSet(hand).mask, trump), k.ranked_pos(led.index, trump), trump)
                assert got == k.to_ranked(expected.mask, trump), (trump, led, hand)


@pytest.mark.parametrize("trump", list(Suit))
def test_ranked_winner_equals_rules_on_three_and_four_card_tricks(trump):
    rng = random.Random(int(trump))
    tricks = list(itertools.permutations(CARDS[:12], 3))[::7] + [rng.sample(CARDS, 4) for _ in range(3000)]
    for trick in tricks:
        mask = 0
        for c in trick:
            mask |= 1 << k.ranked_pos(c.index, trump)
        led = k.ranked_pos(trick[0].index, trump)
        expected = trick[trick_winner(list(trick), trump)]
        assert k.ranked_winner_pos(mask, led) == k.ranked_pos(expected.index, trump)


def test_ranked_wrappers_reject_bad_arguments():
    with pytest.raises(ValueError):
        k.ranked_pos(24, 0)
    with pytest.raises(ValueError):
        k.ranked_legal(1 << 26, -1, 0)
    with pytest.raises(ValueError):
        k.ranked_winner_pos(0b10, 0)
