"""Drills: a player's costly choices as positions to solve again.

Each choice a player got marked (``?!``, ``?`` or ``??``) becomes a board of
its own, as the player saw it (:func:`altbaumer.abn.board.board_for_seat`:
only the player's hand, the public cards, the play so far), ending where the
choice is to be made, so that ``altbaumer rate`` rates it as the board's next
decision and ``altbaumer serve`` asks it as a quiz (docs/review.md, Drills).
The answer travels with it, in tags a program reads and in ``%`` lines a
player reads:

* ``Drill``: the kind of choice (:data:`~altbaumer.report.review.KINDS`);
* ``Answer``: the recommended option; ``Chosen``: the option taken in the game;
* ``Objective``: what the figures measure (``match`` or ``net``);
* ``Options``: every option with what it gives up against the top one for
  the chooser's side (a chance, or net points) and its mark, ``;`` between
  options: ``QD +0.000; KS -0.003; AC -0.034 ?!``.

>>> parse_options("QD +0.000; QH JS AH KD -0.051 ?")
[('QD', 0.0, ''), ('QH JS AH KD', -0.051, '?')]
"""

from __future__ import annotations

from typing import Sequence

from altbaumer.abn.board import Board, board_for_seat
from altbaumer.hidden.verdicts import MARK_NAMES, MARKS
from altbaumer.report.annotate import BoardNotes
from altbaumer.report.review import KIND_WORDS, SEAT_TAGS, BoardReview, Choice, PlayerReview

__all__ = ["DRILL_TAGS", "drill_board", "drill_boards", "options_text", "parse_options"]

DRILL_TAGS = ("Drill", "Answer", "Chosen", "Objective", "Options")
"""The tags that make a board a drill."""


def drill_boards(players: Sequence[PlayerReview], reviews: Sequence[BoardReview]) -> list[Board]:
    """A drill for each marked choice of ``players``, player by player, each
    player's costliest first, numbered through the file."""
    marked = [c for player in players for c in player.costly if c.mark]
    return [drill_board(c, reviews[c.review], i, len(marked)) for i, c in enumerate(marked, 1)]


def drill_board(choice: Choice, review: BoardReview, number: int, total: int) -> Board:
    """The drill ``number`` (of ``total``) made of ``choice`` on its board."""
    notes = review.notes
    rating = choice.rating
    state = notes.record.nodes[choice.node].state
    score = notes.score.state if notes.score is not None else None
    tags = {"Event": f"altbaumer review: drills for {choice.player}", "Board": f"drill {number}",
            SEAT_TAGS[choice.seat]: choice.player, **({"Score": str(score)} if score is not None else {}),
            "Drill": choice.kind, "Answer": choice.best, "Chosen": choice.chosen, "Objective": rating.objective,
            "Options": options_text(choice)}
    board = board_for_seat(state, choice.seat, tags)
    origin = review.board.number or "?"
    unit = "net points" if rating.objective == "net" else "of the chance to win the match"
    amount = f"{choice.loss:.2f}" if rating.objective == "net" else f"{100 * choice.loss:.1f}%"
    board.notes = [
        f"Drill {number} of {total}, for {choice.player}: {choice.seat}'s {_what(choice, notes)}, from "
        f"{review.board.source} board {origin}.",
        f"In the game {choice.seat} chose {choice.chosen}, {_article(MARK_NAMES[choice.mark])} ({choice.mark}) that gave up "
        f"{amount} {unit} against {choice.best}.",
        f"Answer: {choice.best}. The options, against the top one: {options_text(choice)}.",
    ]
    return board


def _what(choice: Choice, notes: BoardNotes) -> str:
    where = choice.where(notes)
    return KIND_WORDS[choice.kind] if where == KIND_WORDS[choice.kind] else f"card ({where})"


def _article(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def options_text(choice: Choice) -> str:
    """Every option of the choice's rating with its difference from the top
    one for the chooser's side and its mark (see the module docstring)."""
    rating = choice.rating
    digits = 2 if rating.objective == "net" else 3
    parts = []
    for option in rating.options:
        mark = rating.mark(option.option)
        parts.append(f"{option.option} {-rating.loss(option.option):+.{digits}f}" + (f" {mark}" if mark else ""))
    return "; ".join(parts)


def parse_options(text: str) -> list[tuple[str, float, str]]:
    """The options of an ``Options`` tag: each name, difference and mark."""
    out = []
    for part in (p.strip() for p in text.split(";") if p.strip()):
        words = part.split()
        mark = words.pop() if words[-1] in MARKS else ""
        value = float(words.pop())
        out.append((" ".join(words), value, mark))
    return out
