"""``--score``: the score before the deal, for the commands that weigh a
decision by the chance to win the match; and the score of every board,
from the command line or from the file (docs/format.md, "The score before a
deal")."""

from __future__ import annotations

from typing import Optional, Sequence

import click

from altbaumer.abn.board import Board
from altbaumer.abn.match_states import BoardScore, Replayable, board_scores, replayable, scores_or_errors
from altbaumer.abn.record import GameRecord, replay
from altbaumer.errors import AbnError, InvalidScore
from altbaumer.game.match_state import SCORE_SYNTAX

from .files import load, select
from .output import BadInput

__all__ = ["SCORE_HELP", "score_option", "scores_for", "load_scored"]

SCORE_HELP = (f"The score before every board's deal: {SCORE_SYNTAX}. The makers follow from each board's dealer. "
              "Default: each board's Score tag, else the score replayed from the earlier boards of its match "
              "(docs/format.md).")

score_option = click.option("--score", "score", default=None, metavar="SCORE", help=SCORE_HELP)
"""``--score TEXT`` (``None`` when not given), passed as ``score``."""


def scores_for(records: Sequence[Replayable], given: Optional[str], *,
               file_boards: Optional[Sequence[Board]] = None) -> list[BoardScore]:
    """The score before each of ``records``' deals
    (:func:`~altbaumer.abn.match_states.board_scores`), an error as a
    :class:`~cli.output.BadInput` line. When ``records`` are a selection
    (``--board``), ``file_boards`` gives every board of their file, so that a
    board's score is replayed from the boards before it, selected or not;
    then only a selected board's own error stops the command."""
    try:
        if file_boards is None:
            return board_scores(records, given)
        chosen = {id(_board(r)): r for r in records}
        every = [chosen[id(b)] if id(b) in chosen else replayable(b) for b in file_boards]
        found = {id(b): score for b, score in zip(file_boards, scores_or_errors(every, given))}
        scores = [found[id(_board(r))] for r in records]
    except AbnError as error:
        raise BadInput(str(error)) from None
    except InvalidScore as error:  # the text of --score (a file's Score tag is an AbnError)
        raise BadInput(f"--score: {error}") from None
    for score in scores:
        if isinstance(score, AbnError):
            raise BadInput(str(score))
    return [score for score in scores if isinstance(score, BoardScore)]


def load_scored(path: str, number: Optional[str], given: Optional[str]) -> tuple[list[GameRecord], list[BoardScore]]:
    """:func:`~cli.files.load_records` of ``path`` (the board ``number`` or
    all), with the score before each (:func:`scores_for` over the whole file)."""
    boards = load(path)
    try:
        records = [replay(board) for board in select(boards, number, path)]
    except AbnError as error:
        raise BadInput(str(error)) from None
    return records, scores_for(records, given, file_boards=boards)


def _board(record: Replayable) -> Board:
    return record if isinstance(record, Board) else record.board
