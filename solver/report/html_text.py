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
from altbaumer.lang import N_, _, active_language, number, percent

__all__ = ["PAGE_CSS", "SEAT_TAGS", "SEAT_LETTERS", "board_roles", "escape", "as_float", "num", "pct", "is_chance", "amount", "delta", "unit", "thresholds", "parse_card",
           "suit_class", "card_html", "cards_html", "suit_html", "UNITS", "REPORT_LOOK", "fixed", "percent_text",
           "mark_name", "MARK_WORDS", "of_unit", "in_words", "WORDS", "word", "option_html"]

UNITS = {"match": N_("chance to win the match"), "make": N_("chance to make the deal"), "march": N_("chance to march"),
         "net": N_("net points")}
"""What each objective measures, in English (said in the page's language by :func:`unit`)."""

MARK_WORDS = {"?!": N_("inaccuracy"), "?": N_("mistake"), "??": N_("blunder")}
"""The names of the annotator's marks (:data:`altbaumer.hidden.verdicts.MARK_NAMES`), for the page's language."""


# -- ---------------------------------------------------------------------


escape = display.escape_html
"""Escaped text (quotes too, so it is safe in attributes)."""


def as_float(value: object) -> Optional[float]:
    """A finite number as a float; None for anything else (a bool is no number here)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def fixed(value: float, digits: int = 2, sign: bool = False) -> str:
    """``value`` with ``digits`` decimals (a ``+`` before a positive one with ``sign``), as the page's language
    writes it; in English exactly as Python's format does, with no grouping.

    >>> fixed(2.345, 2), fixed(0.5, 1, sign=True), fixed(-0.25, 2, sign=True)
    ('2.35', '+0.5', '-0.25')
    """
    if active_language() == "en":
        return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    text = number(value, digits)
    return "+" + text if sign and not text.startswith(("-", "\u2212")) else text


def percent_text(value: float, digits: int = 1) -> str:
    """A fraction as a percentage with ``digits`` decimals in the page's language; in English exactly
    as the report has always written it (``f"{100 * value:.1f}%"``).

    >>> percent_text(0.4673), percent_text(0.00341, 2)
    ('46.7%', '0.34%')
    """
    if active_language() == "en":
        return f"{100 * value:.{digits}f}%"
    return percent(value, digits)


def in_words(items: Sequence[str]) -> str:
    """Items in a sentence: ``a``, ``a and b``, ``a, b and c`` (in the page's language)."""
    if len(items) <= 1:
        return "".join(items)
    return _("{some} and {last}").format(some=", ".join(items[:-1]), last=items[-1])


def num(value: object, digits: int = 2) -> str:
    """A number formatted; anything else escaped; None as a dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return fixed(value, digits)
    return escape(value)


def pct(value: object) -> str:
    number = as_float(value)
    return num(value) if number is None else percent_text(number)


def is_chance(objective: object) -> bool:
    """The objective is a chance (shown in percent), not points."""
    return objective != "net"


def amount(value: object, objective: object) -> str:
    """A loss in the objective's unit: percent of a chance, or net points."""
    number = as_float(value)
    if number is None:
        return num(value)
    return percent_text(number) if is_chance(objective) else fixed(number, 2)


def delta(value: object, ci: object, objective: object) -> str:
    """A difference and its 95% half-width: percentage points for chances, points for net."""
    number, half = as_float(value), as_float(ci)
    if number is None:
        return num(value)
    scale, digits = (100, 1) if is_chance(objective) else (1, 2)
    return fixed(scale * number, digits, sign=True) + ("" if half is None else f" ± {fixed(scale * half, digits)}")


def unit(objective: object) -> str:
    """What the objective measures, in the page's language."""
    return _(UNITS[str(objective)]) if str(objective) in UNITS else _("objective")


def of_unit(figure: str, objective: object) -> str:
    """``figure`` (a loss, already written) with the objective's unit: ``4.0% of the chance to win the
    match``, ``0.50 net points``."""
    if is_chance(objective):
        return _("{amount} of the {unit}").format(amount=figure, unit=unit(objective))
    return _("{amount} net points").format(amount=figure)


def mark_name(mark: object) -> str:
    """The name of an annotator's mark in the page's language (``mistake`` for ``?``)."""
    return _(MARK_WORDS[str(mark)]) if str(mark) in MARK_WORDS else _("mark")


def thresholds(objective: object) -> str:
    """The losses at which ?!, ? and ?? start (altbaumer.hidden.verdicts), in words:
    ``2%, 4% or 8% of the chance to win the match``."""
    limits = THRESHOLDS.get(str(objective))
    if not limits:
        return ""
    said = [_limit(x, objective) for x in limits]
    limit = _("{some} or {last}").format(some=", ".join(said[:-1]), last=said[-1])
    return of_unit(limit, objective)


def _limit(x: float, objective: object) -> str:
    if active_language() == "en":
        return f"{100 * x:g}%" if is_chance(objective) else f"{x:g}"
    return percent(x, 0) if is_chance(objective) else number(x, 1)


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
    return [_(_ROLES[role]) for role in ("dealer", "forehand") if board.get(role) == seat]


_ROLES = {"dealer": N_("dealer"), "forehand": N_("forehand")}


WORDS = {"accept": N_("accept"), "refuse": N_("refuse"), "alone": N_("alone"), "together": N_("together"),
         "turn": N_("turn"), "discard": N_("discard"), "cut": N_("cut"), "makers": N_("makers"),
         "defenders": N_("defenders")}
"""The record's and the rating's words for options, decisions and sides (``refuse``, ``turn``, ``makers``),
said in the page's language by :func:`word`."""


def word(text: object) -> object:
    """One of :data:`WORDS` in the page's language; anything else as it is.

    >>> word("refuse"), word("QC"), word(None)
    ('refuse', 'QC', None)
    """
    return _(WORDS[text]) if isinstance(text, str) and text in WORDS else text


def option_html(text: object) -> str:
    """An option of a decision: a card as a card, a word (``refuse``) in the page's language, escaped."""
    return escape(word(text)) if parse_card(text) is None else card_html(text)


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
