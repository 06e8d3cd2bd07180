"""ABN, the Altbaumer board notation: a PBN-like text format for deals,
positions and recorded games (docs/format.md).

A file holds boards separated by blank lines. A board is a list of tag pairs
``[Name "value"]``, optionally followed by the play, one trick per line;
``{...}`` is commentary attached to the element before it and ``%`` starts a
comment line. This module reads and writes the format as :class:`Board`
values and converts them to and from JSON; :mod:`altbaumer.abn.record` checks a
board against the rules and rebuilds the position it describes.

>>> read_boards('[Dealer "S"]\\n[Deal "E:QJ.A.KT - - -"]\\n')
Traceback (most recent call last):
...
altbaumer.abn.board.AbnError: <string>:2: [Deal]: malformed hand 'QJ.A.KT': write suits as clubs.spades.hearts.diamonds, e.g. QJ.A.KT.
>>> board = read_boards('[Dealer "S"]\\n[Turn "accept"] {an easy choice}\\n')[0]
>>> board.dealer, board.accepted, board.comments["Turn"]
(<Seat.S: 2>, True, 'an easy choice')
>>> print(write_boards([board]), end="")
[Dealer "S"]
[Turn "accept"] {an easy choice}
"""

from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Optional, Sequence, Union

from altbaumer.game.cards import Card, CardParseError, CardSet, Rank, Suit
from altbaumer.errors import AltbaumerError
from altbaumer.game.seats import SEATS, Seat, SeatParseError, forehand_of, play_order

if TYPE_CHECKING:
    from altbaumer.game.deal import Deal

__all__ = [
    "AbnError",
    "MARKS",
    "HEADER_TAGS",
    "PlayedCard",
    "Board",
    "board_from_deal",
    "read_boards",
    "load_boards",
    "write_boards",
    "save_boards",
    "boards_to_json",
    "boards_from_json",
    "atomic_write",
]

MARKS = ("!!", "!?", "?!", "??", "!", "?")
"""Marks a played card may carry, as in PGN: good, interesting, dubious, blunder, good, mistake."""

HEADER_TAGS = ("Event", "Site", "Date", "Board", "North", "East", "South", "West")
"""Descriptive tags, written first in this order; any other unknown tag follows them."""

GAME_TAGS = ("Dealer", "Deal", "Stock", "Cut", "CutSeen", "Turn", "Trump", "Discard", "Alone", "Result", "Play")
"""Tags with a meaning in the game, written after the descriptive ones in this order."""

UNKNOWN = "-"
_DATE = re.compile(r"^(\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)$")
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_RANKS = re.compile(r"10|[AKQJT9]", re.IGNORECASE)
_MARKED = re.compile(r"^(.+?)(!!|!\?|\?!|\?\?|!|\?)?$")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # not str.splitlines: it also breaks at U+2028, \x85, \x0c, ...


class AbnError(AltbaumerError):
    """A problem in a deal file, located as ``FILE:LINE: problem``."""

    def __init__(self, source: str, line: Optional[int], problem: str) -> None:
        self.source, self.line, self.problem = source, line, problem
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class PlayedCard:
    """A card of the play with its optional mark (``?``, ``!``, …) and commentary."""

    card: Card
    mark: str = ""
    comment: Optional[str] = None

    def text(self) -> str:
        return self.card.ascii() + self.mark + (f" {_braces(self.comment)}" if self.comment is not None else "")


def _braces(comment: str) -> str:
    """Commentary as ``{...}`` blocks: several comments on one element are
    kept as lines of one string and written back as one block each."""
    return " ".join(f"{{{part}}}" for part in comment.split("\n"))


def _no_lines() -> dict[str, int]:
    return {}


@dataclass
class Board:
    """One board of a deal file: what was dealt and what was recorded of it.

    Unknown parts are ``None``: a hand (``-`` in the file), a stock card, a
    discarded card. Everything is stored as written; :func:`altbaumer.abn.record.replay`
    checks it against the rules. ``tags`` keeps the descriptive and unknown
    tags in file order, ``comments`` the commentary after each tag, ``notes``
    the ``%`` lines and any commentary before the first tag. ``tricks`` are
    the play lines, one per trick, leader first.

    >>> board = Board(Seat.S, hands={Seat.E: CardSet.parse("QC JC AS KH TH")})
    >>> board.forehand, board.hands[Seat.N] is None
    (<Seat.E: 1>, True)
    """

    dealer: Seat
    tags: dict[str, str] = field(default_factory=dict)
    hands: dict[Seat, Optional[CardSet]] = field(default_factory=dict)
    deal_first: Optional[Seat] = None
    stock: Optional[tuple[Optional[Card], ...]] = None
    cut_trees: CardSet = CardSet()
    cut_seen: Optional[CardSet] = None
    accepted: Optional[bool] = None
    trump: Optional[Suit] = None
    discards: Optional[tuple[Optional[Card], ...]] = None
    alone: Optional[Seat] = None
    alone_recorded: bool = False
    play_leader: Optional[Seat] = None
    tricks: list[tuple[PlayedCard, ...]] = field(default_factory=list)
    result: Optional[int] = None
    comments: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    source: str = field(default="<board>", compare=False)
    lines: dict[str, int] = field(default_factory=_no_lines, compare=False, repr=False)
    """Line of each tag in the file (and ``"@"`` for the board's first line)."""
    trick_lines: list[int] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.hands = {s: self.hands.get(s) for s in SEATS}
        if self.deal_first is None and any(h is not None for h in self.hands.values()):
            self.deal_first = self.forehand  # the writer's default, so written and read boards compare equal

    @property
    def forehand(self) -> Seat:
        return forehand_of(self.dealer)

    @property
    def number(self) -> Optional[str]:
        """The ``Board`` tag, if any."""
        return self.tags.get("Board")

    @property
    def default_cut_seen(self) -> CardSet:
        """Decision D13: what the cut showed and the cutter left, when the file
        does not say: stock card 4, unless the cutter took both Trees (or the
        card is unknown)."""
        fourth = self.stock[3] if self.stock is not None else None
        return CardSet() if fourth is None or len(self.cut_trees) == 2 else CardSet(fourth)

    @property
    def played(self) -> list[PlayedCard]:
        return [p for trick in self.tricks for p in trick]

    def line(self, tag: str) -> Optional[int]:
        """The file line of ``tag`` (or of the board's start when the tag is absent)."""
        return self.lines.get(tag, self.lines.get("@"))

    def error(self, tag: str, problem: str) -> AbnError:
        """An :class:`AbnError` located at ``tag``'s line."""
        return AbnError(self.source, self.line(tag), problem)

    def label(self) -> str:
        return f"board {self.number}" if self.number else "board"

    # -- JSON ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The board as JSON-ready data (the same model; see :meth:`from_dict`)."""
        return {
            "tags": dict(self.tags),
            "dealer": str(self.dealer),
            "deal_first": _opt(self.deal_first, str),
            "hands": {str(s): _opt(self.hands[s], _cards_list) for s in SEATS},
            "stock": _opt(self.stock, _maybe_cards_list),
            "cut": _cards_list(self.cut_trees),
            "cut_seen": _opt(self.cut_seen, _cards_list),
            "turn": None if self.accepted is None else ("accept" if self.accepted else "refuse"),
            "trump": _opt(self.trump, lambda t: t.letter),
            "discard": _opt(self.discards, _maybe_cards_list),
            "alone": (str(self.alone) if self.alone is not None else "") if self.alone_recorded else None,
            "play": None if self.play_leader is None else {
                "leader": str(self.play_leader),
                "tricks": [[_played_dict(p) for p in trick] for trick in self.tricks],
            },
            "result": self.result,
            "comments": dict(self.comments),
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<json>") -> "Board":
        """The inverse of :meth:`to_dict`; raises :class:`AbnError` on bad data."""
        try:
            return _board_from_dict(data, source)
        except (KeyError, TypeError, AttributeError) as error:
            raise AbnError(source, None, f"malformed board in JSON ({type(error).__name__}: {error})") from None
        except (CardParseError, SeatParseError, ValueError) as error:
            if isinstance(error, AbnError):
                raise
            raise AbnError(source, None, str(error)) from None


def _opt(value: Any, convert: Any) -> Any:
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
        if not _TAG_NAME.fullmatch(str(name)) or name in GAME_TAGS:
            raise ValueError(f"tag name {name!r} is not a descriptive tag (letters, digits, _; not a game tag)")
        if name == "Date" and value and not _DATE.match(str(value)):
            raise ValueError(f"malformed date {value!r}: write it as YYYY.MM.DD (?? for unknown parts)")
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
            tuple(PlayedCard(Card.parse(p["card"]), _mark(p.get("mark", "")), p.get("comment")) for p in trick)
            for trick in play["tricks"]
        ],
        result=_opt(data.get("result"), int),
        comments={str(k): str(v) for k, v in data.get("comments", {}).items()},
        notes=[str(n) for n in data.get("notes", [])],
        source=source,
    )


def _mark(mark: str) -> str:
    if mark and mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r} (use {', '.join(MARKS)})")
    return mark


def board_from_deal(deal: "Deal", tags: Optional[Mapping[str, str]] = None) -> Board:
    """The record of ``deal`` so far (from the trump phase on): the hands as
    dealt, the stock, the cut, every decision taken and the play.

    >>> from altbaumer.game.deal import Deal, Accept
    >>> deal = Deal.from_seed(3); deal.apply(Accept())
    >>> board = board_from_deal(deal, {"Board": "1"})
    >>> board.accepted, board.discards, board.hands == deal.dealt
    (True, None, True)
    """
    from altbaumer.game.deal import Phase  # the game layer; imported late to keep the reader light

    if deal.phase is Phase.CUT:
        raise ValueError("the deal is still at the cut: nothing is dealt yet")
    started_play = deal.phase in (Phase.PLAY, Phase.DONE)
    board = Board(
        deal.dealer,
        tags=dict(tags or {}),
        hands=dict(deal.dealt),
        stock=tuple(deal.stock),
        cut_trees=deal.cut_trees,
        accepted=deal.accepted,
        trump=deal.trump,
        discards=tuple(deal.discards) if deal.phase not in (Phase.TRUMP, Phase.DISCARD) else None,
        alone=deal.lone,
        alone_recorded=started_play,
        play_leader=(deal.tricks[0].leader if deal.tricks else deal.trick_leader) if started_play else None,
        tricks=[tuple(PlayedCard(c) for c in t.cards) for t in deal.tricks]
        + ([tuple(PlayedCard(c) for c in deal.trick_cards)] if deal.trick_cards else []),
        result=deal.makers_tricks if deal.phase is Phase.DONE else None,
    )
    if deal.cut_seen != board.default_cut_seen:
        board.cut_seen = deal.cut_seen
    return board


# -- reading ---------------------------------------------------------------


@dataclass(frozen=True)
class _Token:
    kind: str  # "tag", "comment", "note", "word", "blank", "error"
    text: str
    line: int
    value: str = ""


def _tokens(text: str, source: str) -> Iterator[_Token]:
    """Tags, commentary, ``%`` lines, words and blank lines, with line numbers.
    Commentary may span lines (a blank line inside it does not end a board)."""
    open_comment: Optional[tuple[int, list[str]]] = None
    for number, raw in enumerate(_LINE_BREAK.split(text), 1):
        if open_comment is not None:
            start, parts = open_comment
            end = raw.find("}")
            if end < 0:
                parts.append(raw)
                continue
            parts.append(raw[:end])
            yield _Token("comment", "\n".join(parts), start, str(number))  # value: the line it ends on
            open_comment = None
            raw = raw[end + 1 :]
            if not raw.strip():
                continue
        elif not raw.strip():
            yield _Token("blank", "", number)
            continue
        elif raw.lstrip().startswith("%"):
            yield _Token("note", raw.lstrip()[1:].strip(), number)
            continue
        open_comment = yield from _line_tokens(raw, number, source)
    if open_comment is not None:  # reported by the board it opens in, so the boards before it still read
        yield _Token("error", "commentary opened with '{' is never closed with '}'", open_comment[0])


def _line_tokens(raw: str, number: int, source: str):
    """The tokens of one line; returns an unfinished ``{`` commentary, if any."""
    i, n = 0, len(raw)
    while i < n:
        ch = raw[i]
        if ch.isspace():
            i += 1
        elif ch == "[":
            match = _TAG.match(raw, i)
            if match is None:  # reported by the board it is in, so other boards still read
                yield _Token("error", f"malformed tag {raw[i:].strip()!r}: write it like [Dealer \"S\"]", number)
                return None
            yield _Token("tag", match.group(1), number, match.group(2).replace('\\"', '"').replace("\\\\", "\\"))
            i = match.end()
        elif ch == "{":
            end = raw.find("}", i)
            if end < 0:
                return number, [raw[i + 1 :]]
            yield _Token("comment", raw[i + 1 : end], number)
            i = end + 1
        elif ch == "}":
            yield _Token("error", "'}' without an opening '{'", number)
            i += 1
        else:
            j = i
            while j < n and not raw[j].isspace() and raw[j] not in "[{}":
                j += 1
            yield _Token("word", raw[i:j], number)
            i = j
    return None


def _has_tags(tokens: list[_Token]) -> bool:
    # A malformed tag still marks a board, so its error is reported there.
    return any(t.kind in ("tag", "error") for t in tokens)


def _groups(tokens: Iterable[_Token]) -> Iterator[list[_Token]]:
    """Split at blank lines; a group without tags (only ``%`` lines or
    commentary) goes with the next board, or the last one at the end."""
    current: list[_Token] = []
    pending: list[_Token] = []
    last: Optional[list[_Token]] = None
    for token in tokens:
        if token.kind != "blank":
            current.append(token)
            continue
        if _has_tags(current):
            if last is not None:
                yield last
            last, current, pending = pending + current, [], []
        else:
            pending, current = pending + current, []
    if _has_tags(current):
        if last is not None:
            yield last
        yield pending + current
    elif last is not None:
        yield last + pending + current
    elif pending or current:
        yield pending + current


def read_boards(text: str, source: str = "<string>", errors: Optional[list[AbnError]] = None) -> list[Board]:
    """Every board of an ABN text, in order. Raises :class:`AbnError`
    (``FILE:LINE: problem``) on the first malformed element, or, when an
    ``errors`` list is given, collects the error there and reads on with the
    next board. The rules are checked separately (:func:`altbaumer.abn.record.replay`)."""
    boards = []
    try:
        groups = list(_groups(_tokens(text, source)))
    except AbnError as error:  # an unclosed commentary or a malformed tag hides the board structure
        if errors is None:
            raise
        errors.append(error)
        return boards
    for group in groups:
        try:
            if not _has_tags(group):
                raise AbnError(source, group[0].line, "no board here: a board starts with tags such as [Dealer \"S\"]")
            boards.append(_BoardReader(source).read(group))
        except AbnError as error:
            if errors is None:
                raise
            errors.append(error)
    return boards


def load_boards(path: Union[str, Path], errors: Optional[list[AbnError]] = None) -> list[Board]:
    """Read a deal file (UTF-8): ABN, or its JSON form (a ``.json`` name, or
    text that starts with ``{``). Errors name the file and line; with an
    ``errors`` list, malformed ABN boards are collected there and the others
    returned (see :func:`read_boards`)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise AbnError(name, None, "not a UTF-8 text file") from None
    except OSError as error:
        raise AbnError(name, None, f"cannot read: {error.strerror or error}") from None
    if name.endswith(".json") or text.lstrip().startswith("{"):
        return boards_from_json(text, name)
    return read_boards(text, name, errors)


class _BoardReader:
    """Turns one board's tokens into a :class:`Board`."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.board: Optional[Board] = None
        self.fields: dict[str, Any] = {"tags": {}, "comments": {}, "notes": [], "tricks": []}
        self.lines: dict[str, int] = {}
        self.trick_lines: list[int] = []
        self.last: Optional[str] = None  # the element commentary attaches to: a tag name or "card"
        self.card_line = 0  # the line the last card's trick continues on (past a comment spanning lines)

    def fail(self, line: int, problem: str) -> AbnError:
        return AbnError(self.source, line, problem)

    def read(self, tokens: list[_Token]) -> Board:
        self.lines["@"] = next((t.line for t in tokens if t.kind == "tag"), tokens[0].line)
        for token in tokens:
            getattr(self, f"_on_{token.kind}")(token)
        if "Dealer" not in self.lines:
            raise self.fail(self.lines["@"], 'the board has no [Dealer "..."] tag')
        fields = self.fields
        board = Board(source=self.source, lines=self.lines, trick_lines=self.trick_lines, **fields)
        return board

    def _on_error(self, token: _Token) -> None:
        raise self.fail(token.line, token.text)

    def _on_note(self, token: _Token) -> None:
        self.fields["notes"].append(token.text)

    def _on_comment(self, token: _Token) -> None:
        # Each line trimmed: the writer gives each line of a comment its own {...} block, which is read trimmed.
        text = "\n".join(part.strip() for part in token.text.split("\n")).strip()
        if self.last is None:
            self.fields["notes"].append("{" + text + "}")
        elif self.last == "card":
            if token.value:  # a comment spanning lines: the trick line goes on after it
                self.card_line = int(token.value)
            tricks = self.fields["tricks"]
            played = tricks[-1][-1]
            joined = text if played.comment is None else f"{played.comment}\n{text}"
            tricks[-1] = tricks[-1][:-1] + (PlayedCard(played.card, played.mark, joined),)
        else:
            comments = self.fields["comments"]
            comments[self.last] = text if self.last not in comments else f"{comments[self.last]}\n{text}"

    def _on_tag(self, token: _Token) -> None:
        name, value = token.text, token.value.strip()
        if name in self.lines:
            raise self.fail(token.line, f"tag [{name}] appears twice in the board (first on line {self.lines[name]})")
        if "Play" in self.lines:
            raise self.fail(token.line, f"tag [{name}] after the play: the [Play] section ends the board")
        self.lines[name] = token.line
        self.last = name
        handler = getattr(self, f"_tag_{name}", None)
        try:
            if handler is not None:
                handler(value)
            elif name in HEADER_TAGS or name not in GAME_TAGS:
                if name == "Date" and value and not _DATE.match(value):
                    raise ValueError(f"malformed date {value!r}: write it as YYYY.MM.DD (?? for unknown parts)")
                self.fields["tags"][name] = token.value
        except (CardParseError, SeatParseError, ValueError) as error:
            raise self.fail(token.line, f"[{name}]: {error}") from None

    def _on_word(self, token: _Token) -> None:
        if "Play" not in self.lines:
            raise self.fail(token.line, f"unexpected text {token.text!r}: outside the play only tags and commentary are allowed")
        match = _MARKED.match(token.text)
        assert match is not None
        try:
            card = Card.parse(match.group(1))
        except CardParseError as error:
            raise self.fail(token.line, f"in the play: {error}") from None
        tricks = self.fields["tricks"]
        played = PlayedCard(card, match.group(2) or "")
        if self.trick_lines and self.card_line == token.line and self.last == "card":
            tricks[-1] = tricks[-1] + (played,)
        else:
            tricks.append((played,))
            self.trick_lines.append(token.line)
        self.last = "card"
        self.card_line = token.line

    # -- the game tags ------------------------------------------------------

    def _tag_Dealer(self, value: str) -> None:
        self.fields["dealer"] = Seat.parse(value)

    def _tag_Deal(self, value: str) -> None:
        first, sep, rest = value.partition(":")
        if not sep:
            raise ValueError(f"write the deal as FIRST:hand hand hand hand, e.g. \"E:QJ.A.KT. ...\", not {value!r}")
        seat = Seat.parse(first)
        words = rest.split()
        if len(words) != 4:
            raise ValueError(f"the deal lists {len(words)} hand(s), not 4")
        hands = {}
        for s, word in zip(play_order(seat), words):
            hands[s] = None if word == UNKNOWN else _parse_hand(word)
        self.fields["hands"] = hands
        self.fields["deal_first"] = seat

    def _tag_Stock(self, value: str) -> None:
        words = value.split()
        if len(words) != 4:
            raise ValueError(f"the stock holds 4 cards, top first (\"-\" for an unseen card), not {len(words)}")
        self.fields["stock"] = tuple(None if w == UNKNOWN else Card.parse(w) for w in words)

    def _tag_Cut(self, value: str) -> None:
        self.fields["cut_trees"] = CardSet.parse(value)

    def _tag_CutSeen(self, value: str) -> None:
        self.fields["cut_seen"] = CardSet.parse(value)

    def _tag_Turn(self, value: str) -> None:
        if value.lower() not in ("accept", "refuse"):
            raise ValueError(f"the turn is \"accept\" or \"refuse\", not {value!r}")
        self.fields["accepted"] = value.lower() == "accept"

    def _tag_Trump(self, value: str) -> None:
        self.fields["trump"] = Suit.parse(value)

    def _tag_Discard(self, value: str) -> None:
        words = value.split()
        if len(words) not in (1, 4):
            raise ValueError(f"forehand discards 1 card (4 in the compulsory case), not {len(words)}")
        self.fields["discards"] = tuple(None if w == UNKNOWN else Card.parse(w) for w in words)

    def _tag_Alone(self, value: str) -> None:
        self.fields["alone"] = Seat.parse(value) if value else None
        self.fields["alone_recorded"] = True

    def _tag_Play(self, value: str) -> None:
        self.fields["play_leader"] = Seat.parse(value)

    def _tag_Result(self, value: str) -> None:
        if not value.isdigit() or not 0 <= int(value) <= 5:
            raise ValueError(f"the result is the makers' tricks, 0 to 5, not {value!r}")
        self.fields["result"] = int(value)


def _parse_hand(word: str) -> CardSet:
    """``QJ.A.KT.`` → Q♣ J♣ A♠ K♥ 10♥: suits clubs.spades.hearts.diamonds."""
    parts = word.split(".")
    if len(parts) != 4:
        raise ValueError(f"malformed hand {word!r}: write suits as clubs.spades.hearts.diamonds, e.g. QJ.A.KT.")
    cards = []
    for suit, ranks in zip(Suit, parts):
        letters = _RANKS.findall(ranks)
        if "".join(letters).upper() != ranks.upper():
            raise ValueError(f"malformed hand {word!r}: {ranks!r} is not a list of ranks from AKQJT9")
        cards.extend(Card(suit, Rank.parse(r)) for r in letters)
    hand = CardSet(cards)
    if len(hand) != len(cards):
        raise ValueError(f"malformed hand {word!r}: a card is listed twice")
    return hand


# -- writing ---------------------------------------------------------------


def hand_word(hand: Optional[CardSet]) -> str:
    """The file form of a hand: ``QJ.A.KT.``, or ``-`` when unknown."""
    if hand is None:
        return UNKNOWN
    return ".".join("".join(c.rank.letter for c in hand if c.suit is suit) for suit in Suit)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _maybe_cards_text(cards: Iterable[Optional[Card]]) -> str:
    return " ".join(UNKNOWN if c is None else c.ascii() for c in cards)


def _game_tags(board: Board) -> Iterator[tuple[str, str]]:
    yield "Dealer", str(board.dealer)
    if board.deal_first is not None or any(h is not None for h in board.hands.values()):
        first = board.deal_first or board.forehand
        yield "Deal", f"{first}:" + " ".join(hand_word(board.hands[s]) for s in play_order(first))
    if board.stock is not None:
        yield "Stock", _maybe_cards_text(board.stock)
    if board.cut_trees or "Cut" in board.comments:
        yield "Cut", board.cut_trees.ascii()
    if board.cut_seen is not None:
        yield "CutSeen", board.cut_seen.ascii()
    if board.accepted is not None:
        yield "Turn", "accept" if board.accepted else "refuse"
    if board.trump is not None:
        yield "Trump", board.trump.letter
    if board.discards is not None:
        yield "Discard", _maybe_cards_text(board.discards)
    if board.alone_recorded:
        yield "Alone", "" if board.alone is None else str(board.alone)
    if board.result is not None:
        yield "Result", str(board.result)
    if board.play_leader is not None:
        yield "Play", str(board.play_leader)


def write_board(board: Board) -> str:
    """One board as ABN text (ending with a newline)."""
    out = [n if _is_commentary(n) else f"% {n}" for n in board.notes]
    headers = [(k, board.tags[k]) for k in HEADER_TAGS if k in board.tags]
    others = [(k, v) for k, v in board.tags.items() if k not in HEADER_TAGS]
    tags = headers + others + list(_game_tags(board))
    _check_writable(board, tags)
    for name, value in tags:
        line = f'[{name} "{_quote(value)}"]'
        if name in board.comments:
            line += f" {_braces(board.comments[name])}"
        out.append(line)
    out.extend(" ".join(p.text() for p in trick) for trick in board.tricks)
    return "\n".join(out) + "\n"


def _is_commentary(note: str) -> bool:
    """A note read from ``{...}`` before the first tag (written back as it was)."""
    return note.startswith("{") and note.endswith("}") and "}" not in note[1:-1]


def _check_writable(board: Board, tags: list[tuple[str, str]]) -> None:
    """Refuse what the text format cannot hold, instead of writing a file
    that reads back differently."""
    for name, value in tags:
        if "\n" in value or "\r" in value:
            raise board.error(name, f"cannot write [{name}]: its value holds a line break")
    for name, text in board.comments.items():
        if "}" in text:
            raise board.error(name, f"cannot write the commentary on [{name}]: it holds '}}'")
    if any(p.comment is not None and "}" in p.comment for trick in board.tricks for p in trick):
        raise board.error("Play", "cannot write the commentary of a played card: it holds '}'")


def write_boards(boards: Iterable[Board]) -> str:
    """Boards as ABN text, separated by blank lines."""
    return "\n".join(write_board(b) for b in boards)


def atomic_write(path: Union[str, Path], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename, so a
    failure or Ctrl-C never leaves a half-written file."""
    target = Path(path)
    tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    # Not tempfile.mkstemp: its file is 0600, and the rename would keep that; this one gets what open() gives.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_boards(boards: Iterable[Board], path: Union[str, Path]) -> None:
    """Write boards to an ABN file atomically."""
    atomic_write(path, write_boards(boards))


def boards_to_json(boards: Iterable[Board]) -> str:
    """Boards as a JSON document: ``{"format": "abn-json", "version": 1, "boards": [...]}``."""
    data = {"format": "abn-json", "version": 1, "boards": [b.to_dict() for b in boards]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def boards_from_json(text: str, source: str = "<json>") -> list[Board]:
    """The inverse of :func:`boards_to_json`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise AbnError(source, error.lineno, f"malformed JSON: {error.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("boards"), list):
        raise AbnError(source, None, 'not an ABN JSON document (expected {"boards": [...]})')
    return [Board.from_dict(b, f"{source}: board {i}") for i, b in enumerate(data["boards"], 1)]
