"""Reading deal files for the commands: ABN or its JSON form, one board or all."""

from __future__ import annotations

from typing import Optional

from altbaumer.abn import Board, load_boards
from altbaumer.errors import AbnError
from altbaumer.abn.record import GameRecord, replay

from .output import BadInput

__all__ = ["load", "select", "load_records"]


def load(path: str) -> list[Board]:
    """Every board of ``path``; a malformed file is a :class:`BadInput`."""
    try:
        boards = load_boards(path)
    except AbnError as error:
        raise BadInput(str(error)) from None
    if not boards:
        raise BadInput(f"{path}: no boards in the file")
    return boards


def select(boards: list[Board], number: Optional[str], path: str) -> list[Board]:
    """All boards, or the one whose [Board] tag is ``number`` (else the
    ``number``-th board of the file)."""
    if number is None:
        return boards
    tagged = [b for b in boards if b.number == number]
    if tagged:
        return tagged
    if number.isdigit() and 1 <= int(number) <= len(boards):
        return [boards[int(number) - 1]]
    names = ", ".join(b.number or str(i) for i, b in enumerate(boards, 1))
    raise BadInput(f"{path}: no board {number} (the file has: {names})")


def load_records(path: str, number: Optional[str] = None) -> list[GameRecord]:
    """The selected boards of ``path``, each checked against the rules and replayed."""
    try:
        return [replay(b) for b in select(load(path), number, path)]
    except AbnError as error:
        raise BadInput(str(error)) from None
