"""The reference double-dummy value: plain minimax, obviously correct and slow.

Everything comes from :class:`altbaumer.game.position.Position` (which applies
rules.py for legal cards and trick winners): no pruning, no caching, no move
ordering. The compiled solver is checked against these two functions (tests), and the
benchmark measures how much faster it is.

The makers maximise their final trick total, the defenders minimise it; a lone
player belongs to the makers, so the side of the seat to act decides.

>>> from altbaumer.game.position import Position
>>> pos = Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H",
...                      leader="N", makers="NS", tricks_taken=(2, 2))
>>> reference_value(pos)  # W's Big Tree wins the last trick
2
"""

from __future__ import annotations

__all__ = ["reference_value", "reference_moves"]

from altbaumer.game.cards import Card
from altbaumer.game.position import Position


def reference_value(pos: Position) -> int:
    """The makers' final trick total (tricks already taken included) under
    optimal play by both sides."""
    if pos.is_over:
        return pos.makers_taken
    values = [reference_value(pos.play(card)) for card in pos.legal_moves()]
    return max(values) if pos.to_act.team is pos.makers else min(values)  # type: ignore[union-attr]


def reference_moves(pos: Position) -> dict[Card, int]:
    """Every legal card of the seat to act → the makers' final total after it."""
    return {card: reference_value(pos.play(card)) for card in pos.legal_moves()}
