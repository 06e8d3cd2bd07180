"""The batch-row format of the double-dummy core, and the only Python module
that knows its columns.

A batch is an ``int64`` array of shape ``(n, WIDTH)``, one position per row,
columns :data:`BATCH_COLUMNS`: the four hands as card masks (N E S W: bit
``i`` is the card with index ``i``, as :attr:`CardSet.mask`), trump (0..3 =
C S H D), the leader (0..3 = N E S W), the lone seat (``NO_LONE`` for none;
its partner's hand must be empty and may not lead) and the makers (0 = N-S,
1 = E-W). The compiled core reads the same layout (``src_cython/batch_row.pxd``).

>>> import numpy as np
>>> rows = encode_rows(np.array([[1, 2, 4, 8], [16, 0, 32, 64]]), trump=2, leader=[0, 3], lone=[NO_LONE, 0],
...                    makers=[1, 0])
>>> rows.shape == (2, WIDTH), rows[:, LEADER].tolist(), rows[:, LONE].tolist()
(True, [0, 3], [-1, 0])
>>> decode_rows(rows).makers.tolist()
[1, 0]
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from altbaumer.game.cards import CardSet, Suit
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Seat, Team

__all__ = [
    "BATCH_COLUMNS",
    "HANDS",
    "TRUMP",
    "LEADER",
    "LONE",
    "MAKERS",
    "WIDTH",
    "NO_LONE",
    "RowFields",
    "encode_rows",
    "decode_rows",
    "encode_positions",
    "decode_positions",
    "checked_rows",
]

BATCH_COLUMNS = ("N", "E", "S", "W", "trump", "leader", "lone", "makers")
HANDS = slice(0, 4)
"""The hand columns, N E S W: ``rows[:, HANDS][:, int(seat)]`` is a seat's hand."""
TRUMP, LEADER, LONE, MAKERS = 4, 5, 6, 7
WIDTH = len(BATCH_COLUMNS)
NO_LONE = -1

ArrayLike = Union[int, Sequence[int], npt.NDArray[np.integer]]


class RowFields(NamedTuple):
    """The columns of a batch as arrays: ``hands`` (n, 4), the others (n,)."""

    hands: npt.NDArray[np.int64]
    trump: npt.NDArray[np.int64]
    leader: npt.NDArray[np.int64]
    lone: npt.NDArray[np.int64]
    makers: npt.NDArray[np.int64]


def encode_rows(hands: npt.ArrayLike, trump: ArrayLike, leader: ArrayLike, lone: ArrayLike,
                makers: ArrayLike) -> npt.NDArray[np.int64]:
    """Batch rows from the fields, broadcast against each other: ``hands`` of
    shape (..., 4), the others scalars or arrays of the leading shape (...).
    The leading dimensions are flattened in C order into the rows."""
    hands = np.asarray(hands, dtype=np.int64)
    if hands.ndim < 1 or hands.shape[-1] != 4:
        raise ValueError(f"hands must have shape (..., 4), not {hands.shape}")
    fields = [np.asarray(x, dtype=np.int64) for x in (trump, leader, lone, makers)]
    shape = np.broadcast_shapes(hands.shape[:-1], *(f.shape for f in fields))
    rows = np.empty(shape + (WIDTH,), dtype=np.int64)
    rows[..., HANDS] = hands
    for column, values in zip((TRUMP, LEADER, LONE, MAKERS), fields):
        rows[..., column] = values
    return rows.reshape(-1, WIDTH)


def decode_rows(rows: npt.ArrayLike) -> RowFields:
    """The fields of a batch (views into it where they can be)."""
    rows = checked_rows(rows)
    return RowFields(rows[:, HANDS], rows[:, TRUMP], rows[:, LEADER], rows[:, LONE], rows[:, MAKERS])


def encode_positions(positions: Sequence[Position]) -> npt.NDArray[np.int64]:
    """One row per position; batches start at trick boundaries."""
    for i, pos in enumerate(positions):
        if pos.trick:
            raise ValueError(f"position {i} is in the middle of a trick; batches start at trick boundaries")
    return encode_rows(
        np.array([[pos.hands[s].mask for s in SEATS] for pos in positions], dtype=np.int64).reshape(-1, 4),
        [int(pos.trump) for pos in positions],
        [int(pos.leader) for pos in positions],
        [NO_LONE if pos.lone is None else int(pos.lone) for pos in positions],
        [int(pos.makers) for pos in positions],
    )


def decode_positions(rows: npt.ArrayLike,
                     tricks_taken: Optional[Sequence[tuple[int, int]]] = None) -> list[Position]:
    """The :class:`Position` of each row (validated); ``tricks_taken`` gives
    each row's (N-S, E-W) tricks so far, by default none (five cards each)."""
    out = []
    checked = checked_rows(rows)
    taken = tricks_taken if tricks_taken is not None else [(0, 0)] * len(checked)
    for r, done in zip(checked.tolist(), taken, strict=True):
        out.append(
            Position(
                {s: CardSet(r[s]) for s in SEATS},
                Suit(r[TRUMP]),
                Seat(r[LEADER]),
                makers=Team(r[MAKERS]),
                lone=None if r[LONE] == NO_LONE else Seat(r[LONE]),
                tricks_taken=done,
            )
        )
    return out


def checked_rows(rows: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """``rows`` as the core takes them: C-contiguous ``int64`` of shape (n, WIDTH)."""
    try:
        out = np.ascontiguousarray(rows, dtype=np.int64)
    except (TypeError, ValueError) as error:  # numpy's words name neither the argument nor what it takes
        raise TypeError(f"rows must be an integer array of shape (n, {WIDTH}) (encode_batch gives one): {error}") \
            from None
    if out.ndim != 2 or out.shape[1] != WIDTH:
        raise ValueError(f"rows must have shape (n, {WIDTH}), not {out.shape}")
    return out
