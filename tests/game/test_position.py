"""The open position the solver works on (altbaumer.game.position).

Validation names the fault in one specific InvalidPosition message; play()
completes tricks like the Deal state machine does (the random trajectories at
the end replay seeded deals through both and compare them step by step).
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from altbaumer.game.cards import Suit
from altbaumer.game.actions import Accept, DeclareAlone, Phase, Play, Refuse
from altbaumer.game.deal import Deal
from altbaumer.game.position import InvalidPosition, Position
from altbaumer.game.seats import SEATS, Seat, Team

from support import cards, cset
from support import club_lead_position, describe, full_deal, random_position, tree_rule_matters

# Hearts trump, N-S make, three tricks to play; N has led 9♣ (play order N W S E).
MID = {"N": "AS KD", "W": "AC 9S QD", "S": "JC TC 9D", "E": "AH KS JD"}


def mid(**changes) -> Position:
    args = dict(hands=MID, trump="H", leader="N", trick="9C", makers="NS", tricks_taken=(1, 1))
    args.update(changes)
    return Position.build(**args)


def raises(fragment: str):
    return pytest.raises(InvalidPosition, match=re.escape(fragment))



# -- validation ----------------------------------------------------------------


def test_a_valid_mid_trick_position():
    pos = mid()
    assert pos.to_act is Seat.W and pos.tricks_left == 3 and pos.makers_taken == 1
    assert pos.legal_moves() == cards("AC")
    assert not pos.is_over and pos.absent is None and pos.active_seats == SEATS


def test_a_card_twice_in_two_hands():
    with raises("card AS appears twice"):
        mid(hands={**MID, "W": "AS 9S QD"})


def test_a_card_twice_in_a_hand_and_the_trick():
    with raises("card 9C appears twice"):
        mid(hands={**MID, "N": "9C KD"})


def test_a_follower_holding_too_few_cards():
    with raises("W holds 2 cards but should hold 3 (3 tricks to play, 1 card(s) in the current trick)"):
        mid(hands={**MID, "W": "AC 9S"})


def test_a_seat_that_already_played_holding_too_many_cards():
    with raises("W holds 3 cards but should hold 2 (3 tricks to play, 2 card(s) in the current trick)"):
        mid(hands={**MID, "W": "9S QD KH"}, trick="9C AC")


def test_the_leader_holding_a_card_too_many_for_the_tricks_taken():
    with raises("2 tricks taken and 4 left do not make 5"):
        mid(hands={**MID, "N": "AS KD 9H"})


def test_tricks_taken_not_adding_up():
    with raises("3 tricks taken and 3 left do not make 5 (tricks taken (1, 2))"):
        mid(tricks_taken=(1, 2))
    with raises("0 tricks taken and 3 left do not make 5"):
        mid(tricks_taken=(0, 0))


def test_negative_tricks_taken():
    with raises("2 tricks taken and 3 left do not make 5 (tricks taken (-1, 3))"):
        mid(tricks_taken=(-1, 3))


def test_a_lone_seat_that_is_not_a_maker():
    with raises("the lone seat E is not a maker (N-S make trump)"):
        mid(lone="E")


def test_the_absent_partner_holding_cards():
    with raises("S sits out beside the lone N but holds JC TC 9D"):
        mid(lone="N")


def test_the_absent_partner_cannot_lead():
    hands = {"S": "AS KD", "W": "AC 9S", "E": "AH KS"}
    with raises("N sits out and cannot lead"):
        Position.build(hands, trump="H", leader="N", makers="NS", lone="S", tricks_taken=(2, 1))


def test_a_trick_with_too_many_cards():
    hands = {"N": "AS", "W": "9S", "S": "9D", "E": "KS"}
    with raises("the current trick holds 4 cards: a trick has 4"):
        Position.build(hands, "H", "N", trick="9C AC JC AH", tricks_taken=(2, 2))
    lone = {"N": "AS", "W": "9S", "E": "KS"}
    with raises("the current trick holds 3 cards: a trick has 3"):
        Position.build(lone, "H", "N", trick="9C AC AH", lone="N", tricks_taken=(2, 2))


def test_illegal_trick_card_showed_out_but_kept_a_trump():
    """W played 9♦ to a spade lead without spades while holding A♥ (hearts trump)."""
    hands = {"N": "AS KD", "W": "AH 9H", "S": "JC TC 9D", "E": "AD KS JD"}
    with raises(
        "illegal card in the current trick: W held no spades and must play a trump card (a Tree or a heart) "
        "(rules.md, Following, rule 3)"
    ):
        Position.build(hands, "H", "N", trick="QS TD", makers="NS", tricks_taken=(1, 1))


def test_illegal_trick_card_revoked_a_suit():
    hands = {"N": "AS KD", "W": "AH 9S", "S": "JC TC 9D", "E": "AD KS JD"}
    with raises("illegal card in the current trick: W held spades and must follow spades"):
        Position.build(hands, "H", "N", trick="QS TD", tricks_taken=(1, 1))


def test_illegal_trick_card_trump_before_tree_on_a_club_lead():
    """Hearts trump, 9♣ led: W without ordinary clubs but with J♣ must play the Tree, not A♥."""
    hands = {"N": "AS KD", "W": "JC 9S", "S": "KC TC 9D", "E": "AD KS JD"}
    with raises("illegal card in the current trick: W held no ordinary club and must play a Tree to the club lead"):
        Position.build(hands, "H", "N", trick="9C AH", tricks_taken=(1, 1))


def test_illegal_trick_card_ordinary_club_on_a_tree_lead():
    """Hearts trump, Q♣ led: B holds J♥ 10♣ 9♥ and may not play 10♣ (rules.md worked example 3)."""
    hands = {"N": "AS KD", "W": "JH 9H", "S": "KC AC 9D", "E": "AD KS JD"}
    with raises("illegal card in the current trick: W held a trump card and must play one to a trump lead"):
        Position.build(hands, "H", "N", trick="QC TC", tricks_taken=(1, 1))


def test_a_legal_tree_on_a_club_lead_is_accepted():
    hands = {"N": "AS KD", "W": "AC 9S", "S": "TC 9D KH", "E": "AD KS JD"}
    pos = Position.build(hands, "D", "N", trick="9C JC", tricks_taken=(1, 1))
    assert pos.to_act is Seat.S and pos.legal_moves() == cards("TC")


# -- play() ------------------------------------------------------------------------


def test_a_full_trick_the_tree_wins_and_its_holder_leads():
    """Hearts trump, 9♣ led: W must play A♣, S may choose J♣ or 10♣, E must trump with A♥;
    the Little Tree wins (rules.md worked example 2)."""
    start = Position.build(
        {"N": "9C AS KD", "W": "AC 9S QD", "S": "JC TC 9D", "E": "AH KS JD"}, "H", "N", tricks_taken=(1, 1)
    )
    assert start.to_act is Seat.N and start.legal_moves() == cards("9C AS KD")
    pos = start.play(cards("9C")[0])
    assert pos.to_act is Seat.W and pos.trick == tuple(cards("9C")) and pos.legal_moves() == cards("AC")
    pos = pos.play(cards("AC")[0])
    assert pos.to_act is Seat.S and pos.legal_moves() == cards("JC TC")
    pos = pos.play(cards("JC")[0])
    assert pos.to_act is Seat.E and pos.legal_moves() == cards("AH")
    assert pos.tricks_taken == (1, 1) and pos.leader is Seat.N
    done = pos.play(cards("AH")[0])
    assert done.trick == () and done.leader is Seat.S and done.to_act is Seat.S
    assert done.tricks_taken == (2, 1) and done.makers_taken == 2 and done.tricks_left == 2
    assert done.hands == {Seat.N: cset("AS KD"), Seat.W: cset("9S QD"), Seat.S: cset("TC 9D"), Seat.E: cset("KS JD")}
    # play() builds new positions: the start is untouched
    assert start.trick == () and len(start.hands[Seat.N]) == 3


def test_the_ordinary_club_instead_lets_the_trump_win():
    pos = Position.build(
        {"N": "9C AS KD", "W": "AC 9S QD", "S": "JC TC 9D", "E": "AH KS JD"}, "H", "N", tricks_taken=(1, 1)
    )
    for text in "9C AC TC AH".split():
        pos = pos.play(cards(text)[0])
    assert pos.leader is Seat.E and pos.tricks_taken == (1, 2)


def test_a_lone_player_plays_three_card_tricks():
    pos = Position.build({"N": "AS 9H", "W": "KS 9C", "E": "TS QH"}, "D", "N", makers="NS", lone="N",
                         tricks_taken=(2, 1))
    assert pos.absent is Seat.S and pos.active_seats == (Seat.N, Seat.E, Seat.W)
    seen = []
    for text in "AS KS TS".split():
        seen.append(pos.to_act)
        pos = pos.play(cards(text)[0])
    assert seen == [Seat.N, Seat.W, Seat.E]
    assert pos.trick == () and pos.leader is Seat.N and pos.tricks_taken == (3, 1) and pos.tricks_left == 1
    pos = pos.play(cards("9H")[0])
    assert pos.legal_moves() == cards("9C")  # W: no heart, no trump: any card
    pos = pos.play(cards("9C")[0]).play(cards("QH")[0])
    assert pos.is_over and pos.to_act is None and pos.legal_moves() == []
    assert pos.tricks_taken == (3, 2) and pos.leader is Seat.E
    with raises("the position is over: all five tricks are played"):
        pos.play(cards("AS")[0])


def test_a_lone_defence_win_passes_the_lead_over_the_absent_seat():
    """E-W make and W plays alone, E sits out: W leads, S and N follow; N wins and
    leads the next trick, which W and then S follow (E is skipped)."""
    pos = Position.build({"N": "AS 9H", "W": "KS 9C", "S": "TS QH"}, "D", "W", makers="EW", lone="W",
                         tricks_taken=(1, 2))
    order = []
    for text in "KS TS AS".split():
        order.append(pos.to_act)
        pos = pos.play(cards(text)[0])
    assert order == [Seat.W, Seat.S, Seat.N]
    assert pos.leader is Seat.N and pos.to_act is Seat.N and pos.tricks_taken == (2, 2) and pos.makers_taken == 2
    pos = pos.play(cards("9H")[0])
    assert pos.to_act is Seat.W  # N's next is W; E is skipped later
    pos = pos.play(cards("9C")[0])
    assert pos.to_act is Seat.S


def test_play_rejects_illegal_cards():
    pos = mid()
    with raises("W does not hold AS"):
        pos.play(cards("AS")[0])
    with raises("W held ordinary clubs and must follow the club lead with an ordinary club or a Tree"):
        pos.play(cards("9S")[0])


# -- from_deal, to_dict, equality -------------------------------------------------


def test_from_deal_before_and_at_the_first_lead():
    deal = Deal.from_seed(11)
    with raises("the deal has no card play yet: it is in the trump phase"):
        Position.from_deal(deal)
    deal.apply(Accept())
    deal.apply(deal.legal_actions()[0])  # discard
    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(False))
    pos = Position.from_deal(deal)
    assert pos.hands == deal.hands and pos.trump is deal.trump and pos.leader is deal.forehand
    assert pos.makers is deal.forehand.team and pos.lone is None and pos.tricks_taken == (0, 0)
    assert pos.trick == () and pos.tricks_left == 5 and pos.to_act is deal.forehand
    assert sum(len(h) for h in pos.hands.values()) == 20


def test_from_deal_with_the_forehand_set_aside():
    deal = Deal.from_seed(5)
    deal.apply(Accept())
    deal.apply(deal.legal_actions()[0])
    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(True))  # forehand's partner plays alone
    pos = Position.from_deal(deal)
    assert pos.lone is deal.forehand.partner and pos.absent is deal.forehand
    assert not pos.hands[deal.forehand] and deal.hands[deal.forehand]  # the deal keeps the hand aside
    assert pos.leader is deal.forehand.next() and pos.to_act is deal.forehand.next()


def test_to_dict():
    pos = Position.build({"N": "AS 9H", "W": "KS 9C", "E": "TS"}, "D", "E", trick="QH", makers="NS", lone="N",
                         tricks_taken=(2, 1))
    assert pos.to_dict() == {
        "hands": {"N": ["AS", "9H"], "E": ["TS"], "S": [], "W": ["9C", "KS"]},
        "trump": "D",
        "leader": "E",
        "trick": ["QH"],
        "makers": "N-S",
        "lone": "N",
        "tricks_taken": {"N-S": 2, "E-W": 1},
        "to_act": "N",
    }
    assert mid().to_dict()["lone"] is None and mid().to_dict()["to_act"] == "W"


def test_equality_and_hash():
    a = mid()
    b = Position(
        {Seat(s_i): cset(MID[str(Seat(s_i))]) for s_i in range(4)},
        Suit.HEARTS, Seat.N, tuple(cards("9C")), Team.NS, None, (1, 1),
    )
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1 and len({a, b}) == 1
    others = [
        mid(trump="D"),
        mid(tricks_taken=(2, 0)),
        mid(tricks_taken=(0, 2)),
        mid(makers="EW"),
    ]
    for other in others:
        assert other != a
    assert len({a, *others}) == 1 + len(others)
    # an absent seat's empty hand may be left out
    lone1 = Position.build({"N": "AS", "W": "KS", "E": "TS"}, "D", "N", lone="N", tricks_taken=(3, 1))
    lone2 = Position.build({"N": "AS", "W": "KS", "E": "TS", "S": ""}, "D", "N", lone="N", tricks_taken=(3, 1))
    assert lone1 == lone2 and hash(lone1) == hash(lone2)
    assert Position.build({"N": "AS", "W": "KS", "E": "TS", "S": "9S"}, "D", "N", tricks_taken=(3, 1)) != lone1


def test_positions_are_immutable():
    pos = mid()
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.trump = Suit.CLUBS  # type: ignore[misc]


# -- Position.play against the Deal state machine ------------------------------


def play_both(seed: int) -> None:
    """A seeded deal through trump making, discards and the lone decision, then
    random legal cards, played in the Deal and in the Position side by side."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    deal.apply(Accept() if rng.random() < 0.5 else Refuse())
    deal.apply(rng.choice(deal.legal_actions()))
    choice = rng.choice(["none", "forehand", "partner"])
    deal.apply(DeclareAlone(choice == "forehand"))
    if deal.phase is Phase.LONE:
        deal.apply(DeclareAlone(choice == "partner"))
    pos = Position.from_deal(deal)
    note = f"seed {seed}"
    assert pos.lone == deal.lone, note
    while deal.phase is not Phase.DONE:
        assert Position.from_deal(deal) == pos, note
        assert pos.to_act is deal.to_act, note
        assert pos.legal_moves() == [a.card for a in deal.legal_actions()], note
        card = rng.choice(pos.legal_moves())
        deal.apply(Play(card))
        pos = pos.play(card)
        # play() does not validate what it builds: the constructor must accept it as it is.
        assert dataclasses.replace(pos) == pos and dataclasses.replace(pos).to_act is pos.to_act, note
        assert pos.tricks_taken == (deal.tricks_won[Team.NS], deal.tricks_won[Team.EW]), note
        assert pos.leader is deal.trick_leader and pos.trick == tuple(deal.trick_cards), note
    assert pos.is_over and pos.makers_taken == deal.makers_tricks, note
    assert Position.from_deal(deal) == pos, note
    assert len(deal.tricks) == 5 and all(len(t.cards) == (3 if deal.lone else 4) for t in deal.tricks), note


@pytest.mark.parametrize("block", range(4))
def test_position_play_follows_the_deal(block):
    for seed in range(block * 50, block * 50 + 50):
        play_both(seed)


@pytest.mark.slow
def test_position_play_follows_the_deal_many():
    for seed in range(1000, 6000):
        play_both(seed)


# -- the generators used by the solver cross-checks ----------------------------


@pytest.mark.parametrize("lone", [False, True], ids=["four", "lone"])
def test_random_positions_are_valid_and_reproducible(lone):
    trick_size = 3 if lone else 4
    for seed in range(60):
        tricks_left, mid_trick = 1 + seed % 5, seed % trick_size
        pos = random_position(random.Random(seed), tricks_left, lone, mid_trick)
        assert pos == random_position(random.Random(seed), tricks_left, lone, mid_trick)
        assert pos.tricks_left == tricks_left and len(pos.trick) == mid_trick
        assert (pos.lone is not None) == lone and (pos.lone is None or pos.lone.team is pos.makers)
        remaining = sum(len(h) for h in pos.hands.values()) + len(pos.trick)
        assert remaining == tricks_left * trick_size
        assert eval(describe(pos)) == pos  # the failure messages reproduce the position
    suits = {full_deal(random.Random(s), lone, None).trump for s in range(40)}
    assert suits == set(Suit)
    assert full_deal(random.Random(1), lone, Suit.CLUBS).trump is Suit.CLUBS


def test_club_lead_positions_make_the_tree_rule_matter():
    for seed in range(40):
        rng = random.Random(seed)
        lone = seed % 2 == 1
        pos = club_lead_position(rng, tricks_left=1 + seed % 5, lone=lone)
        assert pos == club_lead_position(random.Random(seed), tricks_left=1 + seed % 5, lone=lone)
        assert tree_rule_matters(pos) and pos.trump is not Suit.CLUBS
        assert pos.trick[0].suit is Suit.CLUBS and not pos.trick[0].is_tree
        assert pos.tricks_left == 1 + seed % 5
