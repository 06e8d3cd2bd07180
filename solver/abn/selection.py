"""The boards a command or a request works on: one board of a file or all,
each replayed, with the score before its deal.

>>> from altbaumer.abn.reader import read_boards
>>> boards = read_boards('[Board "7"]\\n[Dealer "S"]\\n')
>>> [b.number for b in select_boards(boards, "7", "x.abn")], [b.number for b in select_boards(boards, "1", "x.abn")]
(['7'], ['7'])
"""

from __future__ import annotations

from typing import Optional, Sequence

from altbaumer.abn.board import Board
from altbaumer.abn.match_states import BoardScore, Replayable, board_scores, replayable, scores_or_errors
from altbaumer.abn.record import GameRecord, replay
from altbaumer.errors import AbnError, InvalidOption, InvalidScore

__all__ = ["select_boards", "selected_records", "scores_for", "scored_records"]


def select_boards(boards: Sequence[Board], number: Optional[str], name: str) -> list[Board]:
    """All boards, or the one whose [Board] tag is ``number`` (else the
    ``number``-th board of the file ``name``)."""
    if number is None:
        return list(boards)
    tagged = [b for b in boards if b.number == number]
    if tagged:
        return tagged
    # isdigit alone takes ² and other digits int() refuses; a place in the file is written in ASCII digits,
    # no more of them than the file's count has (int() refuses more than 4,300).
    place = number.lstrip("0")
    if number.isascii() and number.isdigit() and len(place) <= len(str(len(boards))) \
            and 1 <= int(place or 0) <= len(boards):
        return [boards[int(place) - 1]]
    names = ", ".join(b.number or str(i) for i, b in enumerate(boards, 1))
    raise InvalidOption(f"{name}: no board {number} (the file has: {names})")


def selected_records(boards: Sequence[Board], number: Optional[str], name: str) -> list[GameRecord]:
    """The boards :func:`select_boards` selects, each checked against the rules and replayed."""
    return [replay(board) for board in select_boards(boards, number, name)]


def scores_for(records: Sequence[Replayable], given: Optional[str], *,
               file_boards: Optional[Sequence[Board]] = None, option: str = "--score") -> list[BoardScore]:
    """The score before each of ``records``' deals (:func:`board_scores`;
    ``given`` is the ``option``'s text, else each board's own). When
    ``records`` are a selection, ``file_boards`` gives every board of their
    file, so that a board's score is replayed from the boards before it,
    selected or not; then only a selected board's own error stops the work."""
    try:
        if file_boards is None:
            return board_scores(records, given)
        chosen = {id(_board(r)): r for r in records}
        every = [chosen[id(b)] if id(b) in chosen else replayable(b) for b in file_boards]
        found = {id(b): score for b, score in zip(file_boards, scores_or_errors(every, given))}
        scores = [found[id(_board(r))] for r in records]
    except InvalidScore as error:  # the option's text (a file's Score tag is an AbnError)
        raise InvalidScore(f"{option}: {error}") from None
    for score in scores:
        if isinstance(score, AbnError):
            raise score
    return [score for score in scores if isinstance(score, BoardScore)]


def scored_records(boards: Sequence[Board], number: Optional[str], given: Optional[str], name: str,
                   option: str = "--score") -> tuple[list[GameRecord], list[BoardScore]]:
    """The selected boards of the file ``name`` replayed, with the score
    before each (:func:`scores_for` over the whole file)."""
    records = selected_records(boards, number, name)
    return records, scores_for(records, given, file_boards=boards, option=option)


def _board(record: Replayable) -> Board:
    return record if isinstance(record, Board) else record.board
