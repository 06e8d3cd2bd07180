"""Points of a game record named by a command's option or a request: a recorded decision
(``turn``, ``discard``, ``alone`` for forehand's lone choice,
``alone:partner`` for the partner's) or a card, ``TRICK.CARD`` (``2.3``: the
third card of the second trick), each counted from 1.

>>> parse_point("2.3", "--at"), parse_point("alone:partner", "--at").tag
(Point(text='2.3', tag='Play', partner=False, trick=2, card=3), 'Alone')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence, TypeVar, Union

from altbaumer.abn.record import GameRecord, Node
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.seats import SEATS

from altbaumer.errors import InvalidOption
from altbaumer.report.words import plural

__all__ = ["Point", "parse_card", "parse_point", "node_at", "skip_line", "require_some", "skipped_entry",
           "DECISION_HELP", "CARD_HELP"]

T = TypeVar("T")

_DECISIONS = {"turn": ("Turn", False), "discard": ("Discard", False), "alone": ("Alone", False),
              "alone:forehand": ("Alone", False), "alone:partner": ("Alone", True)}
_CARD = re.compile(r"(\d+)\.(\d+)")
CARD_HELP = "TRICK.CARD, e.g. 2.3 for the third card of the second trick"
DECISION_HELP = f"turn, discard, alone, alone:partner or {CARD_HELP}"


@dataclass(frozen=True)
class Point:
    """A decision a record may hold (``tag`` Turn, Discard or Alone, with
    ``partner`` for the partner's lone choice) or a card (``tag`` Play, its
    ``trick`` and its place ``card`` in the trick, both from 1)."""

    text: str
    tag: str
    partner: bool = False
    trick: int = 0
    card: int = 0


def parse_card(text: str, option: str) -> Point:
    """``TRICK.CARD`` for ``option``; a :class:`InvalidOption` line otherwise or
    when out of range (5 tricks of at most 4 cards)."""
    match = _CARD.fullmatch(text.strip())
    if match is None:
        raise InvalidOption(f"{option} {text!r}: not {CARD_HELP}")
    trick, card = int(match[1]), int(match[2])
    if not 1 <= trick <= TRICKS:
        raise InvalidOption(f"{option} {text}: no trick {trick}; a deal has tricks 1 to {TRICKS}")
    if not 1 <= card <= len(SEATS):
        raise InvalidOption(f"{option} {text}: no card {card}; a trick has cards 1 to {len(SEATS)} "
                       "(3 when a lone player's partner sits out)")
    return Point(f"{trick}.{card}", "Play", trick=trick, card=card)


def parse_point(text: str, option: str) -> Point:
    """A recorded decision or ``TRICK.CARD`` for ``option``."""
    decision = _DECISIONS.get(text.strip().lower())
    if decision is not None:
        return Point(text.strip().lower(), *decision)
    if not text.strip()[:1].isdigit():
        raise InvalidOption(f"{option} {text!r}: not a recorded decision ({DECISION_HELP})")
    return parse_card(text, option)


def node_at(record: GameRecord, point: Point) -> Union[Node, str]:
    """The node of ``record`` at ``point``, or why the record holds none."""
    if point.tag == "Play":
        return _card_node(record, point)
    partner = record.board.forehand.partner
    nodes = [n for n in record.nodes if n.tag == point.tag and (n.seat is partner) == point.partner]
    if nodes:
        return nodes[0]
    if point.partner and any(n.tag == "Alone" for n in record.nodes):
        return "forehand went alone, so the partner had no lone choice"
    return {"Turn": "records no trump decision", "Discard": "records no discard",
            "Alone": "records no lone play"}[point.tag]


def _card_node(record: GameRecord, point: Point) -> Union[Node, str]:
    trick = [n for n in record.cards() if n.trick == point.trick]
    if len(trick) >= point.card:
        return trick[point.card - 1]
    played = len(record.board.tricks)
    if not trick:
        return f"records {plural(played, 'trick')} of play, no trick {point.trick}"
    lone = record.state.lone is not None
    if point.card == len(SEATS) and lone:
        return f"trick {point.trick} has 3 cards: {record.state.lone} plays alone"
    return f"trick {point.trick} records {plural(len(trick), 'card')}, no card {point.card}"


def skip_line(record: GameRecord, reason: str) -> str:
    """``FILE:LINE: board X: reason``, for a board a command leaves out."""
    board = record.board
    return str(board.error("Dealer", f"{board.label()}: {reason}"))


def require_some(records: Sequence[GameRecord], found: Sequence[Union[T, str]]) -> None:
    """Boards a command leaves out (``found`` holds why: a string) are
    listed; when it would leave out every board, that is bad input."""
    reasons = [(record, why) for record, why in zip(records, found) if isinstance(why, str)]
    if reasons and len(reasons) == len(records):
        more = f" (and {len(reasons) - 1} more boards)" if len(reasons) > 1 else ""
        raise InvalidOption(skip_line(*reasons[0]) + more)


def skipped_entry(record: GameRecord, reason: str) -> dict[str, Any]:
    """A board a command leaves out, as its JSON lists it."""
    board = record.board
    return {"board": board.number, "line": board.line("Dealer"), "reason": reason}
