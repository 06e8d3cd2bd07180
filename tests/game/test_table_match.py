"""A match at the table (altbaumer.game.table_match) and actions as text (altbaumer.game.action_text):
the seed and the log are the whole match, a take-back cuts the log, the draw of the nines is turned to
the person's seat, and every action reads back from its text."""

from __future__ import annotations

import random

import pytest

from altbaumer.errors import IllegalAction, WrongPhase
from altbaumer.game.action_text import action_text, parse_action
from altbaumer.game.actions import Discard, Phase, TakeTrees
from altbaumer.game.cards import Card, Rank, Suit
from altbaumer.game.match import draw_for_partners
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.table_match import TableMatch


def play_some(table: TableMatch, count: int, rng: random.Random) -> None:
    for _ in range(count):
        if table.over:
            return
        if table.deal.phase is Phase.DONE:
            table.next_deal()
        else:
            table.apply(rng.choice(table.deal.legal_actions()))


def test_the_seed_and_the_log_are_the_match() -> None:
    table = TableMatch(11, Seat.E)
    play_some(table, 120, random.Random(1))
    again = TableMatch(11, Seat.E, table.log)
    assert again.match.state == table.match.state and again.deal_number == table.deal_number
    assert [r.score for r in again.match.deals] == [r.score for r in table.match.deals]
    assert again.deal.view(Seat.E) == table.deal.view(Seat.E)


def test_a_deal_s_cards_do_not_depend_on_the_deals_before() -> None:
    first, second = TableMatch(5), TableMatch(5)
    play_some(first, 200, random.Random(1))
    play_some(second, 200, random.Random(2))
    shared = min(len(first.deals), len(second.deals))
    for a, b in zip(first.deals[:shared], second.deals[:shared]):
        if a.dealer is b.dealer:
            assert a.pack == b.pack and a.cut == b.cut


def test_the_draw_is_turned_to_the_person_s_seat() -> None:
    for seed in range(20):
        for seat in SEATS:
            table = TableMatch(seed, seat)
            nines = table.nines
            assert sorted(c.suit for c in nines.values()) == sorted(Suit)
            assert all(c.rank is Rank.NINE for c in nines.values())
            assert nines[table.first_dealer].suit is Suit.CLUBS  # the nine of clubs deals first
            red = {s for s, c in nines.items() if c.suit in (Suit.HEARTS, Suit.DIAMONDS)}
            assert red in ({Seat.N, Seat.S}, {Seat.E, Seat.W})  # red nines partner each other
            assert table.nines == TableMatch(seed, seat).nines
        # the same draw as the match's own: the person drew the nine the match gives the first name
        drawn = draw_for_partners(random.Random(f"altbaumer-play:{seed}:nines"), ("you", "2", "3", "4"))
        assert TableMatch(seed, Seat.S).nines[Seat.S] == drawn.nines["you"]


def test_take_back_cuts_the_log_at_the_person_s_last_action() -> None:
    table = TableMatch(27, Seat.S)
    assert table.take_back() == 0  # nothing of the person's yet
    while not (table.person_to_act and table.deal.phase is Phase.PLAY):
        table.apply(table.deal.legal_actions()[0])
    before = table.deal.view(Seat.S)
    length = len(table.actions())
    table.apply(table.deal.legal_actions()[0])
    while table.deal.phase is not Phase.DONE and not table.person_to_act:
        table.apply(table.deal.legal_actions()[0])
    played = len(table.actions())
    assert table.take_back() == played - length  # the person's card and the others' after it
    assert len(table.actions()) == length and table.deal.view(Seat.S) == before


def test_the_phases_are_kept() -> None:
    table = TableMatch(3)
    with pytest.raises(WrongPhase):
        table.next_deal()
    while table.deal.phase is not Phase.DONE:
        table.apply(table.deal.legal_actions()[0])
    with pytest.raises(WrongPhase):
        table.apply(table.deal.legal_actions()[0] if table.deal.legal_actions() else TakeTrees())
    assert table.record is not None and table.record.number == 1
    table.next_deal()
    assert table.deal_number == 2 and table.before == table.match.deals[0].before.after(
        table.match.deals[0].score.makers_tricks, table.match.deals[0].score.lone is not None)


def test_every_action_reads_back_from_its_text() -> None:
    rng = random.Random(4)
    for seed in range(30):
        table = TableMatch(seed)
        while table.deal.phase is not Phase.DONE:
            legal = table.deal.legal_actions()
            offer = table.deal.cut_offer if table.deal.phase is Phase.CUT else ()
            for action in legal:
                assert parse_action(action_text(action, offer), legal, offer) == action
            table.apply(rng.choice(legal))


def test_text_is_read_as_a_person_writes_it() -> None:
    legal = [Discard((Card.parse("9S"), Card.parse("TH"), Card.parse("KD"), Card.parse("AC")))]
    assert parse_action("discard ac kd 10h 9s", legal) == legal[0]  # any order, any case, 10 for T
    offer = (Card.parse("JC"), Card.parse("QC"))
    cut = [TakeTrees(()), TakeTrees(offer[:1]), TakeTrees(offer)]
    assert [action_text(a, offer) for a in cut] == ["leave", "take JC", "take"]
    assert parse_action("take JC QC", cut, offer) == cut[2]
    with pytest.raises(IllegalAction, match="not a choice now: leave, take JC, take"):
        parse_action("take QC", cut, offer)
