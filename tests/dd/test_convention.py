"""One convention for every entry point of the core: a position as (hands,
trump, leader, trick, lone, makers), values in the makers' tricks of the
remaining play. Single calls and batch rows must agree."""

from __future__ import annotations

import random

import numpy as np
import pytest

from altbaumer.dd import _search, rows
from altbaumer.dd.solver import Solver, encode_batch
from altbaumer.game.cards import Card
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Team
from support import random_position


def _sample() -> list[Position]:
    rng = random.Random(21)
    out = []
    for i in range(80):
        lone = i % 2 == 1
        pos = random_position(rng, rng.randint(1, 5 if lone else 3), lone, rng.randrange(3 if lone else 4))
        out.append(pos)
        if pos.lone is None:  # the same cards, the other side making trump
            out.append(Position(pos.hands, pos.trump, pos.leader, pos.trick, pos.makers.other, None,
                                pos.tricks_taken))
    return out


def _args(pos: Position) -> tuple[list[int], int, int, list[int], int, int]:
    return ([pos.hands[s].mask for s in SEATS], int(pos.trump), int(pos.leader), [c.index for c in pos.trick],
            -1 if pos.lone is None else int(pos.lone), int(pos.makers))


def test_single_calls_and_batch_rows_agree():
    core = _search.Solver(1.0)
    solver = Solver(threads=1)
    sample = _sample()
    assert {p.makers for p in sample} == set(Team) and any(p.trick for p in sample)
    for pos in sample:
        args = _args(pos)
        value, _ = core.value(*args)
        moves, _ = core.move_values(*args)
        # The trick in progress: every row of a batch shares it (the rows' leader led it).
        row = rows.encode_rows([args[0]], args[1], args[2], args[4], args[5])
        out = np.empty((1, 24), dtype=np.int8)
        core.solve_rows_moves(row, out, args[3])
        assert moves == [(c, int(v)) for c, v in enumerate(out[0]) if v >= 0], pos
        best = max if pos.to_act.team is pos.makers else min
        assert value == best(v for _, v in moves) == solver.value(pos) - pos.makers_taken, pos
        for target in range(6):
            reached, _ = core.reach(*args, target=target)
            assert reached == (value >= target), (pos, target)
        line, line_value, _ = core.principal_variation(*args)
        assert line_value == value and len(line) == sum(len(h) for h in pos.hands.values())
        assert Card.from_index(line[0]) in solver.solve(pos).best_cards


def test_batch_values_and_thresholds_are_the_single_values():
    boundary = [p for p in _sample() if not p.trick]
    batch = encode_batch(boundary)
    solver = Solver(threads=1)
    values = solver.solve_batch(batch)
    assert values.tolist() == [solver.value(p) - p.makers_taken for p in boundary]
    for target in range(6):
        assert (solver.solve_batch(batch, target=target) == (values >= target)).all(), target
        assert [solver.can_reach(p, p.makers_taken + target) for p in boundary] == (values >= target).tolist()


def test_a_single_position_is_checked_as_a_row_is():
    core = _search.Solver(1.0)
    hands = [0b11111, 0b11111 << 5, 0b11111 << 10, 0b11111 << 15]
    assert core.value(hands, 0, 0)[0] in range(6)
    with pytest.raises(ValueError, match="two hands"):
        core.value([1, 1, 2, 4], 0, 0)
    with pytest.raises(ValueError, match="lone seat is not a maker"):
        core.value(hands[:1] + [0] + hands[2:], 0, 0, (), 3, 0)
    with pytest.raises(ValueError, match="at most 3 cards"):
        core.value(hands, 0, 0, (20, 21, 22, 23))
