"""One deal as a state machine: cut, dealing, trump making, discards, lone play, tricks."""

import random

import pytest

from altbaumer.game.cards import BIG_TREE, CARDS, FULL_PACK, LITTLE_TREE, CardSet, Suit
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Play, Refuse, TakeTrees
from altbaumer.game.deal import Deal
from altbaumer.errors import (
    IllegalCutTake,
    IllegalDiscard,
    IllegalLoneDeclaration,
    IllegalPlay,
    InvalidDeal,
    NotYourTurn,
    WrongPhase,
)
from altbaumer.play.policies import RandomPolicy
from altbaumer.game.rules import is_trump_card
from altbaumer.game.seats import SEATS, Seat
from altbaumer.play.simulate import play_deal

from support import cards, cset


def pack_with(front: dict[int, str]) -> list:
    """A pack with the given cards at the given positions, the rest in index order."""
    placed = {pos: cards(text)[0] for pos, text in front.items()}
    rest = [c for c in CARDS if c not in placed.values()]
    return [placed[i] if i in placed else rest.pop(0) for i in range(24)]


HANDS = {
    # dealer S: forehand E, cutter W; makers E-W
    Seat.E: "QC AS KS AH 9D",
    Seat.N: "AC TS QS KH QD",
    Seat.W: "JC JS TH QH KD",
    Seat.S: "KC 9S JH 9H AD",
}


def deal_from(hands=HANDS, stock="TC 9C TD JD", dealer=Seat.S, cut_trees="") -> Deal:
    return Deal.from_hands(dealer, {s: cset(h) for s, h in hands.items()}, cards(stock), cset(cut_trees))


# -- the cut and the deal ------------------------------------------------------


def test_dealing_three_then_two_anticlockwise_from_forehand():
    pack = list(CARDS)
    deal = Deal(Seat.S, pack, cut=5)  # the shown card pack[4] is 10♣: no Tree
    assert deal.phase is Phase.TRUMP and deal.forehand is Seat.E and deal.cutter is Seat.W
    completed = pack[5:] + pack[:5]
    order = [Seat.E, Seat.N, Seat.W, Seat.S]
    for i, seat in enumerate(order):
        expected = completed[3 * i : 3 * i + 3] + completed[12 + 2 * i : 14 + 2 * i]
        assert deal.hands[seat] == CardSet(expected)
    assert deal.stock == tuple(completed[20:])
    assert deal.turned_card is completed[20]


def test_tree_shown_at_cut_can_be_taken_and_first_packet_is_reduced():
    pack = pack_with({6: "QC", 5: "9S"})  # lift 7: bottom of the packet is Q♣, above it 9♠
    deal = Deal(Seat.S, pack, cut=7)
    assert deal.phase is Phase.CUT and deal.to_act is Seat.W and deal.cut_offer == (BIG_TREE,)
    deal.apply(TakeTrees((BIG_TREE,)), seat=Seat.W)
    completed = [c for c in pack[7:] + pack[:7] if c is not BIG_TREE]
    assert deal.hands[Seat.W] == CardSet([BIG_TREE] + completed[6:8] + completed[15:17])
    assert deal.hands[Seat.S] == CardSet(completed[8:11] + completed[17:19])
    assert deal.stock == tuple(completed[19:])
    assert deal.cut_trees == cset("QC")
    # Decision D13: the next card was seen and, not taken, it is stock card 4.
    assert deal.cut_seen == cset("9S") and deal.stock[3] == cards("9S")[0]


def test_both_trees_at_the_cut():
    deal = Deal(Seat.N, pack_with({10: "JC", 9: "QC"}), cut=11)
    assert deal.cut_offer == (LITTLE_TREE, BIG_TREE)
    with pytest.raises(IllegalCutTake, match="Decision D3"):
        deal.apply(TakeTrees((BIG_TREE,)))
    deal.apply(TakeTrees((LITTLE_TREE, BIG_TREE)))
    cutter = deal.cutter
    assert deal.cut_trees == cset("QC JC")
    assert not cset("QC JC") - deal.hands[cutter]
    assert all(len(deal.hands[s]) == 5 for s in SEATS) and len(deal.stock) == 4
    assert not deal.cut_seen


def test_cutter_may_leave_the_tree():
    deal = Deal(Seat.N, pack_with({10: "QC"}), cut=11)
    deal.apply(TakeTrees(()))
    assert not deal.cut_trees and deal.cut_seen == cset("QC") and deal.stock[3] is BIG_TREE
    assert deal.view(deal.cutter).cut_seen == cset("QC")


def test_invalid_packs_and_cuts_are_rejected():
    with pytest.raises(InvalidDeal, match="twice"):
        Deal(Seat.N, list(CARDS[:23]) + [CARDS[0]], cut=3)
    with pytest.raises(InvalidDeal, match="missing"):
        Deal(Seat.N, list(CARDS[:23]), cut=3)
    with pytest.raises(InvalidDeal, match="D2"):
        Deal(Seat.N, list(CARDS), cut=24)


def test_from_hands_validation():
    with pytest.raises(InvalidDeal, match="twice"):
        deal_from(stock="TC 9C TD AS")
    bad = {**HANDS, Seat.E: "QC AS KS AH"}
    with pytest.raises(InvalidDeal, match="holds 4"):
        deal_from(hands=bad, stock="TC 9C TD JD 9D")
    with pytest.raises(InvalidDeal, match="cutter"):
        deal_from(cut_trees="QC")  # Q♣ is in E's hand, but W cuts


# -- making trump ---------------------------------------------------------------


def test_accept_takes_the_turned_card_and_fixes_its_suit():
    deal = deal_from(stock="TD 9C TC JD")
    deal.apply(Accept(), seat=Seat.E)
    assert deal.trump is Suit.DIAMONDS and deal.accepted is True
    assert deal.taken == cset("TD") and len(deal.hands[Seat.E]) == 6
    assert deal.phase is Phase.DISCARD and not deal.exposed


def test_refuse_turns_until_another_suit_and_exposes_the_rest():
    deal = deal_from(stock="TC 9C TD JD")
    deal.apply(Refuse())
    assert deal.trump is Suit.DIAMONDS and deal.accepted is False
    assert deal.exposed == cset("TC 9C") and deal.taken == cset("TD")
    assert deal.discard_count() == 1


def test_a_turned_tree_counts_as_a_club():
    hands = {**HANDS, Seat.E: "TC AS KS AH 9D"}
    deal = deal_from(hands=hands, stock="QC 9C TD JD")
    deal.apply(Refuse())
    assert deal.exposed == cset("QC 9C") and deal.trump is Suit.DIAMONDS
    deal = deal_from(hands=hands, stock="QC 9C TD JD")
    deal.apply(Accept())
    assert deal.trump is Suit.CLUBS


def test_compulsory_case_forehand_takes_all_four_and_discards_four():
    hands = {Seat.E: "AS KS AH 9D QD", Seat.N: "QC TS QS KH KD", Seat.W: "JS TH QH JD AD", Seat.S: "JH 9S 9H TD JC"}
    deal = deal_from(hands=hands, stock="AC KC TC 9C")
    deal.apply(Refuse())
    assert deal.trump is Suit.CLUBS and deal.taken == cset("AC KC TC 9C") and len(deal.hands[Seat.E]) == 9
    assert len(deal.legal_actions()) == 126  # four of nine
    with pytest.raises(IllegalDiscard, match="must discard 4, not 1"):
        deal.apply(Discard(tuple(cards("AS"))))
    deal.apply(Discard(tuple(cards("AS KS AH 9D"))))
    assert deal.hands[Seat.E] == cset("QD AC KC TC 9C") and deal.phase is Phase.LONE


def test_discard_errors():
    deal = deal_from()
    deal.apply(Accept())
    with pytest.raises(IllegalDiscard, match="does not hold KC"):
        deal.apply(Discard(tuple(cards("KC"))))
    with pytest.raises(IllegalDiscard, match="must discard 1, not 2"):
        deal.apply(Discard(tuple(cards("AS KS"))))
    deal.apply(Discard(tuple(cards("TC"))))  # Decision D5: the card just taken may go
    assert deal.discards == cset("TC") and deal.hands[Seat.E] == cset(HANDS[Seat.E])


# -- lone play --------------------------------------------------------------------


def to_lone_phase() -> Deal:
    deal = deal_from()
    deal.apply(Accept())
    deal.apply(Discard(tuple(cards("9D"))))
    return deal


def test_forehand_declares_first_and_leads_tricks_of_three():
    deal = to_lone_phase()
    assert deal.to_act is Seat.E
    deal.apply(DeclareAlone(True))
    assert deal.lone is Seat.E and deal.absent is Seat.W
    assert deal.phase is Phase.PLAY and deal.to_act is Seat.E
    deal.apply(Play(cards("QC")[0]))
    deal.apply(deal.legal_actions()[0])
    assert deal.to_act is Seat.S  # E → N → (W absent) → S
    deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 1 and len(deal.tricks[0].cards) == 3


def test_partner_may_go_alone_after_forehand_passes_and_the_next_seat_leads():
    deal = to_lone_phase()
    deal.apply(DeclareAlone(False), seat=Seat.E)
    assert deal.to_act is Seat.W
    deal.apply(DeclareAlone(True), seat=Seat.W)
    assert deal.lone is Seat.W and deal.absent is Seat.E
    assert deal.to_act is Seat.N  # first active player after forehand


def test_nobody_alone_forehand_leads():
    deal = to_lone_phase()
    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(False))
    assert deal.lone is None and deal.to_act is Seat.E and deal.phase is Phase.PLAY


def test_a_defender_cannot_go_alone():
    deal = to_lone_phase()
    with pytest.raises(IllegalLoneDeclaration, match="defender"):
        deal.apply(DeclareAlone(True), seat=Seat.N)


# -- malformed actions ---------------------------------------------------------------


def test_wrong_phase_wrong_seat_illegal_card():
    deal = deal_from()
    with pytest.raises(WrongPhase, match="trump phase"):
        deal.apply(Play(cards("AS")[0]))
    with pytest.raises(NotYourTurn, match="E's turn"):
        deal.apply(Accept(), seat=Seat.N)
    deal.apply(Accept())
    deal.apply(Discard(tuple(cards("TC"))))
    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(False))
    deal.apply(Play(cards("AS")[0]))  # E leads A♠
    with pytest.raises(IllegalPlay, match="N held spades and must follow spades"):
        deal.apply(Play(cards("AC")[0]))
    with pytest.raises(IllegalPlay, match="does not hold"):
        deal.apply(Play(cards("9S")[0]))
    deal.apply(Play(cards("TS")[0]))
    # W holds J♠: must follow; S holds 9♠ too.
    with pytest.raises(IllegalPlay, match="rule 3"):
        deal.apply(Play(cards("JC")[0]))


def test_actions_after_the_end_are_rejected():
    deal = deal_from()
    play_deal(deal, {s: RandomPolicy(1) for s in SEATS})
    assert deal.phase is Phase.DONE and deal.to_act is None and deal.legal_actions() == []
    with pytest.raises(WrongPhase, match="over"):
        deal.apply(Play(cards("AS")[0]))


# -- what each seat knows -----------------------------------------------------------------


def test_views_show_only_own_hand_and_public_cards():
    deal = deal_from(stock="TC 9C TD JD")
    assert deal.view(Seat.N).turned == cards("TC")[0]
    deal.apply(Refuse())
    deal.apply(Discard(tuple(cards("9D"))))
    for seat in SEATS:
        view = deal.view(seat)
        assert view.hand == deal.hands[seat]
        assert view.exposed == cset("TC 9C") and view.taken == cset("TD") and view.trump is Suit.DIAMONDS
        assert view.discards == (cset("9D") if seat is Seat.E else None)
        assert bool(view.legal) == (seat is deal.to_act)
    public = [
        (v.exposed, v.taken, v.trump, v.tricks, v.cut_trees)
        for v in (deal.view(s) for s in SEATS)
    ]
    assert all(p == public[0] for p in public)


def test_view_before_the_deal_shows_only_the_cut_offer():
    deal = Deal(Seat.N, pack_with({10: "QC"}), cut=11)
    view = deal.view(Seat.E)
    assert view.cut_offer == (BIG_TREE,) and not view.hand and view.phase == "cut"


# -- invariants over many random deals -------------------------------------------------------


def check_invariants(deal: Deal) -> None:
    everything = [deal.hands[s] for s in SEATS] + [deal.discards, deal.exposed]
    played = CardSet([c for t in deal.tricks for c in t.cards] + deal.trick_cards)
    unturned = CardSet(deal.stock[deal.turned :]) if len(deal.taken) < 4 else CardSet()
    pieces = everything + [played, unturned]
    total = sum(len(p) for p in pieces)
    union = CardSet()
    for p in pieces:
        union = union | p
    assert total == 24 and union == FULL_PACK, "each card exactly once"


@pytest.mark.parametrize("seed", range(3))
def test_invariants_over_random_deals(seed):
    rng = random.Random(seed)
    for n in range(400):
        deal = Deal.shuffled(SEATS[n % 4], rng)
        players = {s: RandomPolicy(rng.getrandbits(32)) for s in SEATS}
        while deal.phase is not Phase.PLAY:
            deal.apply(players[deal.to_act].choose(deal.view(deal.to_act)))
        check_invariants(deal)
        sizes = {s: len(deal.hands[s]) for s in deal.active_seats}
        assert set(sizes.values()) == {5}
        while deal.phase is not Phase.DONE:
            seat = deal.to_act
            before = deal.hands[seat]
            trick = list(deal.trick_cards)
            action = players[seat].choose(deal.view(seat))
            deal.apply(action)
            check_invariants(deal)
            if trick:
                assert_follows(before, trick, action.card, deal.trump)
            if not deal.trick_cards:
                done = len(deal.tricks)
                assert all(len(deal.hands[s]) == 5 - done for s in deal.active_seats)
                assert deal.tricks[-1].winner == deal.trick_leader or deal.phase is Phase.DONE
        assert all(len(t.cards) == (3 if deal.lone else 4) for t in deal.tricks)
        assert sum(deal.tricks_won.values()) == 5


def assert_follows(hand: CardSet, trick: list, card, trump: Suit) -> None:
    """An independent statement of the duty to follow, for the invariant test."""
    led = trick[0]
    trumps = [c for c in hand if is_trump_card(c, trump)]
    if is_trump_card(led, trump):
        assert not trumps or is_trump_card(card, trump)
    elif led.suit is Suit.CLUBS:
        plain_clubs = [c for c in hand if c.suit is Suit.CLUBS and not c.is_tree]
        trees = [c for c in hand if c.is_tree]
        if plain_clubs:
            assert card.suit is Suit.CLUBS
        elif trees:
            assert card.is_tree
        elif trumps:
            assert is_trump_card(card, trump)
    else:
        same = [c for c in hand if c.suit is led.suit]
        if same:
            assert card.suit is led.suit
        elif trumps:
            assert is_trump_card(card, trump)
