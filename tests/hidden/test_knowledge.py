"""What one seat knows (rules.md, Who knows what; Following; Decisions D5-D8, D13)."""

from __future__ import annotations

import dataclasses
import doctest
import random

import pytest

import altbaumer.hidden.knowledge
from altbaumer.game.cards import CARDS, TREES, Card, CardSet, Suit, suit_cards
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Play, Refuse
from altbaumer.game.deal import Deal
from altbaumer.errors import InvalidDeal, WrongPhase
from altbaumer.hidden.knowledge import DISCARD, HAND, OUT, STOCK, InfoSet, forbidden_holdings
from altbaumer.game.rules import legal_cards
from altbaumer.game.seats import SEATS, Seat

from support import cards, cset

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
HEARTS_TRUMPS = cset("QC JC AH KH TH QH JH 9H")  # written out, not taken from rules.py
ORDINARY_CLUBS = cset("AC KC TC 9C")


def start(hands: dict[Seat, str], stock: str, discard: str, cut_trees: str = "", lone: tuple[bool, ...] = (False, False)) -> Deal:
    """Dealer N (forehand W, cutter E, play order N W S E): W accepts the top
    stock card, discards ``discard``, then the lone decisions are made."""
    deal = Deal.from_hands(N, {s: cset(h) for s, h in hands.items()}, cards(stock), cset(cut_trees))
    deal.apply(Accept())
    deal.apply(Discard(tuple(cards(discard))))
    for alone in lone:
        if deal.phase is Phase.LONE:
            deal.apply(DeclareAlone(alone))
    return deal


def play(deal: Deal, text: str) -> Deal:
    for card in cards(text):
        deal.apply(Play(card))
    return deal


def may_be_in(info: InfoSet, card: Card, seat: Seat) -> bool:
    return any(slot.kind == HAND and slot.seat is seat for slot in info.places(card))


def hand_room(info: InfoSet, seat: Seat) -> int:
    return info.slots[info.slot_index(HAND, seat)].capacity


# -- the single-card test of forbidden_holdings is exact ------------------------


def test_pair_test_decides_legality_of_whole_hands():
    """A card is legal from a hand iff the hand holds none of its forbidden cards."""
    rng = random.Random(11)
    for _ in range(3000):
        trump = rng.choice(list(Suit))
        deck = list(CARDS)
        rng.shuffle(deck)
        led, played, rest = deck[0], deck[1], deck[2 : 2 + rng.randint(0, 5)]
        hand = CardSet([played, *rest])
        legal = played in legal_cards(hand, [led], trump)
        assert legal == (not hand & forbidden_holdings(led, played, trump)), (led, played, hand, trump)


# -- void inference, one test per rule of rules.md, Following -----------------

# Rule 1, hearts trump: W leads K♥; S (no trump) plays 9♠; E follows with Q♥.
RULE1_HANDS = {
    W: "KH AS KS AD 9C",
    S: "9S TS QS 9D TD",
    E: "QH JH AC KC TC",
    N: "QC JC AH TH KD",
}
RULE1_STOCK = "9H JS QD JD"


def rule1_deal() -> Deal:
    return play(start(RULE1_HANDS, RULE1_STOCK, discard="9C"), "KH 9S QH")


def test_rule_1_no_trump_played_to_a_trump_lead_shows_no_trump_cards():
    info = InfoSet.from_view(rule1_deal().view(N))
    assert info.view.trump is Suit.HEARTS and info.view.phase == "play"
    taken = Card.parse("9H")
    for card in info.unknown:
        assert may_be_in(info, card, S) == (card not in HEARTS_TRUMPS), card
        assert may_be_in(info, card, W), card  # W led: nothing learnt
        assert may_be_in(info, card, E) == (card is not taken), card  # E followed with a trump
    assert [(v.seat, v.rule) for v in info.voids] == [(S, 1)]
    text = info.describe()
    assert "S holds no trump cards (played 9♠ when W led K♥ in trick 1; rules.md, Following, rule 1)" in text
    assert "J♥: only in E's hand or W's hand or out of play or forehand's discard" in text
    assert "9♥: taken from the stock by forehand W" in text
    assert "9♥: only in W's hand or forehand's discard" in text
    assert "out of play: 3, forehand's discard: 1" in text


# Rule 2, hearts trump, W leads 9♣: S (no club, Tree or heart) plays 9♦, E (no club
# or Tree) must play its trump A♥, N (A♣ and J♣) may play either.
RULE2_HANDS = {
    W: "9C TC KC QC KS",
    S: "9D TD JD 9S TS",
    E: "AH QS JS KD QD",
    N: "JC AC KH TH AS",
}
RULE2_STOCK = "9H JH QH AD"


@pytest.mark.parametrize("north", ["JC", "AC"])
def test_rule_2_club_lead(north: str):
    deal = play(start(RULE2_HANDS, RULE2_STOCK, discard="KS"), f"9C 9D AH {north}")
    info = InfoSet.from_view(deal.view(W))
    clubs = ORDINARY_CLUBS | TREES
    for card in info.unknown:
        # line 1-3: S played off-suit, so it has no ordinary club, no Tree and no trump
        assert may_be_in(info, card, S) == (card not in clubs | HEARTS_TRUMPS), card
        # line 2: E played an ordinary trump, so it has neither ordinary clubs nor Trees
        assert may_be_in(info, card, E) == (card not in clubs), card
        # line 1: an ordinary club and a Tree are both legal, nothing is learnt about N
        assert may_be_in(info, card, N), card
    assert {v.seat: v.rule for v in info.voids} == {S: 2, E: 2}
    assert info.void_cards(S) == clubs | HEARTS_TRUMPS and info.void_cards(E) == clubs and not info.void_cards(N)
    text = info.describe()
    assert "E holds no ordinary clubs and no Trees" in text
    assert "S holds no ordinary clubs and no trump cards" in text


def test_rule_2_line_2_tree_holder_may_not_play_an_ordinary_trump():
    """The second line alone: a player with a Tree but no ordinary club must
    play the Tree, so playing a heart shows it holds no Tree."""
    assert forbidden_holdings(Card.parse("9C"), Card.parse("AH"), Suit.HEARTS) == ORDINARY_CLUBS | TREES
    assert forbidden_holdings(Card.parse("9C"), Card.parse("JC"), Suit.HEARTS) == CardSet()
    assert forbidden_holdings(Card.parse("9C"), Card.parse("AC"), Suit.HEARTS) == CardSet()
    # worked example 1: diamonds trump, 9♦ played to the 9♣ lead
    assert forbidden_holdings(Card.parse("9C"), Card.parse("9D"), Suit.DIAMONDS) == ORDINARY_CLUBS | TREES
    # the fourth line: anything else shows no club, no Tree and no trump
    expected = ORDINARY_CLUBS | TREES | suit_cards(Suit.DIAMONDS)
    assert forbidden_holdings(Card.parse("9C"), Card.parse("KH"), Suit.DIAMONDS) == expected


# Rule 3, hearts trump, W leads A♠: S (no spade, no trump) plays 9♦, E (no spade)
# trumps with J♣, N follows with K♠.
RULE3_HANDS = {
    W: "AS TS JS 9S QC",
    S: "9D TD JD 9C TC",
    E: "JC 9H KD QD AD",
    N: "KS QS KH TH AC",
}
RULE3_STOCK = "AH KC JH QH"


def rule3_deal() -> Deal:
    return play(start(RULE3_HANDS, RULE3_STOCK, discard="9S"), "AS 9D JC KS")


def test_rule_3_suit_lead():
    info = InfoSet.from_view(rule3_deal().view(W))
    spades = suit_cards(Suit.SPADES)
    for card in info.unknown:
        assert may_be_in(info, card, S) == (card not in spades | HEARTS_TRUMPS), card
        assert may_be_in(info, card, E) == (card not in spades), card
        assert may_be_in(info, card, N), card
    text = info.describe()
    assert "S holds no spades and no trump cards" in text and "E holds no spades (" in text


def test_voids_carry_over_to_later_tricks_and_are_not_reported_for_the_viewer():
    deal = play(rule3_deal(), "KD TH AH TD")  # E leads K♦: N trumps, W trumps, S follows
    info = InfoSet.from_view(deal.view(S))
    assert {v.seat for v in info.voids} == {E, N, W}
    assert not may_be_in(info, Card.parse("QS"), E)  # E's spade void from trick 1
    assert not may_be_in(info, Card.parse("QD"), N) and not may_be_in(info, Card.parse("QD"), W)
    assert "N holds no diamonds (played 10♥ when E led K♦ in trick 2" in info.describe()


def test_a_later_play_contradicting_a_void_is_rejected():
    deal = play(rule3_deal(), "KD TH AH TD")
    view = deal.view(W)
    second = dataclasses.replace(view.tricks[1], cards=tuple(cards("KD TH AH JS")))
    fake = dataclasses.replace(view, tricks=(view.tricks[0], second), hand=cset("TS QC JD"))
    with pytest.raises(InvalidDeal, match="S played 9D to AS in trick 1 while holding JS"):
        InfoSet.from_view(fake)


def test_a_known_card_contradicting_a_void_is_rejected():
    view = rule3_deal().view(S)
    fake = dataclasses.replace(view, hand=cset("TD JD 9C QS"))  # S "still holds" a spade
    with pytest.raises(InvalidDeal, match="S played 9D to AS in trick 1 while holding QS"):
        InfoSet.from_view(fake)


# -- public and private cards -------------------------------------------------


def test_taken_card_is_known_to_forehand_and_pinned_for_the_others():
    deal = start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=())
    nine = Card.parse("9H")
    assert deal.phase is Phase.LONE
    north = InfoSet.from_view(deal.view(N))
    assert {str(s) for s in north.places(nine)} == {"W's hand", "forehand's discard"}  # D5
    west = InfoSet.from_view(deal.view(W))
    assert nine in west.view.hand and nine not in west.unknown_cards
    # before forehand discards, the taken card is surely in its hand
    early = Deal.from_hands(N, {s: cset(h) for s, h in RULE1_HANDS.items()}, cards(RULE1_STOCK))
    early.apply(Accept())
    info = InfoSet.from_view(early.view(S))
    assert info.view.phase == "discard" and nine in info.known_hands[W]
    assert info.hand_sizes[W] == 6 and hand_room(info, W) == 5


def test_forehands_discards_are_known_only_to_forehand():
    deal = start(RULE1_HANDS, RULE1_STOCK, discard="9C")
    discard = Card.parse("9C")
    west = InfoSet.from_view(deal.view(W))
    assert discard in west.known_out and discard not in west.unknown_cards
    for seat in (N, E, S):
        info = InfoSet.from_view(deal.view(seat))
        if discard in info.view.hand:
            continue
        assert discard in info.unknown_cards and discard not in info.known_out
        assert {slot.kind for slot in info.places(discard)} == {HAND, OUT, DISCARD}  # D5: any card
        assert may_be_in(info, discard, W)


def test_forehands_discard_and_the_unturned_stock_are_separate_places():
    info = InfoSet.from_view(start(RULE1_HANDS, RULE1_STOCK, discard="9C").view(N))
    assert [slot.kind for slot in info.slots] == [HAND, HAND, HAND, OUT, DISCARD]
    assert info.slots[info.slot_index(OUT)].capacity == 3  # three stock cards never turned (D6, D7)
    assert info.slots[info.slot_index(DISCARD)].capacity == 1
    assert [hand_room(info, s) for s in (E, S, W)] == [5, 5, 5]


def test_the_cutters_trees_are_public():
    hands = {**RULE1_HANDS, E: "QC JH AC KC TC", N: "QH JC AH TH KD"}
    deal = Deal.from_hands(N, {s: cset(h) for s, h in hands.items()}, cards(RULE1_STOCK), cset("QC"))
    info = InfoSet.from_view(deal.view(S))
    assert info.known_hands[E] == cset("QC") and hand_room(info, E) == 4
    assert Card.parse("QC") not in info.unknown_cards
    assert "known in E's hand: Q♣" in info.describe()


def test_the_absent_cutters_trees_are_out_of_play_but_known():
    hands = {**RULE1_HANDS, E: "QC JH AC KC TC", N: "QH JC AH TH KD"}
    deal = Deal.from_hands(N, {s: cset(h) for s, h in hands.items()}, cards(RULE1_STOCK), cset("QC"))
    deal.apply(Accept())
    deal.apply(Discard(tuple(cards("9C"))))
    deal.apply(DeclareAlone(True))  # W alone: the cutter E puts its hand aside (D8)
    info = InfoSet.from_view(deal.view(N))
    assert info.absent is E and info.slot_index(HAND, E) is None
    assert Card.parse("QC") in info.known_out
    # E's other four cards and three unturned stock cards are unseen; so is W's discard
    assert info.slots[info.slot_index(OUT)].capacity == 4 + 3
    assert info.slots[info.slot_index(DISCARD)].capacity == 1
    assert info.hand_sizes[E] == 0


def test_cut_card_is_stock_card_4_then_out_of_play():
    deal = Deal(N, list(CARDS), cut=5)  # the cut shows K♣: the stock is 10♣ J♣ Q♣ K♣
    king = Card.parse("KC")
    assert deal.cut_seen == CardSet(king)
    info = InfoSet.from_view(deal.view(S))
    assert info.known_stock == (Card.parse("TC"), None, None, king)
    assert [slot.position for slot in info.slots if slot.kind == STOCK] == [2, 3]
    assert "card 4 = K♣ (seen at the cut, Decision D13)" in str(info)
    assert info.slots[info.slot_index(OUT)].capacity == 0
    deal.apply(Accept())
    deal.apply(Discard(tuple(deal.hands[W])[:1]))
    after = InfoSet.from_view(deal.view(S))
    assert king in after.known_out and king not in after.unknown_cards  # never turned (D6)


def test_cut_card_taken_in_the_compulsory_case_is_in_forehands_hand_or_discarded():
    deal = Deal(N, list(CARDS), cut=5)
    deal.apply(Refuse())  # all four stock cards are clubs: compulsory
    assert deal.taken == cset("TC JC QC KC")
    kept = deal.hands[W] - cset("KC")
    deal.apply(Discard(tuple(list(kept)[:4])))
    info = InfoSet.from_view(deal.view(E))
    king = Card.parse("KC")
    assert {str(s) for s in info.places(king)} == {"W's hand", "forehand's discard"}
    assert info.slots[info.slot_index(DISCARD)].capacity == 4
    assert info.slots[info.slot_index(OUT)].capacity == 0  # no stock card left unturned


def test_absent_viewer_and_lone_passes():
    deal = start(RULE1_HANDS, RULE1_STOCK, discard="9C", lone=(False, True))
    assert deal.lone is E
    view = deal.view(W)
    assert view.lone_passed == (W,)
    info = InfoSet.from_view(view)
    assert info.view.hand and not info.view.hand - info.known_out and info.slot_index(HAND, W) is None
    assert "W declined to play alone" in info.describe()


def test_view_before_the_deal_and_broken_views_are_rejected():
    deal = Deal(N, [*CARDS[3:], *CARDS[:3]], cut=1)  # shows Q♣ (index 3): the cutter decides
    assert deal.phase is Phase.CUT
    with pytest.raises(WrongPhase):
        InfoSet.from_view(deal.view(S))
    view = rule1_deal().view(N)
    with pytest.raises(InvalidDeal, match="should hold"):
        InfoSet.from_view(dataclasses.replace(view, hand=view.hand | cset("9C")))
    with pytest.raises(InvalidDeal, match="already placed"):
        InfoSet.from_view(dataclasses.replace(view, hand=view.hand - cset("KD") | cset("KH")))


def test_infeasible_view_is_rejected():
    """W leads A♠ and neither S nor E follows or trumps: the five spades and
    four trumps N cannot see may only be in W's hand (room 4), out of play
    (3) or W's discard (1)."""
    view = rule1_deal().view(N)
    InfoSet.from_view(view)
    tight = dataclasses.replace(view, trick_cards=tuple(cards("AS 9D AC")))
    with pytest.raises(
        InvalidDeal,
        match="no layout fits the view: .* W's hand, out of play, forehand's discard, which have room for 8",
    ):
        InfoSet.from_view(tight)


# -- real deals --------------------------------------------------------------


def test_infosets_of_random_deals_fit_the_true_layout():
    """Every seat at every step of some random deals: the known cards are where
    the InfoSet says, and each unknown card's true place is allowed."""
    from altbaumer.play.policies import RandomPolicy

    for seed in range(12):
        deal = Deal.from_seed(seed, take_trees=seed % 3 != 0)
        policy = RandomPolicy(seed)
        while True:
            for seat in SEATS:
                _check_fits(InfoSet.from_view(deal.view(seat)), deal)
            if deal.phase is Phase.DONE:
                break
            deal.apply(policy.choose(deal.view(deal.to_act)))


def _check_fits(info: InfoSet, deal: Deal) -> None:
    absent = deal.absent
    for seat in SEATS:
        hand = CardSet() if seat is absent else deal.hands[seat]
        assert not info.known_hands[seat] - hand
        assert info.hand_sizes[seat] == len(hand)
    if deal.phase is Phase.TRUMP:
        for card, true in zip(info.known_stock, deal.stock):
            assert card is None or card is true
    # forehand's unseen discard is a slot of its own, for other seats once it is made
    discarded = deal.phase in (Phase.LONE, Phase.PLAY, Phase.DONE)
    separate = discarded and info.view.seat is not deal.forehand and deal.forehand is not absent
    assert (info.slot_index(DISCARD) is not None) == separate
    if separate:
        assert info.slots[info.slot_index(DISCARD)].capacity == len(deal.discards) == len(deal.taken)
    filled = [0] * len(info.slots)
    for card, where in zip(info.unknown, info.allowed):
        index = _true_slot(info, deal, card)
        assert where >> index & 1, (card, info.slots[index])
        filled[index] += 1
    assert filled == [slot.capacity for slot in info.slots]


def _true_slot(info: InfoSet, deal: Deal, card: Card) -> int:
    absent = deal.absent
    for seat in SEATS:
        if seat is not absent and card in deal.hands[seat]:
            index = info.slot_index(HAND, seat)
            assert index is not None
            return index
    if deal.phase is Phase.TRUMP:
        index = info.slot_index(STOCK, position=deal.stock.index(card) + 1)
        assert index is not None
        return index
    assert card not in deal.view(info.view.seat).played
    if card in deal.discards and info.view.seat is not deal.forehand and deal.forehand is not absent:
        return info.slot_index(DISCARD)
    return info.slot_index(OUT)


def test_module_doctests():
    result = doctest.testmod(altbaumer.hidden.knowledge)
    assert result.attempted > 0 and result.failed == 0
