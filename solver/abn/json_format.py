"""ABN's JSON twin: the same board model as JSON data (docs/format.md, JSON).

A board becomes a dict of plain values and back; ``null`` stands for what the
text leaves out (an unknown hand or card, an absent tag). Reading checks the
type of every field and refuses fields the format does not have, so a board
read is one every command can take; its errors name the file, the board and
the field (docs/format.md, Limits). JSON can hold text that ABN cannot (a note
of two lines): the ABN writer refuses that.

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
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, TypeVar, Union

from altbaumer.abn.board import ALONE_PASSED, MAX_VARIATION_DEPTH, Board, PlayedCard, check_descriptive_tag, check_mark
from altbaumer.errors import AbnError, CardParseError, SeatParseError
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.seats import SEATS, Seat
from altbaumer.lang import _, number

__all__ = ["board_to_dict", "board_from_dict", "boards_to_json", "boards_from_json", "MAX_DIGITS"]

FORMAT, VERSION = "abn-json", 1
FORMAT_DEPTH = 7
"""How deep a deal file nests: document, boards, board, play, tricks, trick, card;
a card's variations nest 3 levels more each (variations, variation, card), at
most :data:`~altbaumer.abn.board.MAX_VARIATION_DEPTH` times. Deeper JSON is a
field of the wrong type, named as such."""
MAX_DIGITS = 100
"""The most digits of a number in a deal file. The format's own numbers are 0
to 5 and the version, and a tag given as a number (a seed) has some twenty;
Python stops reading at 4,300 digits, with an error that names no field."""

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
        "alone": ((str(board.alone) if board.alone is not None else "") if board.alone_recorded
                  else ALONE_PASSED if board.alone_passed else None),
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
    :class:`~altbaumer.errors.AbnError` naming the field for bad data: a field
    unknown, missing or of the wrong type, or text that is not a card, seat or
    suit. Text the ABN form cannot hold (a note of two lines) is read: the
    ABN writer refuses it (docs/format.md, Limits).

    >>> board_from_dict({"dealer": "S", "turn": "accept"}).accepted
    True
    >>> board_from_dict({"dealer": "S", "turn": "yes"}, "in.json")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.json: turn must be "accept" or "refuse", not 'yes'
    >>> board_from_dict({"dealer": "S", "notes": ["fine", 7]}, "in.json")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.json: "notes" item 2 must be a string, not 7
    """
    try:
        return _board_from_dict(data, source)
    except ValueError as error:  # CardParseError and SeatParseError among them
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
    data = {"format": FORMAT, "version": VERSION, "boards": [board_to_dict(b) for b in boards]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def boards_from_json(text: str, source: str = "<json>") -> list[Board]:
    """The inverse of :func:`boards_to_json`; errors name ``source``, the board
    and the field (docs/format.md, Limits).

    >>> boards_from_json('{"boards": [{"dealer": "S"}, {"dealer": "X"}]}', "in.json")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.json: board 2: "dealer": unknown seat 'X' (use N, E, S or W)
    >>> boards_from_json('{"boards": [{"dealer": "S", "result": ' + "9" * 200 + '}]}', "in.json")
    Traceback (most recent call last):
    ...
    altbaumer.errors.AbnError: in.json: board 1: "result" is a number of 200 digits; a deal file's have at most 100
    """
    data = _parse(text, source)
    if not isinstance(data, dict) or not isinstance(data.get("boards"), list):
        raise AbnError(source, None, _('not an ABN JSON document (expected {"boards": [...]})'))
    try:
        _check_document(data)
    except ValueError as error:
        raise AbnError(source, None, str(error)) from None
    return [_numbered_board(b, source, i) for i, b in enumerate(data["boards"], 1)]


def _numbered_board(data: Any, source: str, number: int) -> Board:
    """Board ``number`` of the document; its errors name the board in the
    problem, which `altbaumer check` shows beside the file."""
    where = _("board {number}").format(number=number)
    try:
        return board_from_dict(data, f"{source}: {where}")
    except AbnError as error:
        raise AbnError(source, None, f"{where}: {error.problem}") from None


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
    if p.variations:
        entry["variations"] = [[_played_dict(q) for q in variation] for variation in p.variations]
    return entry


# -- reading: every field's type checked, so a board read is one every command can take ----------


_DOCUMENT_FIELDS = ("format", "version", "boards")
_BOARD_FIELDS = tuple(board_to_dict(Board(Seat.N)))
_PLAY_FIELDS = ("leader", "tricks")
_CARD_FIELDS = ("card", "mark", "comment", "variations")
_SURROGATE = re.compile(r"[\ud800-\udfff]")  # half a pair, as json reads the escape "\ud800" alone


@dataclass(frozen=True)
class _LongNumber:
    """A JSON number of more than :data:`MAX_DIGITS` digits, left unread (Python
    refuses past 4,300 digits) so that the field holding it can be named."""

    digits: int


def _parse(text: str, source: str) -> Any:
    try:
        return json.loads(text, parse_int=_number(int), parse_float=_number(float))
    except json.JSONDecodeError as error:
        raise AbnError(source, error.lineno, _("malformed JSON: {problem}").format(problem=error.msg)) from None
    except RecursionError:  # json gives no line for it; the depth is past any field's anyway
        raise AbnError(source, None,
                       _("JSON nested too deep to read (a deal file nests {depth} levels)")
                       .format(depth=FORMAT_DEPTH)) from None


def _number(convert: Callable[[str], _R]) -> Callable[[str], Union[_R, _LongNumber]]:
    def read(text: str) -> Union[_R, _LongNumber]:
        if len(text) > MAX_DIGITS:  # the count only then: the common number is short
            digits = sum(c.isdigit() for c in text)
            if digits > MAX_DIGITS:
                return _LongNumber(digits)
        return convert(text)

    return read


def _check_document(data: Mapping[str, Any]) -> None:
    _known(data, _DOCUMENT_FIELDS, "")
    for field, value in (("format", FORMAT), ("version", VERSION)):
        given = _typed(data.get(field, value), (type(value),), f'"{field}"', json.dumps(value))
        if given != value:
            raise ValueError(_("{field} must be {expected}, not {given}")
                             .format(field=f'"{field}"', expected=json.dumps(value), given=_shown(given)))


def _board_from_dict(data: Any, source: str) -> Board:
    board = _object(data, _("a board"))
    _known(board, _BOARD_FIELDS, "")
    if "dealer" not in board:
        raise ValueError(_('malformed board: no "dealer"'))
    turn = board.get("turn")
    if turn not in (None, "accept", "refuse"):
        raise ValueError(_('turn must be "accept" or "refuse", not {value}').format(value=_shown(turn)))
    alone = _string(board.get("alone"), '"alone"', nullable=True)
    leader, tricks = _play(board.get("play"))
    return Board(
        dealer=_parsed(board["dealer"], '"dealer"', Seat.parse),
        tags=_tags(board.get("tags", {})),
        hands=_hands(board.get("hands", {})),
        deal_first=_optional(board.get("deal_first"), '"deal_first"', Seat.parse),
        stock=_cards(board.get("stock"), '"stock"', unknown=True),
        cut_trees=_cardset(board.get("cut"), '"cut"') or CardSet(),
        cut_seen=_cardset(board.get("cut_seen"), '"cut_seen"'),
        accepted=None if turn is None else turn == "accept",
        trump=_optional(board.get("trump"), '"trump"', Suit.parse),
        discards=_cards(board.get("discard"), '"discard"', unknown=True),
        alone=_parsed(alone, '"alone"', Seat.parse) if alone and alone != ALONE_PASSED else None,
        alone_recorded=alone is not None and alone != ALONE_PASSED,
        alone_passed=alone == ALONE_PASSED,
        play_leader=leader,
        tricks=tricks,
        result=_result(board.get("result")),
        comments=_texts(board.get("comments", {}), '"comments"'),
        notes=[_text(n, _("{field} item {number}").format(field='"notes"', number=i))
               for i, n in enumerate(_array(board.get("notes", []), '"notes"'), 1)],
        source=source,
    )


def _play(value: Any) -> tuple[Optional[Seat], list[tuple[PlayedCard, ...]]]:
    if value is None:
        return None, []
    play = _object(value, '"play"')
    _known(play, _PLAY_FIELDS, '"play": ')
    if "leader" not in play:
        raise ValueError(_('malformed board: "play" has no "leader"'))
    tricks = _array(play.get("tricks", []), '"play": "tricks"')
    return _parsed(play["leader"], '"play": "leader"', Seat.parse), [
        tuple(_played(card, _("trick {trick}, card {card}").format(trick=i, card=j))
              for j, card in enumerate(_array(trick, _("trick {trick}").format(trick=i)), 1))
        for i, trick in enumerate(tricks, 1)
    ]


def _played(value: Any, where: str, depth: int = 0) -> PlayedCard:
    """A card object, of the main line or (``depth`` deep) of a variation."""
    entry = _object(value, where)
    _known(entry, _CARD_FIELDS, f"{where}: ")
    if "card" not in entry:
        raise ValueError(_('malformed board: {where} has no "card"').format(where=where))
    mark = _text(entry.get("mark", ""), f'{where}: "mark"')
    try:
        check_mark(mark)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return PlayedCard(_parsed(entry["card"], f'{where}: "card"', Card.parse), mark,
                      _string(entry.get("comment"), f'{where}: "comment"', nullable=True),
                      _variations(entry.get("variations", []), where, depth))


def _variations(value: Any, where: str, depth: int) -> tuple[tuple[PlayedCard, ...], ...]:
    """A card's ``"variations"``: arrays of card objects, none empty, nested at
    most :data:`~altbaumer.abn.board.MAX_VARIATION_DEPTH` deep."""
    variations = _array(value, f'{where}: "variations"')
    if variations and depth >= MAX_VARIATION_DEPTH:
        raise ValueError(f"{where}: " + _("variations nest more than {depth} deep").format(depth=MAX_VARIATION_DEPTH))
    read = []
    for k, variation in enumerate(variations, 1):
        cards = _array(variation, _("{where}, variation {number}").format(where=where, number=k))
        if not cards:
            raise ValueError(_("{where}, variation {number} holds no card").format(where=where, number=k))
        read.append(tuple(_played(card, _("{where}, variation {number}, card {card}")
                                  .format(where=where, number=k, card=j), depth + 1)
                          for j, card in enumerate(cards, 1)))
    return tuple(read)


def _tags(value: Any) -> dict[str, str]:
    tags: dict[str, str] = {}
    for name, item in _object(value, '"tags"').items():
        check_descriptive_tag(name, "")  # the name first: the messages below quote it
        if isinstance(item, str):
            tags[name] = _text(item, f'"tags": "{name}"')
        else:  # a number is kept as its text
            tags[name] = str(_typed(item, (int, float), f'"tags": "{name}"', _("a string or a number")))
        check_descriptive_tag(name, tags[name])
    return tags


def _hands(value: Any) -> dict[Seat, Optional[CardSet]]:
    hands: dict[Seat, Optional[CardSet]] = {}
    for name, cards in _object(value, '"hands"').items():
        seat = _parsed(name, '"hands"', Seat.parse)
        if seat in hands:
            raise ValueError(_('"hands" names {seat} twice').format(seat=seat))
        hands[seat] = _cardset(cards, f'"hands": "{name}"')
    return hands


def _texts(value: Any, field: str) -> dict[str, str]:
    return {_text(key, _("{field}: a name").format(field=field)): _text(text, f'{field}: "{key}"')
            for key, text in _object(value, field).items()}


def _result(value: Any) -> Optional[int]:
    if value is None:
        return None
    result: int = _typed(value, (int,), '"result"', _("a whole number or null"))
    if not 0 <= result <= 5:
        raise ValueError(_("the result is the makers' tricks, 0 to 5, not {value}").format(value=repr(result)))
    return result


def _cards(value: Any, field: str, unknown: bool = False) -> Optional[tuple[Optional[Card], ...]]:
    """An array of cards, or null; with ``unknown``, null stands for a card not seen."""
    items = _array(value, field, nullable=True)
    if items is None:
        return None
    return tuple(None if item is None and unknown else _parsed(item, _("{field} item {number}").format(field=field, number=i),
                                                              Card.parse)
                 for i, item in enumerate(items, 1))


def _cardset(value: Any, field: str) -> Optional[CardSet]:
    cards = _cards(value, field)
    if cards is None:
        return None
    found = CardSet(c for c in cards if c is not None)  # _cards gives None only for unknown cards, not asked here
    if len(found) < len(cards):
        twice = next(c for i, c in enumerate(cards) if c is not None and c in cards[:i])
        raise ValueError(_("{field} lists {card} twice").format(field=field, card=twice.ascii()))
    return found


def _optional(value: Any, field: str, parse: Callable[[str], _R]) -> Optional[_R]:
    return None if value is None else _parsed(value, field, parse)


def _parsed(value: Any, field: str, parse: Callable[[str], _R]) -> _R:
    """``parse`` of the string ``value``, its error naming ``field``."""
    text = _text(value, field)
    try:
        return parse(text)
    except (CardParseError, SeatParseError) as error:
        raise ValueError(f"{field}: {error}") from None


def _text(value: Any, field: str) -> str:
    text: str = _typed(value, (str,), field, _("a string"))
    if not text.isascii() and _SURROGATE.search(text):
        raise ValueError(_("{field} holds a lone surrogate ({text}), which no UTF-8 file can hold")
                         .format(field=field, text=_shown(text)))
    return text


def _string(value: Any, field: str, nullable: bool = False) -> Optional[str]:
    if value is None and nullable:
        return None
    return _text(value, field) if isinstance(value, str) else _typed(value, (str,), field, _("a string or null"))


def _array(value: Any, field: str, nullable: bool = False) -> Any:
    if value is None and nullable:
        return None
    return _typed(value, (list,), field, _("an array or null") if nullable else _("an array"))


def _object(value: Any, field: str) -> Mapping[str, Any]:
    mapping: Mapping[str, Any] = _typed(value, (dict, Mapping), field, _("an object"))
    return mapping


def _known(data: Mapping[str, Any], fields: Sequence[str], where: str) -> None:
    for key in data:
        if key not in fields:
            raise ValueError(where + _("unknown field {field} (the fields are {fields})")
                             .format(field=_shown(key, quote=True), fields=", ".join(fields)))


def _typed(value: Any, kinds: tuple[type, ...], field: str, expected: str) -> Any:
    """``value`` if it is of one of the JSON types ``kinds`` (true and false are not numbers)."""
    if type(value) in kinds:  # json's own types, without isinstance's look at the ABCs
        return value
    if isinstance(value, _LongNumber):
        raise ValueError(_("{field} is a number of {digits} digits; a deal file's have at most {most}")
                         .format(field=field, digits=number(value.digits), most=MAX_DIGITS))
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ValueError(_("{field} must be {expected}, not {given}").format(field=field, expected=expected,
                                                                             given=_kind(value)))
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    """A value as a type error names it: its JSON type, or the number or literal itself."""
    if value is None or isinstance(value, (bool, int, float)):
        return json.dumps(value)
    if isinstance(value, str):
        return _("a string")
    return _("an array") if isinstance(value, list) else _("an object")


def _shown(value: Any, quote: bool = False) -> str:
    """A value as a message quotes it: a string cut short, anything else by :func:`_kind`."""
    if not isinstance(value, str):
        return _kind(value)
    text = value if len(value) <= 40 else value[:40] + "…"
    return f'"{text}"' if quote else repr(text)
