"""The rules of play (rules.md, Ranking / Following / Winning a trick)."""

import pytest

from altbaumer.game.cards import BIG_TREE, LITTLE_TREE, Suit
from altbaumer.game.rules import (
    follow_obligation,
    illegal_play_reason,
    is_trump_card,
    legal_cards,
    plain_ranking,
    trick_winner,
    trump_cards,
    trump_ranking,
)

from support import cards, cset


# -- the three worked examples of rules.md ---------------------------------


def test_worked_example_1_diamonds_trump_club_led_tree_or_club_then_forced_trump():
    """Diamonds trump, 9♣ led; A♣ and J♣ are both legal and J♣ beats even A♦.
    The next player, without ordinary clubs or Trees, must play 9♦ (not a heart)."""
    led = cards("9C")
    assert legal_cards(cset("AC JC"), led, Suit.DIAMONDS) == cset("AC JC")
    assert trick_winner(cards("9C JC AD"), Suit.DIAMONDS) == 1
    assert legal_cards(cset("9D KH"), cards("9C JC"), Suit.DIAMONDS) == cset("9D")


def test_worked_example_2_hearts_trump_little_tree_wins_club_trick():
    """Hearts trump; A leads 9♣, B plays A♣, C (10♣ J♣) may play J♣, D (no clubs,
    one trump A♥) must play A♥; J♣ wins."""
    assert cards("JC")[0] in legal_cards(cset("TC JC"), cards("9C AC"), Suit.HEARTS)
    assert legal_cards(cset("AH KS 9D"), cards("9C AC JC"), Suit.HEARTS) == cset("AH")
    assert trick_winner(cards("9C AC JC AH"), Suit.HEARTS) == 2


def test_worked_example_3_hearts_trump_big_tree_led_requires_trump():
    """Hearts trump; Q♣ led; B holds J♥ 10♣ 9♥ and must play J♥ or 9♥, never 10♣."""
    assert legal_cards(cset("JH TC 9H"), cards("QC"), Suit.HEARTS) == cset("JH 9H")


# -- ranking ----------------------------------------------------------------


def test_trump_ranking_non_club_suit():
    assert trump_ranking(Suit.HEARTS) == tuple(cards("QC JC AH KH TH QH JH 9H"))


def test_trump_ranking_clubs():
    assert trump_ranking(Suit.CLUBS) == tuple(cards("QC JC AC KC TC 9C"))


def test_plain_ranking_and_ordinary_clubs():
    assert plain_ranking(Suit.SPADES) == tuple(cards("AS TS KS QS JS 9S"))
    assert plain_ranking(Suit.CLUBS) == tuple(cards("AC TC KC 9C"))


@pytest.mark.parametrize("trump", list(Suit))
def test_trees_are_trump_cards_whatever_the_trump(trump):
    assert is_trump_card(BIG_TREE, trump) and is_trump_card(LITTLE_TREE, trump)
    assert len(trump_cards(trump)) == (6 if trump is Suit.CLUBS else 8)


# -- following ----------------------------------------------------------------


def test_leader_may_play_anything():
    assert legal_cards(cset("QC 9S AH"), [], Suit.HEARTS) == cset("QC 9S AH")


def test_rule1_trump_led_requires_trump_card_including_trees():
    assert legal_cards(cset("JC 9S TD"), cards("9H"), Suit.HEARTS) == cset("JC")
    assert legal_cards(cset("AS TD"), cards("9H"), Suit.HEARTS) == cset("AS TD")


def test_rule1_clubs_trump_club_lead_is_a_trump_lead():
    assert legal_cards(cset("AC QC 9H"), cards("9C"), Suit.CLUBS) == cset("AC QC")


def test_rule2_ordinary_club_led_holding_ordinary_clubs_allows_club_or_tree_not_trump():
    hand = cset("KC QC AH 9S")
    assert legal_cards(hand, cards("9C"), Suit.HEARTS) == cset("KC QC")


def test_rule2_no_ordinary_club_tree_before_ordinary_trump():
    assert legal_cards(cset("JC AH 9S"), cards("AC"), Suit.HEARTS) == cset("JC")


def test_rule2_no_club_no_tree_must_trump():
    assert legal_cards(cset("AH KH 9S"), cards("AC"), Suit.HEARTS) == cset("AH KH")


def test_rule2_nothing_relevant_any_card():
    assert legal_cards(cset("AS 9D"), cards("AC"), Suit.HEARTS) == cset("AS 9D")


def test_rule3_follow_suit_trees_do_not_belong_to_it():
    assert legal_cards(cset("KS QC 9H"), cards("AS"), Suit.HEARTS) == cset("KS")
    assert legal_cards(cset("QC 9H TD"), cards("AS"), Suit.HEARTS) == cset("QC 9H")
    assert legal_cards(cset("TD KD"), cards("AS"), Suit.HEARTS) == cset("TD KD")


def test_no_duty_to_head_the_trick():
    assert legal_cards(cset("AS 9S"), cards("KS AH"), Suit.HEARTS) == cset("AS 9S")


# -- winning ------------------------------------------------------------------


def test_highest_led_suit_card_wins_without_trump():
    assert trick_winner(cards("KS TS AD 9S"), Suit.HEARTS) == 1


def test_ten_beats_king_in_plain_suit_but_not_in_trump():
    assert trick_winner(cards("KS TS"), Suit.HEARTS) == 1
    assert trick_winner(cards("KH TH"), Suit.HEARTS) == 0


def test_big_tree_beats_little_tree_beats_trump_ace():
    assert trick_winner(cards("AH JC QC"), Suit.HEARTS) == 2
    assert trick_winner(cards("9C AH JC"), Suit.HEARTS) == 2


def test_tree_on_ordinary_club_lead_wins_as_top_trump():
    assert trick_winner(cards("AC JC"), Suit.SPADES) == 1


def test_three_card_trick_lone_play():
    assert trick_winner(cards("9D AD TD"), Suit.SPADES) == 1


# -- explanations ---------------------------------------------------------------


def test_illegal_reason_names_the_rule():
    msg = illegal_play_reason("N", cset("AH 9S"), cards("KH"), Suit.DIAMONDS, cards("9S")[0])
    assert msg == "N held hearts and must follow hearts (rules.md, Following, rule 3)"
    msg = illegal_play_reason("E", cset("JH TC 9H"), cards("QC"), Suit.HEARTS, cards("TC")[0])
    assert "rule 1" in msg and "trump" in msg
    msg = illegal_play_reason("S", cset("JC AH"), cards("9C"), Suit.HEARTS, cards("AH")[0])
    assert "Tree" in msg and "rule 2" in msg
    assert illegal_play_reason("W", cset("AH"), [], Suit.HEARTS, cards("KS")[0]) == "W does not hold KS"
    assert illegal_play_reason("W", cset("AH KS"), cards("9S"), Suit.HEARTS, cards("KS")[0]) is None


def test_follow_obligation_free_when_nothing_applies():
    legal, duty = follow_obligation(cset("AS 9D"), cards("AC")[0], Suit.HEARTS)
    assert legal == cset("AS 9D") and duty is None
