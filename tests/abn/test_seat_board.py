"""A record as one seat knows it (board_for_seat) and the lone choice to come ([Alone "pass"])."""

from __future__ import annotations

import pytest

from altbaumer.abn import board_for_seat, boards_from_json, boards_to_json, read_boards, write_boards
from altbaumer.abn.record import replay
from altbaumer.errors import AbnError
from altbaumer.game.actions import DeclareAlone, Phase
from altbaumer.game.deal import Deal
from altbaumer.play.policies import HeuristicPolicy


def _points(seeds: range):
    """Every point of decision of heuristic deals from the turn on: the deal and the seat to act."""
    for seed in seeds:
        deal, policy = Deal.from_seed(seed), HeuristicPolicy(seed)
        while deal.phase is not Phase.DONE:
            seat = deal.to_act
            if deal.phase is not Phase.CUT:
                yield deal.copy(), seat
            deal.apply(policy.choose(deal.view(seat)))


@pytest.mark.parametrize("form", ["abn", "json"])
def test_the_seat_sees_from_the_board_what_it_saw_in_the_deal(form):
    """Every decision and card of 40 deals: written and read back, the board
    gives the seat to act exactly its view, and no other seat's hand."""
    points = list(_points(range(40)))
    assert len(points) > 900
    for deal, seat in points:
        board = board_for_seat(deal, seat)
        again = read_boards(write_boards([board]))[0] if form == "abn" else boards_from_json(boards_to_json([board]))[0]
        assert replay(again).view(seat) == deal.view(seat)
        assert [s for s, hand in again.hands.items() if hand is not None] == [seat]


def test_a_record_between_the_two_lone_choices_is_written_as_pass():
    deal, policy = Deal.from_seed(1), HeuristicPolicy(1)
    while not (deal.phase is Phase.LONE and deal.to_act is deal.forehand.partner):
        if deal.phase is Phase.LONE:
            deal.apply(DeclareAlone(False))
        else:
            deal.apply(policy.choose(deal.view(deal.to_act)))
    text = write_boards([board_for_seat(deal, deal.to_act)])
    assert '[Alone "pass"]' in text
    record = replay(read_boards(text)[0])
    assert record.state.phase is Phase.LONE and record.state.to_act is deal.forehand.partner
    assert [n.action for n in record.nodes][-1] == DeclareAlone(False)


def test_no_play_may_follow_a_pass():
    board = read_boards('[Dealer "S"]\n[Deal "E:AK.K.Q.Q - - -"]\n[Stock "JS 9S QC AH"]\n[Turn "refuse"]\n'
                        '[Discard "QH"]\n[Alone "pass"]\n[Play "E"]\nQC\n')[0]
    with pytest.raises(AbnError, match=r':7: \[Alone "pass"\] leaves the lone choice'):
        replay(board)
