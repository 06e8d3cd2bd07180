"""The public entry points given what they do not take: one line naming the
call, the argument and what it takes (solver/game/arguments.py). A wrong type
is a TypeError; a value out of range an InvalidArgument (a ValueError and an
AltbaumerError), or the error of the rule it breaks."""

from __future__ import annotations

import warnings
from typing import Any, Callable

import numpy as np
import pytest

from altbaumer import Card, Deal, Position, Solver, load_boards, rate_view, replay, solve
from altbaumer.dd.solver import can_reach, encode_batch, solve_batch, solve_batch_class, solve_batch_moves, \
    solve_moves
from altbaumer.errors import AltbaumerError, InvalidArgument, InvalidPosition
from altbaumer.play.realistic import rate_realistic

HANDS = {"N": "QC AS KS TH 9D", "E": "JC AC 9S AH KD", "S": "TC QS JS KH TD", "W": "9C TS QH JH AD"}
POSITION = Position.build(HANDS, trump="H", leader="E", makers="EW")
ROWS = encode_batch([POSITION])
DEAL = Deal.from_seed(4)
VIEW = DEAL.view(DEAL.forehand)

CASES: dict[str, tuple[Callable[[], Any], type[BaseException], str]] = {
    # the solver
    "solve a deal": (lambda: solve(Deal.from_seed(7)), TypeError,
                     "solve: pos must be a Position, not Deal (Position.from_deal(deal) is its open position "
                     "once the play has begun)"),
    "solve_moves text": (lambda: solve_moves("QC"), TypeError, "solve_moves: pos must be a Position, not str 'QC'"),
    "can_reach None": (lambda: can_reach(None, 3), TypeError, "can_reach: pos must be a Position, not NoneType"),
    "can_reach a text target": (lambda: can_reach(POSITION, "3"), TypeError,
                                "can_reach: target must be an integer (the makers' final tricks), not str '3'"),
    "Solver.value": (lambda: Solver(threads=1).value(1), TypeError, "Solver.value: pos must be a Position, not int 1"),
    "Solver threads 0": (lambda: Solver(threads=0), InvalidArgument,
                         "Solver: threads must be at least 1 (or None: every core), not 0"),
    "Solver threads text": (lambda: Solver(threads="2"), TypeError,
                            "Solver: threads must be an integer (or None: every core), not str '2'"),
    "Solver tt_mib text": (lambda: Solver(tt_mib="x"), TypeError, "Solver: tt_mib must be a number of MiB, not str 'x'"),
    "solve_batch target": (lambda: solve_batch(ROWS, target=9), InvalidArgument,
                           "solve_batch: target must be 0 to 5 (or None: exact values), not 9"),
    "solve_batch rows": (lambda: solve_batch("rows"), TypeError,
                         "rows must be an integer array of shape (n, 8) (encode_batch gives one)"),
    "solve_batch_class taken": (lambda: solve_batch_class(ROWS, taken=6), InvalidArgument,
                                "solve_batch_class: taken must be 0 to 5 (the makers' tricks so far), not 6"),
    "solve_batch_moves trick": (lambda: solve_batch_moves(ROWS, trick="QC"), TypeError,
                                "solve_batch_moves: trick must be a sequence of Cards, not 'QC'"),
    # positions
    "Position.build one hand": (lambda: Position.build({"N": HANDS["N"]}, trump="H", leader="N"), InvalidPosition,
                                "hands: no hand for E, S and W: give every seat in play its cards, an empty hand "
                                "once it has none (only the lone player's partner may be left out)"),
    "Position.build hands a list": (lambda: Position.build([HANDS["N"]], trump="H", leader="N"), TypeError,
                                    "Position.build: hands must be a mapping of seats to cards, not list"),
    "Position.build a hand of a number": (lambda: Position.build({**HANDS, "N": 5}, trump="H", leader="N"), TypeError,
                                          "Position.build: the hand of N must be a CardSet or text, not int 5"),
    "Position.build makers": (lambda: Position.build(HANDS, trump="H", leader="N", makers="XY"), InvalidArgument,
                              "Position.build: makers must be NS or EW (or N-S, E-W, a Team), not 'XY'"),
    "Position.build trump": (lambda: Position.build(HANDS, trump=3, leader="N"), TypeError,
                             "Position.build: trump must be a Suit or text, not int 3"),
    "Position.build tricks_taken": (lambda: Position.build(HANDS, trump="H", leader="N", tricks_taken=(1,)),
                                    InvalidArgument, "Position: tricks_taken must be two counts (N-S, E-W), not (1,)"),
    "Position with text": (lambda: Position({"N": POSITION.hands[POSITION.leader]}, "H", "N"), TypeError,
                           "Position: every key of hands must be a Seat, not str 'N' (Position.build takes text"),
    "Position.from_deal text": (lambda: Position.from_deal("deal"), TypeError,
                                "Position.from_deal: deal must be a Deal, not str 'deal'"),
    # ratings
    "rate_view samples 0": (lambda: rate_view(VIEW, samples=0), InvalidArgument,
                            "rate_view: samples must be at least 1 (the worlds drawn), not 0"),
    "rate_view exact_limit": (lambda: rate_view(VIEW, exact_limit=-1), InvalidArgument,
                              "rate_view: exact_limit must be at least 0 (0: always sample), not -1"),
    "rate_view seed": (lambda: rate_view(VIEW, seed=-1), InvalidArgument,
                       "rate_view: seed must be 0 to 18,446,744,073,709,551,615, not -1"),
    "rate_view samples float": (lambda: rate_view(VIEW, samples=2.5), TypeError,
                                "rate_view: samples must be an integer (the worlds drawn), not float 2.5"),
    "rate_view threads": (lambda: rate_view(VIEW, threads=0), InvalidArgument,
                          "rate_view: threads must be at least 1 (or None: every core), not 0"),
    "rate_view objective": (lambda: rate_view(VIEW, objective="luck"), InvalidArgument,
                            "rate_view: objective must be one of match, net, make, march, not 'luck'"),
    "rate_view a text state": (lambda: rate_view(VIEW, state="3:1"), TypeError,
                               "rate_view: state must be a MatchState, not str '3:1'"),
    "rate_view a deal": (lambda: rate_view(DEAL), TypeError,
                         "rate_view: view must be a SeatView, not Deal (deal.view(seat) is a seat's view)"),
    "rate_realistic seed": (lambda: rate_realistic(VIEW, seed=-2), InvalidArgument,
                            "rate_realistic: seed must be 0 to 18,446,744,073,709,551,615, not -2"),
    # cards and files
    "Card.parse a number": (lambda: Card.parse(5), TypeError, "Card.parse: text must be a str such as 'QC', not int"),
    "replay a path": (lambda: replay("examples/refusal.abn"), TypeError,
                      "replay: board must be a Board, not str (load_boards(path) reads a file's boards)"),
    "load_boards a number": (lambda: load_boards(5), TypeError,
                             "load_boards: source must be a path or an open file, not int"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_misused_entry_point_names_the_argument_and_what_it_takes(case):
    call, kind, message = CASES[case]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy warning on the way to the error
        with pytest.raises(kind) as raised:
            call()
    text = str(raised.value)
    assert text.startswith(message) and "\n" not in text, text
    if kind is not TypeError:
        assert isinstance(raised.value, (AltbaumerError, ValueError))


def test_numpy_integers_are_integers():
    assert can_reach(POSITION, np.int64(2)) in (True, False)
    assert solve_batch_class(ROWS, taken=np.int8(0)).shape == (1,)
    assert rate_view(VIEW, samples=np.int64(20), exact_limit=0, seed=np.uint64(3)).worlds == 20
