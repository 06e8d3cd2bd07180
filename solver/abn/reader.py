"""The ABN reader: text to visitor calls, and the builder that makes boards of them.

The reader reports what is malformed as text (a tag, a card of the play, the
shape of a board); :class:`BoardBuilder` what is wrong with a tag's value. Both
raise :class:`~altbaumer.errors.AbnError`, located as ``FILE:LINE: problem``.
The interface between them is :class:`~altbaumer.abn.visitor.BaseVisitor`.

>>> text = '[Dealer "S"]\\n[Turn "accept"] {an easy choice}\\n[Discard "QH"]\\n[Play "E"]\\nQC TC 9C JC?\\nAC\\n'
>>> board, = read_boards(text)
>>> board.accepted, board.comments["Turn"], board.tricks[0][3].mark, len(board.tricks)
(True, 'an easy choice', '?', 2)
>>> read_boards('[Dealer "S"]\\n[Deal "E:QJ.A.KT - - -"]\\n')
Traceback (most recent call last):
...
altbaumer.errors.AbnError: <string>:2: [Deal]: malformed hand 'QJ.A.KT': write suits as clubs.spades.hearts.diamonds, e.g. QJ.A.KT.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Any, Callable, Generator, Iterable, Iterator, Optional, TypeVar

from altbaumer.abn.board import GAME_TAGS, MARKS, TAG_NAME, Board, PlayedCard, check_descriptive_tag
from altbaumer.abn.visitor import UNKNOWN, BaseVisitor
from altbaumer.errors import AbnError, CardParseError, SeatParseError
from altbaumer.game.cards import Card, CardSet, Rank, Suit
from altbaumer.game.seats import Seat, play_order

__all__ = ["BoardBuilder", "visit_text", "read_boards"]

T = TypeVar("T")

# The value unrolled as [^"\\]* (\\. [^"\\]*)*: the plain (?:[^"\\]|\\.)* keeps a
# backtracking entry per character, some 200 bytes each on a long value. The unrolled
# group still keeps one per escape; possessive, from Python 3.11, it keeps none.
_POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""
_VALUE = r'[^"\\]*{0}(?:\\.[^"\\]*{0})*{0}'.format(_POSSESSIVE)
_TAG = re.compile(r'\[\s*(' + TAG_NAME.pattern + r')\s+"(' + _VALUE + r')"\s*\]')
_RANKS = re.compile(r"10|[AKQJT9]", re.IGNORECASE)
_MARKED = re.compile(r"^(.+?)(" + "|".join(re.escape(m) for m in MARKS) + r")?$")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # not str.splitlines: it also breaks at U+2028, \x85, \x0c, ...


class BoardBuilder(BaseVisitor[Board]):
    """Makes the :class:`~altbaumer.abn.board.Board` the calls describe;
    raises :class:`~altbaumer.errors.AbnError` for a malformed tag value
    and for a board without a ``Dealer``.

    >>> builder = BoardBuilder("t.abn")
    >>> builder.begin_board(1); builder.visit_tag("Dealer", "W", 1); builder.end_board()
    >>> builder.result().dealer, builder.result().forehand
    (<Seat.W: 3>, <Seat.S: 2>)
    """

    def __init__(self, source: str = "<string>") -> None:
        self.source = source
        self._fields: dict[str, Any] = {}
        self._tags: dict[str, str] = {}
        self._comments: dict[str, list[str]] = {}
        self._notes: list[str] = []
        self._tricks: list[list[tuple[Card, str, list[str]]]] = []
        self._lines: dict[str, int] = {}
        self._trick_lines: list[int] = []
        self._attach: Optional[list[str]] = None  # the commentary of the element before; None: the notes
        self._board: Optional[Board] = None

    def begin_board(self, line: Optional[int]) -> None:
        if line is not None:
            self._lines["@"] = line

    def visit_note(self, text: str, line: Optional[int]) -> None:
        self._notes.append(text)

    def visit_comment(self, text: str, line: Optional[int]) -> None:
        if self._attach is None:
            self._notes.append("{" + text + "}")
        else:
            self._attach.append(text)

    def visit_tag(self, name: str, value: str, line: Optional[int]) -> None:
        if line is not None:
            self._lines[name] = line
        self._attach = self._comments[name] = []
        try:
            if name in GAME_TAGS:
                getattr(self, f"_tag_{name}")(value.strip())
            else:
                check_descriptive_tag(name, value.strip())
                self._tags[name] = value
        except (CardParseError, SeatParseError, ValueError) as error:
            raise AbnError(self.source, line, f"[{name}]: {error}") from None

    def begin_trick(self, line: Optional[int]) -> None:
        self._tricks.append([])
        if line is not None:
            self._trick_lines.append(line)

    def visit_card(self, card: Card, mark: str, line: Optional[int]) -> None:
        self._attach = []
        self._tricks[-1].append((card, mark, self._attach))

    def end_board(self) -> None:
        if "dealer" not in self._fields:
            raise AbnError(self.source, self._lines.get("@"), 'the board has no [Dealer "..."] tag')
        self._board = Board(
            tags=self._tags,
            comments={name: "\n".join(parts) for name, parts in self._comments.items() if parts},
            notes=self._notes,
            tricks=[tuple(PlayedCard(card, mark, "\n".join(parts) if parts else None) for card, mark, parts in trick)
                    for trick in self._tricks],
            source=self.source,
            lines=self._lines,
            trick_lines=self._trick_lines,
            **self._fields,
        )

    def result(self) -> Board:
        assert self._board is not None, "result() before end_board()"
        return self._board

    # -- the game tags: one method each, named after the tag -------------------

    def _tag_Dealer(self, value: str) -> None:
        self._fields["dealer"] = Seat.parse(value)

    def _tag_Deal(self, value: str) -> None:
        first, sep, rest = value.partition(":")
        if not sep:
            raise ValueError(f"write the deal as FIRST:hand hand hand hand, e.g. \"E:QJ.A.KT. ...\", not {value!r}")
        seat = Seat.parse(first)
        words = rest.split()
        if len(words) != 4:
            raise ValueError(f"the deal lists {len(words)} hand(s), not 4")
        self._fields["hands"] = {s: None if w == UNKNOWN else _parse_hand(w) for s, w in zip(play_order(seat), words)}
        self._fields["deal_first"] = seat

    def _tag_Stock(self, value: str) -> None:
        words = value.split()
        if len(words) != 4:
            raise ValueError(f"the stock holds 4 cards, top first (\"-\" for an unseen card), not {len(words)}")
        self._fields["stock"] = tuple(None if w == UNKNOWN else Card.parse(w) for w in words)

    def _tag_Cut(self, value: str) -> None:
        self._fields["cut_trees"] = CardSet.parse(value)

    def _tag_CutSeen(self, value: str) -> None:
        self._fields["cut_seen"] = CardSet.parse(value)

    def _tag_Turn(self, value: str) -> None:
        if value.lower() not in ("accept", "refuse"):
            raise ValueError(f"the turn is \"accept\" or \"refuse\", not {value!r}")
        self._fields["accepted"] = value.lower() == "accept"

    def _tag_Trump(self, value: str) -> None:
        self._fields["trump"] = Suit.parse(value)

    def _tag_Discard(self, value: str) -> None:
        words = value.split()
        if len(words) not in (1, 4):
            raise ValueError(f"forehand discards 1 card (4 in the compulsory case), not {len(words)}")
        self._fields["discards"] = tuple(None if w == UNKNOWN else Card.parse(w) for w in words)

    def _tag_Alone(self, value: str) -> None:
        self._fields["alone"] = Seat.parse(value) if value else None
        self._fields["alone_recorded"] = True

    def _tag_Result(self, value: str) -> None:
        if not value.isdigit() or not 0 <= int(value) <= 5:
            raise ValueError(f"the result is the makers' tricks, 0 to 5, not {value!r}")
        self._fields["result"] = int(value)

    def _tag_Play(self, value: str) -> None:
        self._fields["play_leader"] = Seat.parse(value)


def visit_text(text: str, visitor: Callable[[], BaseVisitor[T]], source: str = "<string>",
               errors: Optional[list[AbnError]] = None) -> list[T]:
    """Tell a fresh ``visitor()`` about each board of an ABN text, and return
    their results in order. Raises :class:`~altbaumer.errors.AbnError` from
    the reader or a visitor, or, given an ``errors`` list, collects it there
    and goes on with the next board.

    >>> from altbaumer.abn.writer import TextExporter
    >>> visit_text('[Dealer "S"]\\n\\n[Dealer "N"]\\n', TextExporter)
    ['[Dealer "S"]\\n', '[Dealer "N"]\\n']
    """
    results = []
    for group in _groups(_tokens(text)):
        try:
            if not _has_tags(group):
                raise AbnError(source, group[0].line, "no board here: a board starts with tags such as [Dealer \"S\"]")
            results.append(_visit_group(group, visitor(), source))
        except AbnError as error:
            if errors is None:
                raise
            errors.append(error)
    return results


def read_boards(text: str, source: str = "<string>", errors: Optional[list[AbnError]] = None) -> list[Board]:
    """Every board of an ABN text, in order. Raises :class:`~altbaumer.errors.AbnError`
    (``FILE:LINE: problem``) on the first malformed element, or, when an
    ``errors`` list is given, collects the error there and reads on with the
    next board. The rules are checked separately (:func:`altbaumer.abn.record.replay`).

    >>> errors = []
    >>> [b.dealer for b in read_boards('[Dealer "X"]\\n\\n[Dealer "N"]\\n', "t.abn", errors)], errors
    ([<Seat.N: 0>], [AbnError("t.abn:1: [Dealer]: unknown seat 'X' (use N, E, S or W)")])
    """
    return visit_text(text, lambda: BoardBuilder(source), source, errors)


@dataclass(frozen=True)
class _Token:
    kind: str  # "tag", "comment", "note", "word", "blank", "error"
    text: str
    line: int
    value: str = ""


def _tokens(text: str) -> Iterator[_Token]:
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
        open_comment = yield from _line_tokens(raw, number)
    if open_comment is not None:  # reported by the board it opens in, so the boards before it still read
        yield _Token("error", "commentary opened with '{' is never closed with '}'", open_comment[0])


def _line_tokens(raw: str, number: int) -> Generator[_Token, None, Optional[tuple[int, list[str]]]]:
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
    pending: list[_Token] = []  # groups without tags, waiting for the next board
    last: Optional[list[_Token]] = None
    for token in tokens:
        if token.kind != "blank":
            current.append(token)
            continue
        pending.extend(current)
        if _has_tags(current):
            if last is not None:
                yield last
            last, pending = pending, []
        current = []
    if _has_tags(current):
        if last is not None:
            yield last
        yield pending + current
    elif last is not None:
        yield last + pending + current
    elif pending or current:
        yield pending + current


def _visit_group(tokens: list[_Token], visitor: BaseVisitor[T], source: str) -> T:
    """Tell ``visitor`` about one board's tokens, checking what only the text
    shows: each tag once, nothing after the play but cards, well-formed cards."""
    visitor.begin_board(next((t.line for t in tokens if t.kind == "tag"), tokens[0].line))
    tag_lines: dict[str, int] = {}
    after_card = False  # the element before is a card, so a card on its line joins its trick
    card_line = 0  # the line that trick goes on (past commentary spanning lines)
    for token in tokens:
        if token.kind == "error":
            raise AbnError(source, token.line, token.text)
        if token.kind == "note":
            visitor.visit_note(token.text, token.line)
        elif token.kind == "comment":
            if after_card and token.value:
                card_line = int(token.value)
            # Each line trimmed: the writer gives each line its own {...} block, which is read trimmed.
            visitor.visit_comment("\n".join(part.strip() for part in token.text.split("\n")).strip(), token.line)
        elif token.kind == "tag":
            name = token.text
            if name in tag_lines:
                raise AbnError(source, token.line,
                               f"tag [{name}] appears twice in the board (first on line {tag_lines[name]})")
            if "Play" in tag_lines:
                raise AbnError(source, token.line, f"tag [{name}] after the play: the [Play] section ends the board")
            tag_lines[name] = token.line
            after_card = False
            visitor.visit_tag(name, token.value, token.line)
        else:
            if "Play" not in tag_lines:
                raise AbnError(source, token.line,
                               f"unexpected text {token.text!r}: outside the play only tags and commentary are allowed")
            marked = _MARKED.match(token.text)
            assert marked is not None
            try:
                card = Card.parse(marked.group(1))
            except CardParseError as error:
                raise AbnError(source, token.line, f"in the play: {error}") from None
            if not (after_card and card_line == token.line):
                visitor.begin_trick(token.line)
            visitor.visit_card(card, marked.group(2) or "", token.line)
            after_card, card_line = True, token.line
    visitor.end_board()
    return visitor.result()


def _parse_hand(word: str) -> CardSet:
    """``QJ.A.KT.`` → Q♣ J♣ A♠ K♥ 10♥: suits clubs.spades.hearts.diamonds."""
    parts = word.split(".")
    if len(parts) != 4:
        raise ValueError(f"malformed hand {word!r}: write suits as clubs.spades.hearts.diamonds, e.g. QJ.A.KT.")
    cards: list[Card] = []
    for suit, ranks in zip(Suit, parts):
        letters = _RANKS.findall(ranks)
        if "".join(letters).upper() != ranks.upper():
            raise ValueError(f"malformed hand {word!r}: {ranks!r} is not a list of ranks from AKQJT9")
        cards.extend(Card(suit, Rank.parse(r)) for r in letters)
    hand = CardSet(cards)
    if len(hand) != len(cards):
        raise ValueError(f"malformed hand {word!r}: a card is listed twice")
    return hand
