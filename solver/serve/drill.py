"""The drill a board holds, as ``POST /api/open`` answers it for the analysis
board's quiz (docs/serve.md, Drills as a quiz).

A drill is a board with the tags of :data:`~altbaumer.report.drills.DRILL_TAGS`
(``altbaumer review --drills`` writes them): the kind of choice, the answer,
the option taken in the game, what the figures measure, and every option
with what it gives up against the top one and its mark. :func:`drill_answer`
gives them as JSON-ready data, with the board's ``%`` lines, and refuses a
drill whose tags do not hold together with one line naming the board and
the tag, as the reader names a bad tag. Options are compared as the page
compares them: a discard of several cards as the set of its cards.

>>> from altbaumer.abn import read_boards
>>> text = '''% Answer: refuse.
... [Board "drill 2"]
... [Drill "turn"]
... [Answer "refuse"]
... [Chosen "accept"]
... [Objective "match"]
... [Options "accept -0.088 ??; refuse +0.000"]
... [Dealer "W"]
... [Deal "S:Q9.AK.J. - - -"]
... [Stock "AD - - 9H"]
... '''
>>> drill = drill_answer(read_boards(text, "drills.abn")[0])
>>> drill["kind"], drill["answer"], drill["chosen"], drill["notes"]
('turn', 'refuse', 'accept', ['Answer: refuse.'])
>>> drill["options"][0]
{'option': 'accept', 'delta': -0.088, 'mark': '??'}
>>> drill_answer(read_boards(text.replace("refuse +0.000", "refuse 0.0 !?"), "drills.abn")[0])
Traceback (most recent call last):
...
altbaumer.errors.AbnError: drills.abn:7: board drill 2: [Options]: 'refuse 0.0 !?' is not NAME DELTA [MARK] (a mark is ?!, ? or ??)
"""

from __future__ import annotations

import math
from typing import Any, Optional, Union

from altbaumer.abn.board import Board
from altbaumer.errors import AbnError, CardParseError
from altbaumer.game.cards import Card
from altbaumer.hidden.luck import LUCK_OBJECTIVES
from altbaumer.lang import _, ngettext
from altbaumer.report.drills import DRILL_TAGS, parse_options
from altbaumer.report.review import KINDS

__all__ = ["drill_answer", "option_key", "OBJECTIVES"]

OBJECTIVES = LUCK_OBJECTIVES
"""What a drill's figures measure, the objectives a review rates by: chances to
win the match, or net deal points."""


def drill_answer(board: Board) -> Optional[dict[str, Any]]:
    """The drill ``board`` holds (``None`` when it has none of the drill tags)."""
    present = [tag for tag in DRILL_TAGS if tag in board.tags]
    if not present:
        return None
    missing = [tag for tag in DRILL_TAGS if tag not in board.tags]
    if missing:
        raise board.error(present[0], ngettext("{board}: a drill has all the tags {tags}; {missing} is missing",
                                               "{board}: a drill has all the tags {tags}; {missing} are missing",
                                               len(missing)).format(board=_board_label(board), tags=", ".join(DRILL_TAGS),
                                                                    missing=", ".join(missing)))
    options = _options(board)
    return {"kind": _one_of(board, "Drill", KINDS), "answer": _option_named(board, "Answer", options),
            "chosen": _option_named(board, "Chosen", options), "objective": _one_of(board, "Objective", OBJECTIVES),
            "options": options, "notes": list(board.notes)}


def _error(board: Board, tag: str, problem: str) -> AbnError:
    return board.error(tag, f"{_board_label(board)}: [{tag}]: {problem}")


def _board_label(board: Board) -> str:
    """The board's label (:meth:`~altbaumer.abn.board.Board.label`) in the active language."""
    return _("board {board}").format(board=board.number) if board.number else _("board")


def _one_of(board: Board, tag: str, allowed: tuple[str, ...]) -> str:
    value = board.tags[tag]
    if value not in allowed:
        raise _error(board, tag, _("{value} is not one of {allowed}").format(value=repr(value), allowed=", ".join(allowed)))
    return value


def _options(board: Board) -> list[dict[str, Any]]:
    """The ``Options`` tag checked: each option named once, a finite difference of
    zero or less (what it gives up against the top one), a known mark."""
    out: list[dict[str, Any]] = []
    seen: set[Union[str, frozenset[Card]]] = set()
    for part in (p.strip() for p in board.tags["Options"].split(";") if p.strip()):
        try:
            (name, delta, mark), = parse_options(part)
        except (ValueError, IndexError):  # too few words, or the difference is no number
            raise _error(board, "Options", _("{part} is not NAME DELTA [MARK] (a mark is ?!, ? or ??)").format(
                part=repr(part))) from None
        if not name or not math.isfinite(delta) or delta > 0:
            raise _error(board, "Options", _("{part}: an option's name, then what it gives up against the top one "
                                             "(0 or less)").format(part=repr(part)))
        if option_key(name) in seen:
            raise _error(board, "Options", _("{name} is listed twice").format(name=repr(name)))
        seen.add(option_key(name))
        out.append({"option": name, "delta": delta, "mark": mark})
    if not out:
        raise _error(board, "Options", _("no options"))
    return out


def _option_named(board: Board, tag: str, options: list[dict[str, Any]]) -> str:
    """The option ``tag`` names, as ``Options`` spells it."""
    wanted = option_key(board.tags[tag])
    for option in options:
        if option_key(option["option"]) == wanted:
            return str(option["option"])
    raise _error(board, tag, _("{value} is none of the options of [Options]").format(value=repr(board.tags[tag])))


def option_key(name: str) -> Union[str, frozenset[Card]]:
    """What an option is, to compare two spellings of it: a discard's (or a
    card's) set of cards, else the word.

    >>> option_key("QH JS AH KD") == option_key("KD AH JS QH"), option_key("Alone")
    (True, 'alone')
    """
    words = name.split()
    try:
        return frozenset(Card.parse(word) for word in words) if words else name
    except CardParseError:
        return name.strip().lower()
