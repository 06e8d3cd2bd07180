"""The table of two-trick endings (src_cython/endings.pxd) the search answers
every two-trick boundary from.

Completeness is the check on its numbering: counting writes each of the
1,853,460 layouts it enumerates once, so every entry holds a value only if no
two layouts share a number. The table the package ships (a Solver copies it
instead of counting) is the table counted afresh, byte for byte. The values are held to the brute-force
reference on two-trick positions of every kind: four hands and lone, every
trump and leader, either side making, and the positions two tricks from the
end of a mid-trick start.
"""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys
import zlib

import pytest

from altbaumer.dd import _search
from altbaumer.dd.endings import ENDINGS_SHA256, shipped_endings, write_endings
from altbaumer.dd.reference import reference_value
from altbaumer.dd.solver import Solver
from altbaumer.game.cards import Suit
from support import describe, random_position


COUNT_AFRESH = """
import hashlib
from altbaumer.dd import _search
try:
    _search.count_endings(b"too short")
except ValueError as error:
    print(error)
_search.count_endings()
print(*_search.endings_table(), hashlib.sha256(_search.endings_bytes()).hexdigest())
"""


def test_counting_fills_every_ending_once_and_gives_the_shipped_table() -> None:
    done = subprocess.run([sys.executable, "-c", COUNT_AFRESH], capture_output=True, text=True, timeout=120,
                          check=True)
    refused, counts = done.stdout.splitlines()
    assert refused == "a table of two-trick endings has 463365 bytes, not 9"
    counted, entries, digest = counts.split()
    assert int(entries) == 2 * 349 * 2520 + 2 * 3 * 175 * 90
    assert int(counted) == int(entries)
    assert digest == ENDINGS_SHA256, ("the compiled numbering changed: rewrite solver/dd/endings.zlib with "
                                      "altbaumer.dd.endings.write_endings and set ENDINGS_SHA256 to its digest")
    shipped = shipped_endings()
    assert shipped is not None and hashlib.sha256(shipped).hexdigest() == digest


def test_a_solver_fills_the_table_from_the_shipped_copy() -> None:
    with Solver(threads=1):
        counted, entries = _search.endings_table()
    assert counted == entries and _search.endings_bytes() == shipped_endings()


def test_only_the_counted_table_is_copied(tmp_path) -> None:
    written = tmp_path / "endings.zlib"
    write_endings(written)
    assert shipped_endings(written) == shipped_endings()
    for wrong in (b"not zlib", zlib.compress(bytes(463365)), zlib.compress(shipped_endings()[:-1])):
        written.write_bytes(wrong)
        assert shipped_endings(written) is None
    assert shipped_endings(tmp_path / "missing.zlib") is None


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
