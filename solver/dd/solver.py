"""The Python face of the compiled double-dummy search.

Converts :class:`~altbaumer.game.position.Position` values to the plain integers
the core takes, and its answers back to cards. Values are the makers' final
trick totals (tricks already taken included) unless stated otherwise.

>>> from altbaumer.game.position import Position
>>> pos = Position.build({"N": "QC AS", "E": "9H 9S", "S": "KS TS", "W": "AH 9D"},
...                      trump="H", leader="N", makers="NS", tricks_taken=(2, 1))
>>> result = solve(pos)
>>> result.makers_tricks, [c.ascii() for c in result.best_cards]
(4, ['QC'])
>>> solve_moves(pos)[Card.parse("AS")]
3
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from altbaumer.dd import _search
from altbaumer.dd._search import BATCH_COLUMNS
from altbaumer.game.cards import Card
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Team

__all__ = [
    "BATCH_COLUMNS",
    "Solution",
    "Solver",
    "solve",
    "solve_moves",
    "can_reach",
    "encode_batch",
    "solve_batch",
    "solve_batch_moves",
    "default_solver",
]

DEFAULT_TT_MIB = 1.0


@dataclass(frozen=True)
class Solution:
    """The double-dummy result of a position.

    ``makers_tricks`` is the makers' final total; ``best_cards`` every legal
    card that achieves it; ``pv`` one optimal line to the end of the deal;
    ``moves`` the value of every legal card; ``nodes`` the search's node count.
    """

    makers_tricks: int
    best_cards: tuple[Card, ...]
    pv: tuple[Card, ...]
    moves: dict[Card, int]
    nodes: int


def _args(pos: Position) -> tuple:
    absent = pos.absent
    return (
        [pos.hands[s].mask for s in SEATS],
        int(pos.trump),
        int(pos.leader),
        [c.index for c in pos.trick],
        -1 if absent is None else int(absent),
    )


class Solver:
    """A double-dummy solver with its own bounded transposition table.

    Reuse one Solver for many positions: table entries stay valid across
    positions, trumps and sides. Not for use by two threads at once; batches
    on several threads use one extra table per thread.
    """

    def __init__(self, tt_mib: float = DEFAULT_TT_MIB) -> None:
        self.tt_mib = tt_mib
        self._core = _search.Solver(tt_mib)
        self._workers: list[_search.Solver] = []
        self._pool: Optional[ThreadPoolExecutor] = None
        self._pool_size = 0
        self.last_nodes = 0
        """Search nodes of the most recent call (all threads of a batch)."""

    @property
    def tt_bytes(self) -> int:
        return self._core.tt_bytes + sum(w.tt_bytes for w in self._workers)

    def _to_makers(self, pos: Position, ns_future: int) -> int:
        future = ns_future if pos.makers is Team.NS else pos.tricks_left - ns_future
        return pos.makers_taken + future

    def value(self, pos: Position) -> int:
        """The makers' final total under double-dummy play."""
        if pos.is_over:
            return pos.makers_taken
        ns, self.last_nodes = self._core.value(*_args(pos))
        return self._to_makers(pos, ns)

    def can_reach(self, pos: Position, target: int) -> bool:
        """Can the makers finish with at least ``target`` tricks?"""
        future = target - pos.makers_taken
        if future <= 0:
            return True
        if future > pos.tricks_left:
            return False
        if pos.makers is Team.NS:
            reached, self.last_nodes = self._core.reach(*_args(pos), target=future)
            return reached
        reached, self.last_nodes = self._core.reach(*_args(pos), target=pos.tricks_left - future + 1)
        return not reached

    def solve_moves(self, pos: Position) -> dict[Card, int]:
        """The makers' final total after each legal card of the seat to act."""
        if pos.is_over:
            return {}
        pairs, self.last_nodes = self._core.move_values(*_args(pos))
        return {Card.from_index(card): self._to_makers(pos, ns) for card, ns in pairs}

    def solve(self, pos: Position) -> Solution:
        """Value, every optimal card, one optimal line, and each card's value."""
        if pos.is_over:
            return Solution(pos.makers_taken, (), (), {}, 0)
        pairs, nodes = self._core.move_values(*_args(pos))
        moves = {Card.from_index(card): self._to_makers(pos, ns) for card, ns in pairs}
        # The seat to act picks its side's best card: that is the position's value.
        ns_value = (max if pos.to_act.team is Team.NS else min)(ns for _, ns in pairs)  # type: ignore[union-attr]
        pv, _, pv_nodes = self._core.principal_variation(*_args(pos), value=ns_value)
        best = self._to_makers(pos, ns_value)
        best_cards = tuple(c for c in pos.legal_moves() if moves[c] == best)
        self.last_nodes = nodes + pv_nodes
        return Solution(best, best_cards, tuple(Card.from_index(c) for c in pv), moves, self.last_nodes)

    def solve_batch(self, rows: np.ndarray, threads: int = 1, target: Optional[int] = None) -> np.ndarray:
        """Makers' tricks in the remaining play for every row (int8), or with
        ``target``, 1 where the makers can take at least ``target`` of them.

        ``rows`` is an int64 array of shape (n, 8) with columns
        :data:`BATCH_COLUMNS`: the four hands as card masks (N E S W), trump
        (0..3 = C S H D), leader (0..3 = N E S W), lone seat (-1 for none),
        makers (0 = N-S, 1 = E-W). Positions start at a trick boundary.
        ``threads`` > 1 splits the rows over threads that run without the GIL;
        0 means one per core.
        """
        rows = _checked_rows(rows)
        out = np.empty(len(rows), dtype=np.int8)
        goal = -1 if target is None else int(target)
        self._run_split(rows, out, threads, lambda core, r, o: core.solve_rows(r, o, goal))
        return out

    def solve_batch_moves(self, rows: np.ndarray, threads: int = 1, trick: Sequence[Card] = ()) -> np.ndarray:
        """For every row, the makers' tricks in the remaining play (the current
        trick included) after each legal card of the seat to act: an int8
        array of shape (n, 24) indexed by card index, -1 where the card may
        not be played.

        ``trick`` is the current trick's cards so far, the same in every row:
        the rows' leader led it and the hands no longer hold its cards (the
        situation of a hidden-information analysis, where the public trick
        is common to every layout of the hidden cards)."""
        rows = _checked_rows(rows)
        out = np.empty((len(rows), 24), dtype=np.int8)
        cards = tuple(c.index for c in trick)
        self._run_split(rows, out, threads, lambda core, r, o: core.solve_rows_moves(r, o, cards))
        return out

    def _run_split(self, rows: np.ndarray, out: np.ndarray, threads: int, job) -> None:
        # Each thread gets its own table; below 64 rows a thread is not worth it.
        threads = max(1, min(threads or os.cpu_count() or 1, len(rows) // 64 or 1))
        if threads == 1:
            self.last_nodes = job(self._core, rows, out)
            return
        while len(self._workers) < threads - 1:
            self._workers.append(_search.Solver(self.tt_mib))
        if self._pool is None or self._pool_size < threads:
            self._pool = ThreadPoolExecutor(max_workers=threads)
            self._pool_size = threads
        cores = [self._core] + self._workers[: threads - 1]
        bounds = np.linspace(0, len(rows), threads + 1).astype(int)
        jobs = [
            self._pool.submit(job, core, rows[lo:hi], out[lo:hi])
            for core, lo, hi in zip(cores, bounds[:-1], bounds[1:])
        ]
        self.last_nodes = sum(done.result() for done in jobs)


def _checked_rows(rows: np.ndarray) -> np.ndarray:
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    if rows.ndim != 2 or rows.shape[1] != len(BATCH_COLUMNS):
        raise ValueError(f"rows must have shape (n, {len(BATCH_COLUMNS)}), not {rows.shape}")
    return rows


_default: Optional[Solver] = None


def default_solver() -> Solver:
    """The module's shared Solver (created on first use)."""
    global _default
    if _default is None:
        _default = Solver()
    return _default


def solve(pos: Position) -> Solution:
    """See :meth:`Solver.solve`."""
    return default_solver().solve(pos)


def solve_moves(pos: Position) -> dict[Card, int]:
    """See :meth:`Solver.solve_moves`."""
    return default_solver().solve_moves(pos)


def can_reach(pos: Position, target: int) -> bool:
    """See :meth:`Solver.can_reach`."""
    return default_solver().can_reach(pos, target)


def solve_batch_moves(rows: np.ndarray, threads: int = 1, trick: Sequence[Card] = ()) -> np.ndarray:
    """See :meth:`Solver.solve_batch_moves`; ``threads=0`` means all cores."""
    return default_solver().solve_batch_moves(rows, threads, trick)


def encode_batch(positions: Sequence[Position]) -> np.ndarray:
    """Rows for :func:`solve_batch` (positions at a trick boundary)."""
    rows = np.empty((len(positions), len(BATCH_COLUMNS)), dtype=np.int64)
    for i, pos in enumerate(positions):
        if pos.trick:
            raise ValueError(f"position {i} is in the middle of a trick; batches start at trick boundaries")
        rows[i, :4] = [pos.hands[s].mask for s in SEATS]
        rows[i, 4:] = [int(pos.trump), int(pos.leader), -1 if pos.lone is None else int(pos.lone), int(pos.makers)]
    return rows


def solve_batch(rows: np.ndarray, threads: int = 1, target: Optional[int] = None) -> np.ndarray:
    """See :meth:`Solver.solve_batch`; ``threads=0`` means all cores."""
    return default_solver().solve_batch(rows, threads, target)
