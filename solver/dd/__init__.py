"""The double-dummy solver: every card open, best play by both sides.

Imports the game only. :class:`~altbaumer.dd.solver.Solver` is the Python face
of the compiled search (``_search``, built from ``src_cython/``) and owns its
tables and threads; ``rows`` is the batch-row format, the one module that knows
its columns; ``reference`` is the brute-force minimax it is checked against;
``bench`` measures it.

>>> from altbaumer.game import Position
>>> from altbaumer.dd import solve
>>> pos = Position.build({"N": "QC AS", "E": "9H 9S", "S": "KS TS", "W": "AH 9D"},
...                      trump="H", leader="N", makers="NS", tricks_taken=(2, 1))
>>> solve(pos).makers_tricks
4
"""

from altbaumer.dd.reference import reference_value
from altbaumer.dd.solver import Solution, Solver, can_reach, solve, solve_moves

__all__ = ["Solution", "Solver", "can_reach", "solve", "solve_moves", "reference_value"]
