"""The table of two-trick endings (src_cython/endings.pxd) the search answers
every two-trick boundary from.

Completeness is the check on its numbering: the first Solver writes each of
the 1,853,460 layouts it enumerates once, so every entry holds a value only
if no two layouts share a number. The values are held to the brute-force
reference on two-trick positions of every kind: four hands and lone, every
trump and leader, either side making, and the positions two tricks from the
end of a mid-trick start.
"""

from __future__ import annotations

import random

import pytest

from altbaumer.dd import _search
from altbaumer.dd.reference import reference_value
from altbaumer.dd.solver import Solver
from altbaumer.game.cards import Suit
from support import describe, random_position


def test_the_first_solver_counts_every_ending_once() -> None:
    with Solver(threads=1):
        counted, entries = _search.endings_table()
    assert entries == 2 * 349 * 2520 + 2 * 3 * 175 * 90
    assert counted == entries


@pytest.mark.parametrize("lone", [False, True], ids=["four-hands", "lone"])
@pytest.mark.parametrize("trump", list(Suit), ids=lambda s: s.name.lower())
def test_two_trick_positions_equal_the_reference(trump: Suit, lone: bool) -> None:
    rng = random.Random(f"endings-{trump.name}-{lone}")
    with Solver(threads=1) as solver:
        for _ in range(60):
            pos = random_position(rng, 2, lone, 0, trump)
            assert solver.value(pos) == reference_value(pos), describe(pos)


def test_three_trick_positions_mid_trick_equal_the_reference() -> None:
    """The search reaches the table after the trick in progress and the next."""
    rng = random.Random("endings-mid")
    with Solver(threads=1) as solver:
        for _ in range(120):
            lone = rng.random() < 0.5
            pos = random_position(rng, 3, lone, rng.randrange(1, 3 if lone else 4))
            assert solver.value(pos) == reference_value(pos), describe(pos)
