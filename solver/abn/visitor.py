"""The visitor between ABN text and boards (docs/format.md).

As python-chess reads PGN, the reader builds nothing itself: it splits a text
into boards and tells a :class:`BaseVisitor` what it finds in each, in file
order: :meth:`~BaseVisitor.begin_board`, then tags, commentary, ``%`` notes and,
in the play, each trick and card and each card's variations, then :meth:`~BaseVisitor.end_board`
(:func:`altbaumer.abn.reader.visit_text`). :class:`~altbaumer.abn.reader.BoardBuilder`
makes a :class:`~altbaumer.abn.board.Board` of these calls and
:class:`~altbaumer.abn.writer.TextExporter` makes text of them. The writer walks
a board and makes the calls the reader would make of its text
(:func:`altbaumer.abn.writer.visit_board`), so what the exporter writes reads
back as the same board.

Tag values travel as their text (``"E:AK.K.Q.Q - - -"``, :data:`UNKNOWN` for
what the file's writer did not see); the builder reads them.

>>> from altbaumer.abn.reader import visit_text
>>> class CardCounter(BaseVisitor[int]):
...     def begin_board(self, line: Optional[int]) -> None:
...         self.cards = 0
...     def visit_card(self, card: Card, mark: str, line: Optional[int]) -> None:
...         self.cards += 1
...     def result(self) -> int:
...         return self.cards
>>> visit_text('[Dealer "S"]\\n[Play "E"]\\nQC TC {low} 9C JC?\\nAC\\n\\n[Dealer "W"]\\n', CardCounter)
[5, 0]
"""

from __future__ import annotations

import abc
from typing import Generic, Optional, TypeVar

from altbaumer.game.cards import Card

__all__ = ["UNKNOWN", "BaseVisitor"]

T = TypeVar("T")

UNKNOWN = "-"
"""A hand, stock card or discard the writer of the file did not see."""


class BaseVisitor(abc.ABC, Generic[T]):
    """What the reader found in one board, told in file order; or what the
    writer tells of a board it walks. Every method but :meth:`result` does
    nothing unless overridden.

    ``line`` is the element's line in the file, ``None`` for a board that was
    not read from one. Commentary belongs to the element before it: the last
    tag or card or, before the first tag, the board's notes.
    """

    def begin_board(self, line: Optional[int]) -> None:
        """A board starts; ``line`` is its first tag's."""

    def visit_note(self, text: str, line: Optional[int]) -> None:
        """A ``%`` comment line: its text after the ``%``, trimmed."""

    def visit_tag(self, name: str, value: str, line: Optional[int]) -> None:
        """A tag pair ``[name "value"]``, the value unescaped."""

    def visit_comment(self, text: str, line: Optional[int]) -> None:
        """Commentary ``{text}``; a text over several lines has each line trimmed."""

    def begin_trick(self, line: Optional[int]) -> None:
        """A trick of the play starts: a new line of cards."""

    def visit_card(self, card: Card, mark: str, line: Optional[int]) -> None:
        """A card of the current trick, with its mark (``""`` for none); between
        :meth:`begin_variation` and :meth:`end_variation`, a card of that variation."""

    def begin_variation(self, line: Optional[int]) -> None:
        """A variation of the card before opens (``(``): the cards up to the
        matching :meth:`end_variation` are played instead of that card, from
        its place on, and take no place in the tricks. Calls nest as ``(`` does,
        as python-chess tells PGN's variations."""

    def end_variation(self) -> None:
        """The variation opened last closes (``)``); later calls are of the line
        it varied."""

    def end_board(self) -> None:
        """The board is complete."""

    @abc.abstractmethod
    def result(self) -> T:
        """What the visitor made of the board."""
