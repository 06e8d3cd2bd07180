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

A :class:`Solver` owns its table and threads; close it, or use it as a
context manager, to stop the threads:

>>> with Solver(threads=2) as solver:
...     solver.solve_batch(encode_batch([pos])).tolist()  # the makers' tricks still to come
[2]
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy as np
import numpy.typing as npt

import altbaumer.dd._search as _search
from altbaumer.dd.endings import fill_endings
from altbaumer.dd.split import ThreadSplit
from altbaumer.dd.rows import BATCH_COLUMNS, NO_LONE, checked_rows, encode_positions
from altbaumer.game.arguments import count, instance
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS

__all__ = [
    "BATCH_COLUMNS",
    "DEFAULT_TT_MIB",
    "Solution",
    "Solver",
    "solve",
    "solve_moves",
    "can_reach",
    "encode_batch",
    "solve_batch",
    "solve_batch_moves",
    "solve_batch_class",
    "CLASS_FLOOR",
    "default_solver",
    "using_solver",
]

DEFAULT_TT_MIB = 1.0
ROWS_PER_THREAD = 64
"""Below this many rows per thread a batch is not worth splitting."""

encode_batch = encode_positions
"""Rows for :meth:`Solver.solve_batch` (positions at a trick boundary)."""

CLASS_FLOOR = np.array([0, 1, 3, 5], dtype=np.int8)
"""The fewest final makers' tricks of each score class (docs/rules.md,
Scoring): class 0 is no trick, 1 one or two, 2 three or four, 3 the march.
Every deal point, and so every rating objective, depends on the class only."""

_Job = Callable[[Any, npt.NDArray[np.int64], npt.NDArray[np.int8]], int]


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

    def _repr_html_(self) -> str:
        """The solution as an HTML fragment, which a notebook shows: the
        makers' tricks, every legal card's value (★ the best) and the
        principal variation (:mod:`altbaumer.dd.display`).

        >>> from altbaumer.game.position import Position
        >>> pos = Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H", leader="N",
        ...                      makers="NS", tricks_taken=(2, 2))
        >>> "★ best" in solve(pos)._repr_html_()
        True
        """
        from altbaumer.dd.display import solution_blocks  # drawn by dd.display, which names this class
        from altbaumer.game.display import html

        return html(*solution_blocks(self))

    def __rich__(self) -> str:
        """The same as rich console markup, for ``rich.print``."""
        from altbaumer.dd.display import solution_blocks  # drawn by dd.display, which names this class
        from altbaumer.game.display import markup

        return markup(*solution_blocks(self))


def _core_args(pos: Position) -> tuple[list[int], int, int, list[int], int, int]:
    """A position in the core's convention, the same for single and batch
    calls (see :mod:`altbaumer.dd.rows`): hands, trump, leader, the current
    trick's cards, the lone seat (-1 for none) and the makers."""
    return (
        [pos.hands[s].mask for s in SEATS],
        int(pos.trump),
        int(pos.leader),
        [c.index for c in pos.trick],
        NO_LONE if pos.lone is None else int(pos.lone),
        int(pos.makers),
    )


class Solver:
    """A double-dummy solver with its own bounded transposition table
    (``tt_mib`` MiB) and ``threads`` for batches (None: one per core).

    Reuse one Solver for many positions: table entries stay valid across
    positions, trumps and sides. Not for use by two Python threads at once
    (the module functions give each thread its own). A batch split over
    threads uses one table per thread, on a pool the Solver starts on first
    need and stops in :meth:`close` (or at the end of a ``with`` block).
    """

    def __init__(self, tt_mib: float = DEFAULT_TT_MIB, threads: Optional[int] = None) -> None:
        if threads is not None:
            threads = count(threads, "threads", "Solver", low=1, note=" (or None: every core)")
        instance(tt_mib, (int, float), "tt_mib", "Solver", kind_name="number of MiB")
        self.tt_mib = tt_mib
        self._threads = threads if threads is not None else os.cpu_count() or 1
        fill_endings()  # the shipped table: the compiled Solver would count it
        self._split = ThreadSplit(self._threads, lambda: _search.Solver(tt_mib), "solver", owner=self)
        self._core = self._split.contexts[0]
        self.last_nodes = 0
        """Search nodes of the most recent call (all threads of a batch)."""
        self.batch_nodes = 0
        """Search nodes of every batch this Solver has solved."""

    @property
    def threads(self) -> int:
        """The threads a large enough batch is split over."""
        return self._threads

    @property
    def tt_bytes(self) -> int:
        return sum(int(core.tt_bytes) for core in self._split.contexts)

    def close(self) -> None:
        """Stop the thread pool (after the batches running on it) and free the
        other threads' tables. The Solver stays usable: a later batch starts a
        new pool."""
        self._split.close()

    def __enter__(self) -> Solver:
        return self

    def __exit__(self, kind: Optional[type[BaseException]], error: Optional[BaseException],
                 trace: Optional[TracebackType]) -> None:
        self.close()

    def _total(self, pos: Position, future: int) -> int:
        return pos.makers_taken + future

    def value(self, pos: Position) -> int:
        """The makers' final total under double-dummy play."""
        _position(pos, "Solver.value")
        if pos.is_over:
            return pos.makers_taken
        future, self.last_nodes = self._core.value(*_core_args(pos))
        return self._total(pos, future)

    def can_reach(self, pos: Position, target: int) -> bool:
        """Can the makers finish with at least ``target`` tricks?"""
        _position(pos, "can_reach")
        future = count(target, "target", "can_reach", note=" (the makers' final tricks)") - pos.makers_taken
        if future <= 0:
            return True
        if future > pos.tricks_left:
            return False
        reached, self.last_nodes = self._core.reach(*_core_args(pos), target=future)
        return bool(reached)

    def solve_moves(self, pos: Position) -> dict[Card, int]:
        """The makers' final total after each legal card of the seat to act."""
        _position(pos, "solve_moves")
        if pos.is_over:
            return {}
        pairs, self.last_nodes = self._core.move_values(*_core_args(pos))
        return {Card.from_index(card): self._total(pos, future) for card, future in pairs}

    def solve(self, pos: Position) -> Solution:
        """Value, every optimal card, one optimal line, and each card's value."""
        _position(pos, "solve")
        if pos.is_over:
            return Solution(pos.makers_taken, (), (), {}, 0)
        args = _core_args(pos)
        pairs, nodes = self._core.move_values(*args)
        # The seat to act picks its side's best card: that is the position's value.
        pick = max if pos.to_act.team is pos.makers else min  # type: ignore[union-attr]
        future = pick(v for _, v in pairs)
        pv, _, pv_nodes = self._core.principal_variation(*args, value=future)
        moves = {Card.from_index(card): self._total(pos, v) for card, v in pairs}
        best = self._total(pos, future)
        best_cards = tuple(c for c in pos.legal_moves() if moves[c] == best)
        self.last_nodes = nodes + pv_nodes
        return Solution(best, best_cards, tuple(Card.from_index(c) for c in pv), moves, self.last_nodes)

    def solve_batch(self, rows: npt.ArrayLike, target: Optional[int] = None) -> npt.NDArray[np.int8]:
        """Makers' tricks in the remaining play for every row (int8), or with
        ``target``, 1 where the makers can take at least ``target`` of them.

        ``rows`` is an int64 array of shape (n, 8) with columns
        :data:`BATCH_COLUMNS` (:mod:`altbaumer.dd.rows`), each a position at a
        trick boundary. The batch runs without the GIL, split over the
        Solver's threads when it is large enough.
        """
        batch = checked_rows(rows)
        out = np.empty(len(batch), dtype=np.int8)
        goal = -1 if target is None else count(target, "target", "solve_batch", low=0, high=TRICKS,
                                               note=" (or None: exact values)")
        self._run_split(batch, out, lambda core, r, o: core.solve_rows(r, o, goal))
        return out

    def solve_batch_class(self, rows: npt.ArrayLike, taken: int = 0) -> npt.NDArray[np.int8]:
        """The makers' score class at the end of the deal for every row
        (int8, 0..3: see :data:`CLASS_FLOOR`), when they have already taken
        ``taken`` tricks. Cheaper than exact tricks: at most two null-window
        probes per row, none where the sure tricks settle it.

        >>> from altbaumer.dd.workloads import full_deal_rows
        >>> rows = full_deal_rows(50, seed=3)
        >>> with Solver(threads=1) as solver:
        ...     exact, classes = solver.solve_batch(rows), solver.solve_batch_class(rows)
        >>> bool((CLASS_FLOOR[classes] == CLASS_FLOOR[np.searchsorted(CLASS_FLOOR, exact, side="right") - 1]).all())
        True
        """
        batch = checked_rows(rows)
        done = count(taken, "taken", "solve_batch_class", low=0, high=TRICKS,
                     note=" (the makers' tricks so far)")
        out = np.empty(len(batch), dtype=np.int8)
        self._run_split(batch, out, lambda core, r, o: core.solve_rows_class(r, o, done))
        return out

    def solve_batch_moves(self, rows: npt.ArrayLike, trick: Sequence[Card] = ()) -> npt.NDArray[np.int8]:
        """For every row, the makers' tricks in the remaining play (the current
        trick included) after each legal card of the seat to act: an int8
        array of shape (n, 24) indexed by card index, -1 where the card may
        not be played.

        ``trick`` is the current trick's cards so far, the same in every row:
        the rows' leader led it and the hands no longer hold its cards (the
        situation of a hidden-information analysis, where the public trick
        is common to every layout of the hidden cards)."""
        batch = checked_rows(rows)
        out = np.empty((len(batch), 24), dtype=np.int8)
        if isinstance(trick, str) or not all(isinstance(c, Card) for c in trick):
            raise TypeError(f"solve_batch_moves: trick must be a sequence of Cards, not {trick!r}")
        cards = tuple(c.index for c in trick)
        self._run_split(batch, out, lambda core, r, o: core.solve_rows_moves(r, o, cards))
        return out

    def _run_split(self, rows: npt.NDArray[np.int64], out: npt.NDArray[np.int8], job: _Job) -> None:
        """Solve rows into out by job: similar rows next to each other and each
        repeated row once (see :func:`similar_first`), split over the threads
        when large enough."""
        if len(rows) < 2:
            self._run_threads(rows, out, job)
        else:
            order, first = similar_first(rows)
            distinct = np.ascontiguousarray(rows[order[first]])
            solved = np.empty((len(distinct),) + out.shape[1:], dtype=out.dtype)
            self._run_threads(distinct, solved, job)
            out[order] = solved[np.cumsum(first) - 1]
        self.batch_nodes += self.last_nodes

    def _run_threads(self, rows: npt.NDArray[np.int64], out: npt.NDArray[np.int8], job: _Job) -> None:
        self.last_nodes = sum(self._split.run(len(rows), ROWS_PER_THREAD,
                                              lambda core, lo, hi: job(core, rows[lo:hi], out[lo:hi])))


def similar_first(rows: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """An order of batch rows that puts similar positions next to each other,
    and which rows in that order differ from the one before.

    The order is by trump, lone seat, leader and makers, then by North's and
    East's hands (columns: :data:`BATCH_COLUMNS`). The worlds of one
    information set share most of their cards, so neighbours in this order
    reach the same layouts a trick or two in, which the transposition table
    then answers (about 10% fewer nodes on the raters' batches); and the
    raters' lines repeat rows (the same partner-alone deal under several
    choices), which, next to each other, are solved once.

    >>> rows = np.array([[1, 2, 4, 8, 0, 0, -1, 0], [16, 2, 4, 8, 0, 0, -1, 0], [1, 2, 4, 8, 0, 0, -1, 0]])
    >>> order, first = similar_first(rows)
    >>> order.tolist(), first.tolist()
    ([0, 2, 1], [True, False, True])
    """
    context = (rows[:, 4] << 6) | ((rows[:, 6] + 1) << 3) | (rows[:, 5] << 1) | rows[:, 7]
    key = (context << 48) | (rows[:, 0] << 24) | rows[:, 1]
    order = np.argsort(key, kind="stable")
    key, rest = key[order], ((rows[:, 2] << 24) | rows[:, 3])[order]
    first = np.ones(len(order), dtype=bool)
    first[1:] = (key[1:] != key[:-1]) | (rest[1:] != rest[:-1])
    return order, first


def _position(pos: object, where: str) -> None:
    """A :class:`TypeError` naming the call unless ``pos`` is a Position (a
    Deal says how to get one)."""
    hint = " (Position.from_deal(deal) is its open position once the play has begun)" \
        if isinstance(pos, Deal) else ""
    instance(pos, Position, "pos", where, hint)


@contextmanager
def using_solver(solver: Optional[Solver], tt_mib: float = DEFAULT_TT_MIB,
                 threads: Optional[int] = None) -> Iterator[Solver]:
    """``solver`` itself, left open for its owner, or else a new Solver of
    ``tt_mib`` and ``threads`` that is closed at the end of the block."""
    if solver is not None:
        yield solver
        return
    with Solver(tt_mib, threads) as own:
        yield own


_local = threading.local()


def default_solver() -> Solver:
    """This Python thread's Solver for the module functions, on one search
    thread (created on first use): threads never share a table."""
    solver: Optional[Solver] = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver(threads=1)
    return solver


def solve(pos: Position) -> Solution:
    """See :meth:`Solver.solve`."""
    return default_solver().solve(pos)


def solve_moves(pos: Position) -> dict[Card, int]:
    """See :meth:`Solver.solve_moves`."""
    return default_solver().solve_moves(pos)


def can_reach(pos: Position, target: int) -> bool:
    """See :meth:`Solver.can_reach`."""
    return default_solver().can_reach(pos, target)


def solve_batch(rows: npt.ArrayLike, target: Optional[int] = None) -> npt.NDArray[np.int8]:
    """See :meth:`Solver.solve_batch`; one thread (own a :class:`Solver` for more)."""
    return default_solver().solve_batch(rows, target)


def solve_batch_class(rows: npt.ArrayLike, taken: int = 0) -> npt.NDArray[np.int8]:
    """See :meth:`Solver.solve_batch_class`; one thread (own a :class:`Solver` for more)."""
    return default_solver().solve_batch_class(rows, taken)


def solve_batch_moves(rows: npt.ArrayLike, trick: Sequence[Card] = ()) -> npt.NDArray[np.int8]:
    """See :meth:`Solver.solve_batch_moves`; one thread (own a :class:`Solver` for more)."""
    return default_solver().solve_batch_moves(rows, trick)
