"""The ABN reader: text to visitor calls, and the builder that makes boards of them.

The reader reports what is malformed as text (a tag, a card of the play, the
parentheses of a variation, the shape of a board); :class:`BoardBuilder` what
is wrong with a tag's value. Both raise :class:`~altbaumer.errors.AbnError`,
located as ``FILE:LINE: problem``.
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
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Iterable, Iterator, NoReturn, Optional, TypeVar

from altbaumer.abn.board import (ALONE_PASSED, GAME_TAGS, MARKS, MAX_VARIATION_DEPTH, TAG_NAME, Board, PlayedCard,
                                 check_descriptive_tag)
from altbaumer.abn.visitor import UNKNOWN, BaseVisitor
from altbaumer.errors import AbnError, CardParseError, SeatParseError
from altbaumer.game.cards import Card, CardSet, Rank, Suit
from altbaumer.game.seats import Seat, play_order
from altbaumer.lang import _

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


@dataclass
class _Entry:
    """A card as the builder collects it: its commentary and variations still
    growing, as later calls may add to them."""

    card: Card
    mark: str
    line: Optional[int]
    comments: list[str] = field(default_factory=list)
    variations: list[list["_Entry"]] = field(default_factory=list)

    def played(self) -> PlayedCard:
        return PlayedCard(self.card, self.mark, "\n".join(self.comments) if self.comments else None,
                          tuple(tuple(e.played() for e in v) for v in self.variations), self.line)


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
        self._tricks: list[list[_Entry]] = []
        self._variations: list[list[_Entry]] = []  # the cards of each open variation, innermost last
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
        entry = _Entry(card, mark, line)
        (self._variations[-1] if self._variations else self._tricks[-1]).append(entry)
        self._attach = entry.comments

    def begin_variation(self, line: Optional[int]) -> None:
        cards = self._variations[-1] if self._variations else self._tricks[-1] if self._tricks else []
        assert cards, "begin_variation() before a card"
        cards[-1].variations.append([])
        self._variations.append(cards[-1].variations[-1])

    def end_variation(self) -> None:
        self._variations.pop()
        varied = self._variations[-1] if self._variations else self._tricks[-1]
        self._attach = varied[-1].comments  # commentary after ')' is the varied card's

    def end_board(self) -> None:
        if "dealer" not in self._fields:
            raise AbnError(self.source, self._lines.get("@"), _('the board has no [Dealer "..."] tag'))
        self._board = Board(
            tags=self._tags,
            comments={name: "\n".join(parts) for name, parts in self._comments.items() if parts},
            notes=self._notes,
            tricks=[tuple(entry.played() for entry in trick) for trick in self._tricks],
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
            raise ValueError(_('write the deal as FIRST:hand hand hand hand, e.g. "E:QJ.A.KT. ...", not {value}')
                             .format(value=repr(value)))
        seat = Seat.parse(first)
        words = rest.split()
        if len(words) != 4:
            raise ValueError(_("the deal lists {count} hand(s), not 4").format(count=len(words)))
        self._fields["hands"] = {s: None if w == UNKNOWN else _parse_hand(w) for s, w in zip(play_order(seat), words)}
        self._fields["deal_first"] = seat

    def _tag_Stock(self, value: str) -> None:
        words = value.split()
        if len(words) != 4:
            raise ValueError(_('the stock holds 4 cards, top first ("-" for an unseen card), not {count}')
                             .format(count=len(words)))
        self._fields["stock"] = tuple(None if w == UNKNOWN else Card.parse(w) for w in words)

    def _tag_Cut(self, value: str) -> None:
        self._fields["cut_trees"] = CardSet.parse(value)

    def _tag_CutSeen(self, value: str) -> None:
        self._fields["cut_seen"] = CardSet.parse(value)

    def _tag_Turn(self, value: str) -> None:
        if value.lower() not in ("accept", "refuse"):
            raise ValueError(_('the turn is "accept" or "refuse", not {value}').format(value=repr(value)))
        self._fields["accepted"] = value.lower() == "accept"

    def _tag_Trump(self, value: str) -> None:
        self._fields["trump"] = Suit.parse(value)

    def _tag_Discard(self, value: str) -> None:
        words = value.split()
        if len(words) not in (1, 4):
            raise ValueError(_("forehand discards 1 card (4 in the compulsory case), not {count}").format(count=len(words)))
        self._fields["discards"] = tuple(None if w == UNKNOWN else Card.parse(w) for w in words)

    def _tag_Alone(self, value: str) -> None:
        if value == ALONE_PASSED:
            self._fields["alone_passed"] = True
            return
        self._fields["alone"] = Seat.parse(value) if value else None
        self._fields["alone_recorded"] = True

    def _tag_Result(self, value: str) -> None:
        if not value.isdigit() or not 0 <= int(value) <= 5:
            raise ValueError(_("the result is the makers' tricks, 0 to 5, not {value}").format(value=repr(value)))
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
                raise AbnError(source, group[0].line, _('no board here: a board starts with tags such as [Dealer "S"]'))
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
    kind: str  # "tag", "comment", "note", "word", "open", "close", "blank", "error"
    text: str
    line: int
    value: str = ""


def _tokens(text: str) -> Iterator[_Token]:
    """Tags, commentary, ``%`` lines, words, parentheses and blank lines, with
    line numbers. Commentary and variations may span lines (a blank line inside
    them does not end a board)."""
    open_comment: Optional[tuple[int, list[str]]] = None
    parens = [0]  # the variations open, which _line_tokens counts
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
            if not parens[0]:
                yield _Token("blank", "", number)
            continue
        elif raw.lstrip().startswith("%"):
            yield _Token("note", raw.lstrip()[1:].strip(), number)
            continue
        open_comment = yield from _line_tokens(raw, number, parens)
    if open_comment is not None:  # reported by the board it opens in, so the boards before it still read
        yield _Token("error", _("commentary opened with '{' is never closed with '}'"), open_comment[0])


def _line_tokens(raw: str, number: int,
                 parens: list[int]) -> Generator[_Token, None, Optional[tuple[int, list[str]]]]:
    """The tokens of one line; returns an unfinished ``{`` commentary, if any.
    ``parens[0]`` counts the ``(`` not yet closed (a stray ``)`` closes none)."""
    i, n = 0, len(raw)
    while i < n:
        ch = raw[i]
        if ch.isspace():
            i += 1
        elif ch == "[":
            match = _TAG.match(raw, i)
            if match is None:  # reported by the board it is in, so other boards still read
                yield _Token("error", _('malformed tag {tag}: write it like [Dealer "S"]').format(tag=repr(raw[i:].strip())),
                             number)
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
            yield _Token("error", _("'}' without an opening '{'"), number)
            i += 1
        elif ch in "()":
            parens[0] = parens[0] + 1 if ch == "(" else max(parens[0] - 1, 0)
            yield _Token("open" if ch == "(" else "close", ch, number)
            i += 1
        else:
            j = i
            while j < n and not raw[j].isspace() and raw[j] not in "[{}()":
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
    shows (:class:`_BoardText`)."""
    visitor.begin_board(next((t.line for t in tokens if t.kind == "tag"), tokens[0].line))
    text = _BoardText(visitor, source)
    for token in tokens:
        text.take(token)
    text.end()
    visitor.end_board()
    return visitor.result()


class _BoardText:
    """One board's tokens told to a visitor, with what only the text shows
    checked: each tag once, nothing after the play but cards, well-formed
    cards, and each variation's parentheses after a card and closed.

    A main-line card on the line of the card before it joins that card's
    trick; a variation's cards have no place in the tricks, so the trick
    lines read as without them."""

    def __init__(self, visitor: BaseVisitor[Any], source: str) -> None:
        self.visitor, self.source = visitor, source
        self.tag_lines: dict[str, int] = {}
        self.after_card = False  # the main-line element before is a card, so a card on its line joins its trick
        self.card_line = 0  # the line that trick goes on (past commentary or a variation spanning lines)
        self.opened: list[tuple[int, bool]] = []  # each open '(', innermost last: its line, and a card in it yet

    def take(self, token: _Token) -> None:
        if token.kind == "error":
            self._fail(token.line, token.text)
        getattr(self, f"_{token.kind}")(token)

    def end(self) -> None:
        if self.opened:
            self._fail(self.opened[-1][0], _("variation opened with '(' is never closed with ')'"))

    def _note(self, token: _Token) -> None:
        self.visitor.visit_note(token.text, token.line)

    def _comment(self, token: _Token) -> None:
        if self.after_card and token.value:
            self.card_line = int(token.value)
        # Each line trimmed: the writer gives each line its own {...} block, which is read trimmed.
        self.visitor.visit_comment("\n".join(part.strip() for part in token.text.split("\n")).strip(), token.line)

    def _tag(self, token: _Token) -> None:
        name = token.text
        if self.opened:  # most likely a board of its own, taken in by the '(' (blank lines do not end a variation)
            self._fail(self.opened[-1][0], _("variation opened with '(' is not closed before the tag [{name}] "
                                             "on line {line}").format(name=name, line=token.line))
        if name in self.tag_lines:
            self._fail(token.line, _("tag [{name}] appears twice in the board (first on line {line})")
                       .format(name=name, line=self.tag_lines[name]))
        if "Play" in self.tag_lines:
            self._fail(token.line, _("tag [{name}] after the play: the [Play] section ends the board").format(name=name))
        self.tag_lines[name] = token.line
        self.after_card = False
        self.visitor.visit_tag(name, token.value, token.line)

    def _word(self, token: _Token) -> None:
        card, mark = self._card(token)
        if self.opened:
            self.opened[-1] = (self.opened[-1][0], True)
        else:
            if not (self.after_card and self.card_line == token.line):
                self.visitor.begin_trick(token.line)
            self.after_card, self.card_line = True, token.line
        self.visitor.visit_card(card, mark, token.line)

    def _open(self, token: _Token) -> None:
        self._in_play(token)
        if not (self.opened[-1][1] if self.opened else self.after_card):
            self._fail(token.line, _("'(' before any card: a variation follows the card it replaces"))
        if not self.opened and self.card_line != token.line:
            self._fail(token.line, _("'(' on a line of its own: a variation follows the card it replaces, on its line"))
        if len(self.opened) >= MAX_VARIATION_DEPTH:
            self._fail(token.line, _("variations nest more than {depth} deep").format(depth=MAX_VARIATION_DEPTH))
        self.opened.append((token.line, False))
        self.visitor.begin_variation(token.line)

    def _close(self, token: _Token) -> None:
        self._in_play(token)
        if not self.opened:
            self._fail(token.line, _("')' without an opening '('"))
        line, carded = self.opened.pop()
        if not carded:
            self._fail(line, _("an empty variation '()': a variation holds the cards played instead"))
        if not self.opened:
            self.card_line = token.line  # the trick goes on on the line the variation ends on
        self.visitor.end_variation()

    def _card(self, token: _Token) -> tuple[Card, str]:
        """The card of a play word and its mark, for the main line and variations alike."""
        self._in_play(token)
        marked = _MARKED.match(token.text)
        assert marked is not None
        try:
            return Card.parse(marked.group(1)), marked.group(2) or ""
        except CardParseError as error:
            where = _("in a variation: {error}") if self.opened else _("in the play: {error}")
            self._fail(token.line, where.format(error=error))

    def _in_play(self, token: _Token) -> None:
        if "Play" not in self.tag_lines:
            self._fail(token.line, _("unexpected text {text}: outside the play only tags and commentary are allowed")
                       .format(text=repr(token.text)))

    def _fail(self, line: int, problem: str) -> NoReturn:
        raise AbnError(self.source, line, problem) from None


def _parse_hand(word: str) -> CardSet:
    """``QJ.A.KT.`` → Q♣ J♣ A♠ K♥ 10♥: suits clubs.spades.hearts.diamonds."""
    parts = word.split(".")
    if len(parts) != 4:
        raise ValueError(_("malformed hand {hand}: write suits as clubs.spades.hearts.diamonds, e.g. QJ.A.KT.")
                         .format(hand=repr(word)))
    cards: list[Card] = []
    for suit, ranks in zip(Suit, parts):
        letters = _RANKS.findall(ranks)
        if "".join(letters).upper() != ranks.upper():
            raise ValueError(_("malformed hand {hand}: {ranks} is not a list of ranks from AKQJT9")
                             .format(hand=repr(word), ranks=repr(ranks)))
        cards.extend(Card(suit, Rank.parse(r)) for r in letters)
    hand = CardSet(cards)
    if len(hand) != len(cards):
        raise ValueError(_("malformed hand {hand}: a card is listed twice").format(hand=repr(word)))
    return hand
