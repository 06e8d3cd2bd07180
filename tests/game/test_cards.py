import pickle

import pytest

from altbaumer.game.cards import (
    BIG_TREE,
    CARDS,
    FULL_PACK,
    LITTLE_TREE,
    TREES,
    Card,
    CardParseError,
    CardSet,
    Rank,
    Suit,
)


@pytest.mark.parametrize("text", ["QC", "Q♣", "qc", "q♣", " QC ", "Q♧"])
def test_parse_big_tree_spellings(text):
    assert Card.parse(text) is BIG_TREE


@pytest.mark.parametrize("text", ["10C", "TC", "tc", "10♣", "T♣"])
def test_parse_ten_spellings(text):
    assert Card.parse(text) == Card(Suit.CLUBS, Rank.TEN)


@pytest.mark.parametrize("text", ["", "Q", "QX", "1C", "11H", "ZZ", "QCC", "♣Q"])
def test_malformed_cards_are_rejected(text):
    with pytest.raises(CardParseError):
        Card.parse(text)


def test_printing_symbols_and_ascii():
    ten = Card.parse("TH")
    assert str(ten) == "10♥" and ten.ascii() == "TH"
    assert str(Card.parse("9d")) == "9♦" and Card.parse("AS").ascii() == "AS"


def test_every_card_round_trips_through_both_spellings_and_its_mask():
    assert len(CARDS) == 24
    for i, card in enumerate(CARDS):
        assert card.index == i and card.mask == 1 << i
        assert Card.parse(card.ascii()) is card
        assert Card.parse(str(card)) is card
        assert Card.from_index(i) is card
        assert CardSet(card.mask).cards() == [card]


def test_cards_are_canonical_immutable_and_picklable():
    assert Card(Suit.HEARTS, Rank.ACE) is Card.parse("AH")
    with pytest.raises(AttributeError):
        Card.parse("AH").rank = Rank.NINE  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(Card.parse("JC"))) is LITTLE_TREE
    assert pickle.loads(pickle.dumps(CardSet.parse("JC AH"))) == CardSet.parse("JC AH")


def test_trees():
    assert BIG_TREE.is_tree and LITTLE_TREE.is_tree
    assert [c for c in CARDS if c.is_tree] == [LITTLE_TREE, BIG_TREE]
    assert TREES == CardSet.parse("QC JC")


def test_cardset_behaves_like_a_set():
    a = CardSet.parse("QC JC AS TH 9D")
    b = CardSet.parse("AS KS")
    assert len(a) == 5 and bool(a) and not CardSet()
    assert (a & b) == CardSet.parse("AS")
    assert (a | b) == CardSet.parse("QC JC AS KS TH 9D")
    assert (a - b) == CardSet.parse("QC JC TH 9D")
    assert Card.parse("TH") in a and Card.parse("KS") not in a
    assert CardSet(list(a)) == a and CardSet(a.mask) == a
    assert len(FULL_PACK) == 24 and set(FULL_PACK) == set(CARDS)


def test_cardset_iterates_in_display_order():
    hand = CardSet.parse("9D TH AS JC QC AC 9C KC")
    assert hand.ascii() == "AC KC QC JC 9C AS TH 9D"
    assert str(CardSet.parse("TH AH")) == "A♥ 10♥"


def test_cardset_rejects_duplicates_and_bad_masks():
    with pytest.raises(CardParseError, match="twice"):
        CardSet.parse("QC qc")
    with pytest.raises(ValueError):
        CardSet(1 << 24)
    with pytest.raises(ValueError):
        CardSet(-1)


def test_suit_and_rank_parsing():
    assert Suit.parse("hearts") is Suit.HEARTS and Suit.parse("KREUZ") is Suit.CLUBS
    assert Rank.parse("10") is Rank.TEN and Rank.parse("t") is Rank.TEN
    with pytest.raises(CardParseError):
        Suit.parse("X")
    with pytest.raises(CardParseError):
        Rank.parse("8")
