"""ABN's JSON twin: the same board model as JSON data (docs/format.md, JSON).

A board becomes a dict of plain values and back; ``null`` stands for what the
text leaves out (an unknown hand or card, an absent tag). What the text form
could not hold is refused, so a board read from JSON can always be written as
ABN and read back.

>>> from altbaumer.abn.reader import read_boards
>>> board, = read_boards('[Dealer "S"]\\n[Stock "JS - QC AH"]\\n[Turn "refuse"] {one spade}\\n')
>>> data = board_to_dict(board)
>>> data["stock"], data["turn"], data["comments"]
(['JS', None, 'QC', 'AH'], 'refuse', {'Turn': 'one spade'})
>>> board_from_dict(data) == board
True
>>> boards_from_json(boards_to_json([board])) == [board]
True
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, TypeVar

from altbaumer.abn.board import Board, PlayedCard, check_descriptive_tag, check_mark
from altbaumer.errors import AbnError, CardParseError, SeatParseError
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.seats import SEATS, Seat

__all__ = ["board_to_dict", "board_from_dict", "boards_to_json", "boards_from_json"]

_V = TypeVar("_V")
_R = TypeVar("_R")


def board_to_dict(board: Board) -> dict[str, Any]:
    """``board`` as JSON-ready data (the inverse of :func:`board_from_dict`).

    >>> board_to_dict(Board(Seat.N))["hands"]
    {'N': None, 'E': None, 'S': None, 'W': None}
    """
    return {
        "tags": dict(board.tags),
        "dealer": str(board.dealer),
        "deal_first": _opt(board.deal_first, str),
        "hands": {str(s): _opt(board.hands[s], _cards_list) for s in SEATS},
        "stock": _opt(board.stock, _maybe_cards_list),
        "cut": _cards_list(board.cut_trees),
        "cut_seen": _opt(board.cut_seen, _cards_list),
        "turn": None if board.accepted is None else ("accept" if board.accepted else "refuse"),
        "trump": _opt(board.trump, lambda t: t.letter),
        "discard": _opt(board.discards, _maybe_cards_list),
        "alone": (str(board.alone) if board.alone is not None else "") if board.alone_recorded else None,
        "play": None if board.play_leader is None else {
            "leader": str(board.play_leader),
            "tricks": [[_played_dict(p) for p in trick] for trick in board.tricks],
        },
        "result": board.result,
        "comments": dict(board.comments),
        "notes": list(board.notes),
    }


def board_from_dict(data: Mapping[str, Any], source: str = "<json>") -> Board:
    """The board ``data`` describes (see :func:`board_to_dict`); raises
    :class:`~altbaumer.errors.AbnError` on bad data.

    >>> board_from_dict({"dealer": "S", "turn": "accept"}).accepted
    True
    >>> board_from_dict({"dealer": "S", "turn": "yes"}, "in.json")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.json: turn must be "accept" or "refuse", not 'yes'
    """
    try:
        return _board_from_dict(data, source)
    except (KeyError, TypeError, AttributeError) as error:
        raise AbnError(source, None, f"malformed board in JSON ({type(error).__name__}: {error})") from None
    except (CardParseError, SeatParseError, ValueError) as error:
        if isinstance(error, AbnError):
            raise
        raise AbnError(source, None, str(error)) from None


def boards_to_json(boards: Iterable[Board]) -> str:
    """Boards as a JSON document: ``{"format": "abn-json", "version": 1, "boards": [...]}``.

    >>> print(boards_to_json([])[:-1])
    {
      "format": "abn-json",
      "version": 1,
      "boards": []
    }
    """
    data = {"format": "abn-json", "version": 1, "boards": [board_to_dict(b) for b in boards]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def boards_from_json(text: str, source: str = "<json>") -> list[Board]:
    """The inverse of :func:`boards_to_json`; errors name ``source`` and the board.

    >>> boards_from_json('{"boards": [{"dealer": "S"}, {"dealer": "X"}]}', "in.json")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.json: board 2: unknown seat 'X' (use N, E, S or W)
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise AbnError(source, error.lineno, f"malformed JSON: {error.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("boards"), list):
        raise AbnError(source, None, 'not an ABN JSON document (expected {"boards": [...]})')
    return [board_from_dict(b, f"{source}: board {i}") for i, b in enumerate(data["boards"], 1)]


def _opt(value: Optional[_V], convert: Callable[[_V], _R]) -> Optional[_R]:
    return None if value is None else convert(value)


def _cards_list(cards: Iterable[Card]) -> list[str]:
    return [c.ascii() for c in cards]


def _maybe_cards_list(cards: Iterable[Optional[Card]]) -> list[Optional[str]]:
    return [None if c is None else c.ascii() for c in cards]


def _played_dict(p: PlayedCard) -> dict[str, Any]:
    entry: dict[str, Any] = {"card": p.card.ascii()}
    if p.mark:
        entry["mark"] = p.mark
    if p.comment is not None:
        entry["comment"] = p.comment
    return entry


def _board_from_dict(data: Mapping[str, Any], source: str) -> Board:
    def maybe_cards(values: Optional[Sequence[Optional[str]]]) -> Optional[tuple[Optional[Card], ...]]:
        return None if values is None else tuple(None if v is None else Card.parse(v) for v in values)

    def cardset(values: Optional[Sequence[str]]) -> Optional[CardSet]:
        return None if values is None else CardSet(Card.parse(v) for v in values)

    turn = data.get("turn")
    if turn not in (None, "accept", "refuse"):
        raise ValueError(f"turn must be \"accept\" or \"refuse\", not {turn!r}")
    alone = data.get("alone")
    play = data.get("play")
    # What the text form could not hold: the ABN written from it must read back.
    for name, value in data.get("tags", {}).items():
        check_descriptive_tag(str(name), value)
    if data.get("result") is not None and data["result"] not in range(6):
        raise ValueError(f"the result is the makers' tricks, 0 to 5, not {data['result']!r}")
    return Board(
        dealer=Seat.parse(data["dealer"]),
        tags={str(k): str(v) for k, v in data.get("tags", {}).items()},
        hands={Seat.parse(s): cardset(h) for s, h in data.get("hands", {}).items()},
        deal_first=_opt(data.get("deal_first"), Seat.parse),
        stock=maybe_cards(data.get("stock")),
        cut_trees=cardset(data.get("cut", [])) or CardSet(),
        cut_seen=cardset(data.get("cut_seen")),
        accepted=None if turn is None else turn == "accept",
        trump=_opt(data.get("trump"), Suit.parse),
        discards=maybe_cards(data.get("discard")),
        alone=Seat.parse(alone) if alone else None,
        alone_recorded=alone is not None,
        play_leader=None if play is None else Seat.parse(play["leader"]),
        tricks=[] if play is None else [
            tuple(PlayedCard(Card.parse(p["card"]), check_mark(p.get("mark", "")), p.get("comment")) for p in trick)
            for trick in play["tricks"]
        ],
        result=_opt(data.get("result"), int),
        comments={str(k): str(v) for k, v in data.get("comments", {}).items()},
        notes=[str(n) for n in data.get("notes", [])],
        source=source,
    )
