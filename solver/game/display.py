"""How the game's values show themselves: HTML for a notebook, console markup for a terminal.

One place for the pieces every display is made of: a card, a suit, a hand,
the four hands around a table (North at the top, South at the bottom, West
on the left, East on the right), a table of figures. Each is written in two
notations:

* HTML fragments (``_repr_html_``, which Jupyter shows): self-contained, with
  inline styles only (:data:`INLINE`), no script and nothing loaded from the
  network. The report's page draws the same pieces with its stylesheet's
  classes instead, through a :class:`Look` of its own
  (:data:`altbaumer.report.html_text.REPORT_LOOK`);
* rich console markup (``__rich__``, which ``rich.print`` shows): a plain
  string, since this wing does not import rich, with every text that is not
  the markup's own escaped and its control characters written as escapes.

Hearts and diamonds are red, the Trees (Q♣ and J♣) green; cards are in the
project's display order (clubs, spades, hearts, diamonds, ace first), as
:class:`~altbaumer.game.cards.CardSet` iterates them.

>>> from altbaumer.game.cards import Card, CardSet
>>> card_html(Card.parse("TH"))  # doctest: +ELLIPSIS
'<span style="color:#c1121f;..." data-card="TH">10♥</span>'
>>> card_markup(Card.parse("QC")), cards_markup(CardSet())
('[bold green]Q♣[/]', '[dim]—[/]')
>>> print(markup(Para(("hand ", Cards(tuple(CardSet.parse("AS TH")))))))
hand [bold]A♠[/] [bold red]10♥[/]
"""

from __future__ import annotations

import html as _html
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Optional, Sequence, Union

from altbaumer.errors import CardParseError
from altbaumer.game.cards import Card, Suit
from altbaumer.game.seats import SEATS, Seat, cutter_of, forehand_of

__all__ = ["display_key", "COLOURS", "SUIT_STYLES", "TREE_STYLE", "Look", "INLINE", "suit_colour", "card_colour", "escape_html",
           "printable", "escape_markup", "option_cards", "seat_roles", "card_html", "join_html", "cards_html", "suit_html",
           "hand_html", "rank_html", "panel_html", "compass_html", "card_markup", "cards_markup", "suit_markup", "hand_markup",
           "Cards", "Styled", "Piece", "Line", "Para", "Compass", "Grid", "Block", "html", "markup"]

COLOURS = {"red": "#c1121f", "black": "#111", "tree": "#138a36"}
"""The colour of each kind of card (:func:`card_colour`), as the report's stylesheet has them."""
_MUTED = "#777"
_MARK = "#d00000"

SUIT_STYLES = {Suit.CLUBS: "bold", Suit.SPADES: "bold", Suit.HEARTS: "bold red", Suit.DIAMONDS: "bold red"}
"""Each suit's rich style on a terminal."""
TREE_STYLE = "bold green"
"""The Trees' rich style on a terminal."""


def suit_colour(suit: Suit) -> str:
    """``red`` for hearts and diamonds, ``black`` for clubs and spades.

    >>> suit_colour(Suit.DIAMONDS), suit_colour(Suit.CLUBS)
    ('red', 'black')
    """
    return "red" if suit.is_red else "black"


def card_colour(card: Card) -> str:
    """The colour of ``card``: ``tree`` for the Trees, else its suit's."""
    return "tree" if card.is_tree else suit_colour(card.suit)


def escape_html(value: object) -> str:
    """Escaped text (quotes too, so it is safe in attributes)."""
    return _html.escape(str(value), quote=True)


# What would move the cursor, recolour, reorder or break a line on a terminal: the C0 and C1 controls and
# DEL, the bidirectional marks, embeddings, overrides and isolates, the line and paragraph separators, and
# lone surrogates (the undecodable bytes of a file name), which no encoding can write.
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: object) -> str:
    r"""``text`` as a terminal may show it: each control character written
    as its Python escape (``\x1b``, ``\n``, ``\u202e``), every other
    character, printable Unicode included, kept.

    >>> printable("a\nb\x1b[31m \u00e4")
    'a\\nb\\x1b[31m ä'
    """
    return _CONTROLS.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


_MARKUP_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def escape_markup(text: object) -> str:
    r"""``text`` (control characters shown by :func:`printable`) safe inside
    rich console markup: whatever would read as a tag is escaped, as
    ``rich.markup.escape`` does.

    >>> escape_markup("[bold]x[/] [1]"), escape_markup("a\\")
    ('\\[bold]x\\[/] [1]', 'a\\\\')
    """
    said = _MARKUP_TAG.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", printable(text))
    return said + "\\" if said.endswith("\\") and not said.endswith("\\\\") else said


def option_cards(option: str) -> Optional[tuple[Card, ...]]:
    """The cards an option names (``QH``, ``KS AD``), or None when it names
    none (``accept``, ``alone``).

    >>> option_cards("KS AD"), option_cards("refuse")
    ((Card.parse('KS'), Card.parse('AD')), None)
    """
    try:
        cards = tuple(Card.parse(word) for word in option.split())
    except CardParseError:
        return None
    return cards or None


def seat_roles(dealer: Seat, lone: Optional[Seat] = None, out: bool = True) -> dict[Seat, list[str]]:
    """Each seat's roles in a deal, in words: dealer, forehand, cutter,
    alone, and with ``out`` the lone player's partner, who sits out.

    >>> seat_roles(Seat.S, lone=Seat.W)
    {<Seat.N: 0>: [], <Seat.E: 1>: ['forehand', 'sits out'], <Seat.S: 2>: ['dealer'], <Seat.W: 3>: ['cutter', 'alone']}
    """
    roles: dict[Seat, list[str]] = {seat: [] for seat in SEATS}
    for role, seat in (("dealer", dealer), ("forehand", forehand_of(dealer)), ("cutter", cutter_of(dealer))):
        roles[seat].append(role)
    if lone is not None:
        roles[lone].append("alone")
        if out:
            roles[lone.partner].append("sits out")
    return roles


def display_key(card: Card) -> tuple[int, int]:
    """The display order of a CardSet: by suit (♣ ♠ ♥ ♦), the ace first."""
    return (int(card.suit), -int(card.rank))


# -- HTML ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """The attributes each piece of an HTML fragment is drawn with: inline
    styles (:data:`INLINE`) or the classes of a page's stylesheet. ``card``,
    ``suit`` and ``rank`` (a rank in a hand's suit line; empty for none) are
    by colour (:func:`card_colour`); ``panel`` is a seat's panel in the
    compass, with ``{seat}``, ``{column}``, ``{row}`` and ``{out}`` (``out``
    for a seat out of play, else nothing) filled in."""

    card: Mapping[str, str]
    suit: Mapping[str, str]
    rank: Mapping[str, str]
    muted: str
    void: str  # the dash of a suit a hand does not hold
    table: str
    panel: str
    out: str
    who: str
    role: str
    centre: str


_GLYPH = "font-weight:bold;white-space:nowrap;font-variant-emoji:text"

INLINE = Look(
    card={kind: f'style="color:{colour};{_GLYPH}"' for kind, colour in COLOURS.items()},
    suit={kind: f'style="color:{colour};{_GLYPH}"' for kind, colour in COLOURS.items()},
    rank={"tree": f'style="color:{COLOURS["tree"]};font-weight:bold"', "red": "", "black": ""},
    muted=f'style="color:{_MUTED}"',
    void=f'style="color:{_MUTED}"',
    table='style="display:grid;grid-template-columns:repeat(3,auto);gap:.3em;justify-content:start;align-items:center"',
    panel='style="grid-column:{column};grid-row:{row};border:1px solid #bbb;border-radius:4px;'
          'padding:.2em .5em;background:#fdfdfb{out}" data-seat="{seat}"',
    out=";opacity:.45",
    who='style="font-weight:bold;white-space:nowrap"',
    role='style="color:#666;font-size:85%;font-weight:normal"',
    centre='style="grid-column:2;grid-row:2;align-self:center;padding:0 .4em;color:#555;font-size:90%"',
)
"""Inline styles: a fragment that needs no stylesheet (a notebook's output)."""

_PLACES = {Seat.N: (2, 1), Seat.W: (1, 2), Seat.E: (3, 2), Seat.S: (2, 3)}  # column, row of the compass


def _span(attributes: str, body: str, card: Optional[Card] = None) -> str:
    data = f' data-card="{card.ascii()}"' if card is not None else ""
    return f'<span{" " + attributes if attributes else ""}{data}>{body}</span>'


def card_html(card: Optional[Card], look: Look = INLINE) -> str:
    """One card as a coloured span (the Trees green); None, a card not
    known, as a muted ``-``."""
    if card is None:
        return _span(look.muted, "-")
    return _span(look.card[card_colour(card)], str(card), card)


def join_html(parts: Sequence[str], look: Look = INLINE, empty: str = "—") -> str:
    """Pieces of HTML separated by spaces, or the muted ``empty`` when there are none."""
    return " ".join(parts) if parts else _span(look.muted, empty)


def cards_html(cards: Iterable[Optional[Card]], look: Look = INLINE, empty: str = "—") -> str:
    """Cards in the order given, or ``empty`` for none.

    >>> cards_html([])
    '<span style="color:#777">—</span>'
    """
    return join_html([card_html(c, look) for c in cards], look, empty)


def suit_html(suit: Suit, look: Look = INLINE) -> str:
    """A suit's symbol in its colour."""
    return _span(look.suit[suit_colour(suit)], suit.symbol)


def hand_html(cards: Optional[Iterable[Card]], look: Look = INLINE) -> str:
    """A hand as four suit lines (♣ ♠ ♥ ♦), the ace first, the Trees with
    the clubs; a suit it lacks as ``—``, a hand not known (None) as ``-``."""
    if cards is None:
        return f"<div>{_span(look.muted, '-')}</div>"
    held = sorted(cards, key=display_key)
    lines = []
    for suit in Suit:
        ranks = " ".join(rank_html(c, look) for c in held if c.suit is suit)
        lines.append(f"<div>{suit_html(suit, look)} {ranks or _span(look.void, '—')}</div>")
    return "".join(lines)


def rank_html(card: Card, look: Look = INLINE) -> str:
    """The card's rank as a hand's suit line shows it (the Trees in their colour)."""
    return _span(look.rank[card_colour(card)], card.rank.label, card)


def panel_html(seat: Seat, title: str, roles: Sequence[str], body: str, look: Look = INLINE, out: bool = False) -> str:
    """A seat's panel of the compass: ``title`` (HTML), its roles in words, ``body`` (HTML)."""
    column, row = _PLACES[seat]
    attributes = look.panel.format(seat=str(seat), column=column, row=row, out=look.out if out else "")
    role = f' {_span(look.role, escape_html(", ".join(roles)))}' if roles else ""
    return f'<div {attributes}><div {look.who}>{title}{role}</div>{body}</div>'


def compass_html(panels: Mapping[Seat, str], centre: str, look: Look = INLINE) -> str:
    """The four panels around ``centre``: N top, W left, E right, S bottom."""
    return f'<div {look.table}>' + "".join(panels[s] for s in SEATS) + f'<div {look.centre}>{centre}</div></div>'


# -- console markup --------------------------------------------------------------------------------------


def card_markup(card: Optional[Card]) -> str:
    """One card in its colour (the Trees green); None, a card not known, as a dim ``-``."""
    if card is None:
        return "[dim]-[/]"
    return f"[{TREE_STYLE if card.is_tree else SUIT_STYLES[card.suit]}]{card}[/]"


def cards_markup(cards: Iterable[Optional[Card]], empty: str = "—") -> str:
    """Cards in the order given, or a dim ``empty`` for none."""
    parts = [card_markup(c) for c in cards]
    return " ".join(parts) if parts else f"[dim]{empty}[/]"


def suit_markup(suit: Suit) -> str:
    return f"[{SUIT_STYLES[suit]}]{suit.symbol}[/]"


def hand_markup(cards: Optional[Iterable[Card]]) -> list[str]:
    """A hand as four suit lines, as :func:`hand_html` draws it.

    >>> from altbaumer.game.cards import CardSet
    >>> hand_markup(CardSet.parse("QC 9C TH"))
    ['[bold]♣[/] [bold green]Q[/] 9', '[bold]♠[/] [dim]—[/]', '[bold red]♥[/] 10', '[bold red]♦[/] [dim]—[/]']
    """
    if cards is None:
        return ["[dim]-[/]"]
    held = sorted(cards, key=display_key)
    lines = []
    for suit in Suit:
        ranks = " ".join(f"[{TREE_STYLE}]{c.rank.label}[/]" if c.is_tree else c.rank.label
                         for c in held if c.suit is suit)
        lines.append(f"{suit_markup(suit)} {ranks or '[dim]—[/]'}")
    return lines


def _cells(text: str) -> int:
    """The terminal cells ``text`` takes: two for a wide character, none for a combining one."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def _width(said: str) -> int:
    """The cells markup of this module takes once rendered: tags take none, an escaped bracket one."""
    def visible(match: re.Match[str]) -> str:
        slashes, tag = match.group(1), match.group(2)
        return "\\" * (len(slashes) // 2) + (tag if len(slashes) % 2 else "")

    return _cells(_MARKUP_TAG.sub(visible, said))


# -- displays: blocks of pieces, drawn in either notation --------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """Cards (None for one not known) as one piece, ``empty`` when there are none."""

    cards: tuple[Optional[Card], ...]
    empty: str = "—"


@dataclass(frozen=True)
class Styled:
    """Text in a style: ``bold``, ``dim``, ``best`` (★, bold green) or ``mark`` (?!, ?, ??: bold red)."""

    text: str
    style: str


Piece = Union[str, Card, Suit, Cards, Styled]
"""Part of a line: text (escaped when drawn), a card, a suit's symbol, cards, styled text."""
Line = tuple[Piece, ...]

_HTML_STYLES = {"bold": "font-weight:bold", "dim": f"color:{_MUTED}",
                "best": f"color:{COLOURS['tree']};font-weight:bold", "mark": f"color:{_MARK};font-weight:bold"}
_MARKUP_STYLES = {"bold": "bold", "dim": "dim", "best": "bold green", "mark": "bold red"}


@dataclass(frozen=True)
class _Notation:
    """How each kind of piece is written in one notation."""

    card: Callable[[Card], str]
    suit: Callable[[Suit], str]
    cards: Callable[[tuple[Optional[Card], ...], str], str]  # the cards, and what stands for none
    styled: Callable[[str, str], str]  # the text, its style
    text: Callable[[object], str]

    def line(self, line: Line) -> str:
        return "".join(self._piece(p) for p in line)

    def _piece(self, piece: Piece) -> str:
        if isinstance(piece, Card):
            return self.card(piece)
        if isinstance(piece, Suit):
            return self.suit(piece)
        if isinstance(piece, Cards):
            return self.cards(piece.cards, piece.empty)
        if isinstance(piece, Styled):
            return self.styled(piece.text, piece.style)
        return self.text(piece)


_IN_HTML = _Notation(card_html, suit_html, lambda cards, empty: cards_html(cards, empty=empty),
                     lambda text, style: f'<span style="{_HTML_STYLES[style]}">{escape_html(text)}</span>', escape_html)
_IN_MARKUP = _Notation(card_markup, suit_markup, cards_markup,
                       lambda text, style: f"[{_MARKUP_STYLES[style]}]{escape_markup(text)}[/]", escape_markup)


@dataclass(frozen=True)
class Para:
    """A line of pieces, in a style of :class:`Styled` for the whole (or none)."""

    line: Line
    style: Optional[str] = None


@dataclass(frozen=True)
class Compass:
    """The four hands around a table: each seat's cards (None: not known),
    the seat out of play beside a lone player (its cards, if any, shown
    dim), each seat's roles in words and player's name, and the facts said
    in the middle (label, line)."""

    hands: Mapping[Seat, Optional[Iterable[Card]]]
    facts: Sequence[tuple[str, Line]] = ()
    roles: Mapping[Seat, Sequence[str]] = field(default_factory=dict)
    names: Mapping[Seat, str] = field(default_factory=dict)
    out: Optional[Seat] = None


@dataclass(frozen=True)
class Grid:
    """A table: headings and rows of cells (lines); the first ``left``
    columns align left, the others right."""

    head: tuple[str, ...]
    rows: tuple[tuple[Line, ...], ...]
    left: int = 1


Block = Union[Para, Compass, Grid]

_FRAME = ('style="display:inline-block;max-width:100%;box-sizing:border-box;'
          "font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
          'color:#1b1b1b;background:#fff;padding:.3em .6em;border:1px solid #ddd;border-radius:6px"')
_CELL = "border:1px solid #d4d4d4;padding:1px 6px;vertical-align:top;white-space:nowrap"


def _title_html(seat: Seat, compass: Compass) -> str:
    name = compass.names.get(seat)
    return f"{seat}{' ' + escape_html(name) if name else ''}"


def _compass_html(compass: Compass) -> str:
    panels = {}
    for seat in SEATS:
        out, hand = seat is compass.out, compass.hands.get(seat)
        body = f"<div>{_span(INLINE.muted, '(out of play)')}</div>" if out and not hand else hand_html(hand)
        panels[seat] = panel_html(seat, _title_html(seat, compass), compass.roles.get(seat, ()), body, INLINE, out)
    centre = "".join(f"<div>{_span(INLINE.muted, escape_html(label))} {_IN_HTML.line(line)}</div>"
                     for label, line in compass.facts)
    return compass_html(panels, centre, INLINE)


def _grid_html(grid: Grid) -> str:
    def cell(tag: str, body: str, i: int) -> str:
        return f'<{tag} style="{_CELL};text-align:{"left" if i < grid.left else "right"}">{body}</{tag}>'

    head = "".join(cell("th", escape_html(h), i) for i, h in enumerate(grid.head))
    rows = "".join("<tr>" + "".join(cell("td", _IN_HTML.line(c), i) for i, c in enumerate(row)) + "</tr>"
                   for row in grid.rows)
    return f'<table style="border-collapse:collapse;margin:.3em 0"><tr>{head}</tr>{rows}</table>'


def _block_html(block: Block) -> str:
    if isinstance(block, Compass):
        return _compass_html(block)
    if isinstance(block, Grid):
        return _grid_html(block)
    style = f' style="{_HTML_STYLES[block.style]}"' if block.style else ""
    return f"<div{style}>{_IN_HTML.line(block.line)}</div>"


def html(*blocks: Block) -> str:
    """The blocks as one self-contained HTML fragment (inline styles only).

    >>> fragment = html(Para(("trump ", Suit.HEARTS)))
    >>> fragment.endswith('<div>trump <span style="color:#c1121f;' + _GLYPH + '">♥</span></div></div>')
    True
    """
    return f"<div {_FRAME}>" + "".join(_block_html(b) for b in blocks) + "</div>"


# Markup is laid out in lines of (markup, cells).
_Said = tuple[str, int]
_GAP = 2


def _said(line: Line) -> _Said:
    text = _IN_MARKUP.line(line)
    return text, _width(text)


def _pad(said: _Said, cells: int, right: bool = False) -> str:
    space = " " * max(0, cells - said[1])
    return space + said[0] if right else said[0] + space


def _seat_block(seat: Seat, compass: Compass) -> list[_Said]:
    name, roles = compass.names.get(seat), compass.roles.get(seat, ())
    head = f"[bold]{seat}[/]" + (f" {escape_markup(name)}" if name else "") + (
        f" [dim]· {escape_markup(', '.join(roles))}[/]" if roles else "")
    hand = compass.hands.get(seat)
    if seat is compass.out:  # its cards, if any, dim: they are out of play
        body = [f"[dim]{line}[/]" for line in hand_markup(hand)] if hand else ["[dim](out of play)[/]"]
    else:
        body = hand_markup(hand)
    return [(text, _width(text)) for text in (head, *body)]


def _compass_markup(compass: Compass) -> list[str]:
    blocks = {seat: _seat_block(seat, compass) for seat in SEATS}
    labels = max((_cells(label) for label, _ in compass.facts), default=0)
    centre = [(f"[dim]{' ' * (labels - _cells(label))}{escape_markup(label)}[/] {text}", labels + 1 + cells)
              for label, (text, cells) in ((label, _said(line)) for label, line in compass.facts)]
    west, east = blocks[Seat.W], blocks[Seat.E]
    west_cells = max(cells for _, cells in west)
    centre_cells = max((cells for _, cells in centre), default=0)
    indent = " " * (west_cells + _GAP)
    rows = max(len(west), len(centre), len(east))

    def at(block: list[_Said], i: int) -> _Said:
        j = i - (rows - len(block)) // 2  # each block in the middle of the row
        return block[j] if 0 <= j < len(block) else ("", 0)

    lines = [indent + text for text, _ in blocks[Seat.N]]
    for i in range(rows):
        gap = " " * _GAP
        lines.append((_pad(at(west, i), west_cells) + gap + _pad(at(centre, i), centre_cells) + gap
                      + at(east, i)[0]).rstrip(" "))
    lines += [indent + text for text, _ in blocks[Seat.S]]
    return lines


def _grid_markup(grid: Grid) -> list[str]:
    head = [(f"[bold]{escape_markup(h)}[/]" if h else "", _cells(h)) for h in grid.head]
    rows = [[_said(cell) for cell in row] for row in grid.rows]
    widths = [max(said[1] for said in column) for column in zip(head, *rows)]
    return [(" " * _GAP).join(_pad(said, widths[i], right=i >= grid.left) for i, said in enumerate(row)).rstrip(" ")
            for row in (head, *rows)]


def _block_markup(block: Block) -> list[str]:
    if isinstance(block, Compass):
        return _compass_markup(block)
    if isinstance(block, Grid):
        return _grid_markup(block)
    text = _IN_MARKUP.line(block.line)
    return [f"[{_MARKUP_STYLES[block.style]}]{text}[/]" if block.style else text]


def markup(*blocks: Block) -> str:
    """The blocks as rich console markup, one string of lines (``rich.print`` renders it).

    >>> print(markup(Grid(("card", "tricks"), (((Card.parse("AH"),), ("3",)), ((Card.parse("QC"),), ("12",))))))
    [bold]card[/]  [bold]tricks[/]
    [bold red]A♥[/]         3
    [bold green]Q♣[/]        12
    """
    return "\n".join(line for block in blocks for line in _block_markup(block))
