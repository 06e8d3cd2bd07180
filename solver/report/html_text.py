"""The small pieces of the HTML report: escaped text, numbers, chances and cards.

>>> escape('<a href="x">'), pct(0.1234), delta(-0.05, 0.01, "match"), delta(-0.5, None, "net")
('&lt;a href=&quot;x&quot;&gt;', '12.3%', '-5.0 ± 1.0', '-0.50')
>>> card_html("QC")
'<span class="card tree" data-card="QC">Q♣</span>'
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Optional, Sequence

from altbaumer.errors import CardParseError
from altbaumer.game import display
from altbaumer.game.cards import Card, Suit
from altbaumer.hidden.verdicts import THRESHOLDS

__all__ = ["PAGE_CSS", "SEAT_TAGS", "SEAT_LETTERS", "board_roles", "escape", "as_float", "num", "pct", "is_chance", "amount", "delta", "unit", "thresholds", "parse_card",
           "suit_class", "card_html", "cards_html", "suit_html", "UNITS", "REPORT_LOOK"]

UNITS = {"match": "chance to win the match", "make": "chance to make the deal", "march": "chance to march",
          "net": "net points"}


# -- ---------------------------------------------------------------------


escape = display.escape_html
"""Escaped text (quotes too, so it is safe in attributes)."""


def as_float(value: object) -> Optional[float]:
    """A finite number as a float; None for anything else (a bool is no number here)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def num(value: object, digits: int = 2) -> str:
    """A number formatted; anything else escaped; None as a dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return escape(value)


def pct(value: object) -> str:
    number = as_float(value)
    return num(value) if number is None else f"{number * 100:.1f}%"


def is_chance(objective: object) -> bool:
    """The objective is a chance (shown in percent), not points."""
    return objective != "net"


def amount(value: object, objective: object) -> str:
    """A loss in the objective's unit: percent of a chance, or net points."""
    number = as_float(value)
    if number is None:
        return num(value)
    return f"{100 * number:.1f}%" if is_chance(objective) else f"{number:.2f}"


def delta(value: object, ci: object, objective: object) -> str:
    """A difference and its 95% half-width: percentage points for chances, points for net."""
    number, half = as_float(value), as_float(ci)
    if number is None:
        return num(value)
    scale, digits = (100, 1) if is_chance(objective) else (1, 2)
    return f"{scale * number:+.{digits}f}" + ("" if half is None else f" ± {scale * half:.{digits}f}")


def unit(objective: object) -> str:
    return UNITS.get(str(objective), "objective")


def thresholds(objective: object) -> str:
    """The losses at which ?!, ? and ?? start (altbaumer.hidden.verdicts), in words:
    ``2%, 4% or 8% of the chance to win the match``."""
    limits = THRESHOLDS.get(str(objective))
    if not limits:
        return ""
    said = [f"{100 * x:g}%" if is_chance(objective) else f"{x:g}" for x in limits]
    return f"{', '.join(said[:-1])} or {said[-1]} {'of the ' if is_chance(objective) else ''}{unit(objective)}"


def parse_card(text: object) -> Optional[Card]:
    try:
        return Card.parse(text) if isinstance(text, str) else None
    except (CardParseError, ValueError):
        return None


REPORT_LOOK = display.Look(
    card={kind: f'class="card {kind}"' for kind in display.COLOURS},
    suit={kind: f'class="suit {kind}"' for kind in display.COLOURS},
    rank={"tree": 'class="tree"', "red": "", "black": ""},
    muted='class="muted"',
    void="class=muted",
    table='class="deal"',
    panel='class="hand seat-{seat}{out}" data-seat="{seat}"',
    out=" out",
    who='class="who"',
    role='class="role"',
    centre='class="centre"',
)
"""The game's display pieces (:mod:`altbaumer.game.display`) drawn with the report's stylesheet."""

suit_class = display.suit_colour
"""A suit's class in the report's stylesheet: ``red`` or ``black``."""


PAGE_CSS = """
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;
 padding:1em 2em;color:#1b1b1b;background:#fafaf7;overflow-wrap:break-word}
h1{margin:.2em 0}h2{margin:1.2em 0 .4em;border-bottom:2px solid #ccc}.scroll{overflow-x:auto;max-width:100%}
p.legend{font-size:85%;color:#555;max-width:60em}.card,.suit{font-weight:bold;white-space:nowrap;font-variant-emoji:text}
.red{color:#c1121f}.black{color:#111}.tree{color:#138a36}
"""
"""What every page of the report shares (the annotation, the strategy chart): type, headings,
scroll boxes, legends and the cards' colours (the classes of :data:`REPORT_LOOK`)."""

SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}
"""The ABN tag that names the player of each seat."""

SEAT_LETTERS = tuple(SEAT_TAGS)
"""The seats as the report writes them, N E S W."""


def board_roles(board: Mapping[str, object], seat: str) -> list[str]:
    """The seat's roles in a board of the report: dealer, forehand."""
    return [role for role in ("dealer", "forehand") if board.get(role) == seat]


def card_html(text: object) -> str:
    """One card as a coloured span (the Trees green); text that is not a
    card is escaped as it is."""
    card = parse_card(text)
    return escape(text) if card is None else display.card_html(card, REPORT_LOOK)


def cards_html(cards: Iterable[object], empty: str = "—") -> str:
    return display.join_html([card_html(c) for c in cards], REPORT_LOOK, empty)


def suit_html(letter: object) -> str:
    try:
        suit = Suit.parse(letter) if isinstance(letter, str) and letter else None
    except (CardParseError, ValueError):
        suit = None
    return num(letter or None) if suit is None else display.suit_html(suit, REPORT_LOOK)


def table_html(head: Sequence[str], rows: Iterable[Sequence[str]], left: int = 1) -> str:
    """A table of already-escaped cells; the first ``left`` columns align left."""
    def row(cells: Sequence[str], tag: str) -> str:
        return "<tr>" + "".join(f'<{tag}{" class=l" if i < left else ""}>{c}</{tag}>'
                                for i, c in enumerate(cells)) + "</tr>"
    return scroll_box("<table>" + row(head, "th") + "".join(row(r, "td") for r in rows) + "</table>")


def scroll_box(table: str) -> str:
    """A table in a box that scrolls sideways when the page is narrower (the page itself does not)."""
    return f'<div class="scroll">{table}</div>'
