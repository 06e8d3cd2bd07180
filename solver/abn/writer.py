"""The ABN writer: a board walked as visitor calls, and the exporter that writes them as text.

>>> from altbaumer.game.seats import Seat
>>> board = Board(Seat.S, tags={"Event": "club night"}, accepted=False, comments={"Turn": "one spade"})
>>> print(write_boards([board]), end="")
[Event "club night"]
[Dealer "S"]
[Turn "refuse"] {one spade}
"""

from __future__ import annotations

from typing import Iterable, Iterator, Optional, Sequence, TypeVar

from altbaumer.abn.board import ALONE_PASSED, HEADER_TAGS, MAX_VARIATION_DEPTH, Board, PlayedCard, check_descriptive_tag, check_mark
from altbaumer.abn.visitor import UNKNOWN, BaseVisitor
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.seats import play_order

__all__ = ["TextExporter", "visit_board", "write_board", "write_boards", "hand_word"]

T = TypeVar("T")


class TextExporter(BaseVisitor[str]):
    """Writes the calls as ABN text in the writer's form: each tag on its own
    line with its commentary after it, one line per trick, each variation in
    parentheses on its card's line, ``%`` notes on lines of their own (a note
    met while a line is open follows that line).

    >>> exporter = TextExporter()
    >>> exporter.begin_board(None); exporter.visit_tag("Dealer", "S", None)
    >>> exporter.visit_comment("the dealer", None); exporter.visit_comment("sits South", None)
    >>> exporter.end_board()
    >>> print(exporter.result(), end="")
    [Dealer "S"] {the dealer} {sits South}
    """

    def __init__(self) -> None:
        self.begin_board(None)

    def begin_board(self, line: Optional[int]) -> None:
        self._out: list[str] = []
        self._line: Optional[list[str]] = None  # the tag or trick line being written, in parts
        self._held: list[str] = []  # notes met while a line is open
        self._glued = False  # the next part joins the '(' before it, with no space

    def visit_note(self, text: str, line: Optional[int]) -> None:
        (self._out if self._line is None else self._held).append(f"% {text}")

    def visit_comment(self, text: str, line: Optional[int]) -> None:
        if self._line is None:
            self._out.append("{" + text + "}")
        else:
            self._part("{" + text + "}")

    def visit_tag(self, name: str, value: str, line: Optional[int]) -> None:
        self._open([f'[{name} "{_quote(value)}"]'])

    def begin_trick(self, line: Optional[int]) -> None:
        self._open([])

    def visit_card(self, card: Card, mark: str, line: Optional[int]) -> None:
        self._part(card.ascii() + mark)

    def begin_variation(self, line: Optional[int]) -> None:
        self._part("(")
        self._glued = True

    def end_variation(self) -> None:
        assert self._line, "end_variation() before begin_variation()"
        self._line[-1] += ")"
        self._glued = False

    def end_board(self) -> None:
        self._open(None)

    def result(self) -> str:
        return "\n".join(self._out) + "\n"

    def _part(self, text: str) -> None:
        """Add ``text`` to the trick line, after a space, or glued to the ``(`` before it."""
        assert self._line is not None, "a card or variation before begin_trick()"
        if self._glued:
            self._line[-1] += text
            self._glued = False
        else:
            self._line.append(text)

    def _open(self, line: Optional[list[str]]) -> None:
        if self._line is not None:
            self._out.append(" ".join(self._line))
            self._out.extend(self._held)
            self._held.clear()
        self._line = line


def visit_board(board: Board, visitor: BaseVisitor[T]) -> T:
    """Tell ``visitor`` what the reader would find in ``board``'s text, and
    return its result: notes, then the tags in the writer's order (descriptive,
    unknown, game) with their commentary, then the play, each card followed by
    its commentary and its variations (told on the card's trick line). An element's
    commentary of several lines is told line by line, as the writer gives each
    line a ``{...}`` block of its own. Raises :class:`~altbaumer.errors.AbnError`
    for what the text cannot hold.

    >>> from altbaumer.abn.reader import BoardBuilder, read_boards
    >>> board, = read_boards('[Dealer "S"] {South}\\n[Event "club night"]\\n')
    >>> visit_board(board, BoardBuilder()) == board
    True
    >>> print(visit_board(board, TextExporter()), end="")
    [Event "club night"]
    [Dealer "S"] {South}
    """
    tags = _tag_pairs(board)
    _check_writable(board, tags)
    visitor.begin_board(board.lines.get("@"))
    for note in board.notes:
        if _is_commentary(note):
            visitor.visit_comment(note[1:-1], None)
        else:
            visitor.visit_note(note, None)
    for name, value in tags:
        line = board.lines.get(name)
        visitor.visit_tag(name, value, line)
        if name in board.comments:
            _visit_commentary(visitor, board.comments[name], line)
    for index, trick in enumerate(board.tricks):
        line = board.trick_lines[index] if index < len(board.trick_lines) else None
        visitor.begin_trick(line)
        for played in trick:
            _visit_played(visitor, played, line)
    visitor.end_board()
    return visitor.result()


def _visit_played(visitor: BaseVisitor[T], played: PlayedCard, line: Optional[int]) -> None:
    """A card, its commentary and its variations, which the writer puts on ``line``."""
    visitor.visit_card(played.card, played.mark, line)
    if played.comment is not None:
        _visit_commentary(visitor, played.comment, line)
    for variation in played.variations:
        visitor.begin_variation(line)
        for inner in variation:  # at the line the reader found it, if it did
            _visit_played(visitor, inner, line if inner.line is None else inner.line)
        visitor.end_variation()


def _visit_commentary(visitor: BaseVisitor[T], comment: str, line: Optional[int]) -> None:
    # A line per block: one block spanning lines would read back the same, but reads less easily.
    for part in comment.split("\n"):
        visitor.visit_comment(part, line)


def write_board(board: Board) -> str:
    """One board as ABN text (ending with a newline).

    >>> from altbaumer.game.seats import Seat
    >>> print(write_board(Board(Seat.S, tags={"Board": "1"}, notes=["dealt at home"])), end="")
    % dealt at home
    [Board "1"]
    [Dealer "S"]
    """
    return visit_board(board, TextExporter())


def write_boards(boards: Iterable[Board]) -> str:
    """Boards as ABN text, separated by blank lines.

    >>> from altbaumer.game.seats import Seat
    >>> write_boards([Board(Seat.S), Board(Seat.W)])
    '[Dealer "S"]\\n\\n[Dealer "W"]\\n'
    """
    return "\n".join(write_board(b) for b in boards)


def hand_word(hand: Optional[CardSet]) -> str:
    """The file form of a hand: ``QJ.A.KT.``, or ``-`` when unknown.

    >>> hand_word(CardSet.parse("QC JC AS KH TH")), hand_word(None)
    ('QJ.A.KT.', '-')
    """
    if hand is None:
        return UNKNOWN
    return ".".join("".join(c.rank.letter for c in hand if c.suit is suit) for suit in Suit)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _maybe_cards_text(cards: Iterable[Optional[Card]]) -> str:
    return " ".join(UNKNOWN if c is None else c.ascii() for c in cards)


def _tag_pairs(board: Board) -> list[tuple[str, str]]:
    headers = [(k, board.tags[k]) for k in HEADER_TAGS if k in board.tags]
    others = [(k, v) for k, v in board.tags.items() if k not in HEADER_TAGS]
    return headers + others + list(_game_tags(board))


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
    elif board.alone_passed:
        yield "Alone", ALONE_PASSED
    if board.result is not None:
        yield "Result", str(board.result)
    if board.play_leader is not None:
        yield "Play", str(board.play_leader)


def _is_commentary(note: str) -> bool:
    """A note read from ``{...}`` before the first tag (written back as it was)."""
    return note.startswith("{") and note.endswith("}") and "}" not in note[1:-1]


def _check_writable(board: Board, tags: list[tuple[str, str]]) -> None:
    """Refuse what the text format cannot hold, instead of writing a file
    that reads back differently (docs/format.md, Limits)."""
    for name, value in tags:
        if "\n" in value or "\r" in value:
            raise board.error(name, f"cannot write [{name}]: its value holds a line break")
    for name, value in board.tags.items():
        try:
            check_descriptive_tag(name, value)
        except ValueError as error:
            raise board.error(name, f"cannot write [{name}]: {error}") from None
    for number, note in enumerate(board.notes, 1):
        problem = _note_problem(note)
        if problem:
            raise board.error("@", f"cannot write note {number}: {problem}")
    written = {name for name, _ in tags}
    for name, text in board.comments.items():
        problem = "the board has no such tag" if name not in written else _commentary_problem(text)
        if problem:
            raise board.error(name, f"cannot write the commentary on [{name}]: {problem}")
    _check_play(board)


def _check_play(board: Board) -> None:
    if board.tricks and board.play_leader is None:
        raise board.error("Play", "cannot write the play: it has no [Play] tag to follow")
    for i, trick in enumerate(board.tricks, 1):
        if not trick:  # an empty line would end the board
            raise board.error("Play", f"cannot write trick {i}: it holds no card")
        for where, played, depth in _cards_in(f"trick {i}, ", trick):
            problem = _card_problem(played, depth)
            if problem:
                raise board.error("Play", f"cannot write {where}: {problem}")


def _cards_in(where: str, cards: Sequence[PlayedCard], depth: int = 0) -> Iterator[tuple[str, PlayedCard, int]]:
    """Each card with its place (``trick 2, card 2, variation 1, card 3``) and
    how deep in variations it is, its variations' cards after it, so that a
    problem is named where it is (and found before the walk nests past it)."""
    for j, played in enumerate(cards, 1):
        place = f"{where}card {j}"
        yield place, played, depth
        for k, variation in enumerate(played.variations, 1):
            yield from _cards_in(f"{place}, variation {k}, ", variation, depth + 1)


def _card_problem(played: PlayedCard, depth: int) -> Optional[str]:
    """What the text cannot hold of one card: a mark not in the list, commentary
    with '}', an empty variation (``()`` is no variation), variations nested
    deeper than the reader reads."""
    if played.variations and depth >= MAX_VARIATION_DEPTH:
        return f"its variations nest more than {MAX_VARIATION_DEPTH} deep"
    try:
        check_mark(played.mark)
    except ValueError as error:
        return str(error)
    problem = None if played.comment is None else _commentary_problem(played.comment)
    if problem:
        return f"its commentary {problem[3:]}"
    empty = next((k for k, variation in enumerate(played.variations, 1) if not variation), None)
    return None if empty is None else f"its variation {empty} holds no card"


def _note_problem(note: str) -> Optional[str]:
    if _is_commentary(note):
        return _commentary_problem(note[1:-1])
    if "\n" in note or "\r" in note:  # the next line would be read as text of its own
        return "a % note is one line, and it holds a line break"
    return None


def _commentary_problem(text: str) -> Optional[str]:
    """What a ``{...}`` block cannot hold: '}' ends it, and the reader makes
    every line break '\\n', so a carriage return would not read back."""
    if "}" in text:
        return "it holds '}'"
    if "\r" in text:
        return "it holds a carriage return"
    return None
