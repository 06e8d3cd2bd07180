"""What a request to the analysis server asks for, checked: the deal text
and its board, a line, a point, and the options of a rating, each error one
line naming the key (docs/serve.md, The JSON API).

>>> int_key({"samples": 500}, "samples", 2, 100)
Traceback (most recent call last):
...
altbaumer.errors.InvalidOption: samples: 500 is not 2 to 100
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from altbaumer.abn.board import Board
from altbaumer.abn.files import load_boards
from altbaumer.abn.match_states import BoardScore
from altbaumer.abn.record import GameRecord
from altbaumer.abn.selection import scored_records
from altbaumer.errors import InvalidOption
from altbaumer.lang import _, number

__all__ = ["BoardRequest", "board_request", "text_key", "int_key", "flag_key", "boards_of", "DEFAULT_NAME"]

DEFAULT_NAME = "<abn>"


@dataclass(frozen=True)
class BoardRequest:
    """A request's board: the deal text's name, every board of it, the board
    asked for replayed (``record``) and the score before its deal."""

    name: str
    boards: list[Board]
    record: GameRecord
    score: BoardScore


def text_key(body: Mapping[str, Any], key: str, default: Optional[str] = None) -> Optional[str]:
    """A string key of the request, absent meaning ``default``."""
    value = body.get(key, default)
    if value is not None and not isinstance(value, str):
        raise InvalidOption(_("{key}: a string, not {type}").format(key=key, type=type(value).__name__))
    return value


def int_key(body: Mapping[str, Any], key: str, low: int, high: int, default: Optional[int] = None) -> Optional[int]:
    """An integer key of the request within ``low``..``high``."""
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOption(_("{key}: an integer, not {type}").format(key=key, type=type(value).__name__))
    if not low <= value <= high:
        raise InvalidOption(_("{key}: {value} is not {low} to {high}").format(key=key, value=number(value), low=number(low),
                                                                              high=number(high)))
    return value


def flag_key(body: Mapping[str, Any], key: str, default: bool = False) -> bool:
    """A true-or-false key of the request (absent: ``default``)."""
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise InvalidOption(_("{key}: true or false, not {type}").format(key=key, type=type(value).__name__))
    return value


def boards_of(body: Mapping[str, Any]) -> tuple[str, list[Board]]:
    """The deal text of the request (``abn``: ABN or its JSON form) read as a
    file is: its name and its boards."""
    name = text_key(body, "name", DEFAULT_NAME) or DEFAULT_NAME
    text = text_key(body, "abn")
    if text is None:
        raise InvalidOption(_("abn: the deal text (ABN or its JSON form) is missing"))
    boards = load_boards(io.BytesIO(text.encode("utf-8")), name=name)
    if not boards:
        raise InvalidOption(_("{name}: no boards in the text").format(name=name))
    return name, boards


def board_request(body: Mapping[str, Any], score_key: bool = False) -> BoardRequest:
    """The one board the request names (``board``: its tag or place, default
    the first), replayed, with its score (``score`` given, with ``score_key``,
    else from the text)."""
    name, boards = boards_of(body)
    number = text_key(body, "board")
    given = text_key(body, "score") if score_key else None
    records, scores = scored_records(boards, number or _first(boards), given, name, option="score")
    return BoardRequest(name, boards, records[0], scores[0])


def _first(boards: list[Board]) -> str:
    """The first board's name for :func:`~altbaumer.abn.selection.select_boards`: its tag, else its place."""
    return boards[0].number or "1"
