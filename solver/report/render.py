"""Rich renderables for deals, hands and statistics. Nothing here prints:
the command line decides where the renderables go.

The table diagram puts North at the top, South at the bottom, West on the
left and East on the right; play goes anticlockwise N → W → S → E.

Every renderable takes ``ascii``: cards as ``QC`` and ``TH`` and the
symbols of :data:`SYMBOLS` in plain characters, for a terminal that cannot
show them (the console draws the boxes in ASCII itself once its encoding is
ASCII).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Optional

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from altbaumer.game.cards import Card, CardSet, Suit, suit_cards
from altbaumer.game.display import SUIT_STYLES, TREE_STYLE, option_cards, seat_roles
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.rules import trick_winner
from altbaumer.game.seats import Seat, Team

__all__ = ["SYMBOLS", "symbols", "suit_text", "card_text", "cards_text", "option_text", "hand_text", "table_diagram",
           "deal_diagram", "stats_table", "tricks_group", "seat_labels"]

# Each symbol of the program's own text, and what stands for it in ASCII.
_ASCII_SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "★": "*", "◆": "#", "·": ".", "—": "-",
                  "–": "-", "→": "->", "±": "+/-", "Δ": "delta", "×": "x", "≥": ">=", "…": "..."}
SYMBOLS = "".join(_ASCII_SYMBOLS)
"""Every non-ASCII character the renderables and the commands print of their own."""
_TO_ASCII = str.maketrans(_ASCII_SYMBOLS)

_SUIT_STYLE = SUIT_STYLES
_TREE_STYLE = TREE_STYLE


def symbols(text: str, ascii: bool) -> str:
    """The program's own ``text`` (never the user's) with its symbols in
    ASCII when ``ascii``: ★ as ``*``, · as ``.``, — as ``-``, ± as ``+/-``."""
    return text.translate(_TO_ASCII) if ascii else text


def suit_text(suit: Suit, ascii: bool = False) -> Text:
    """A suit's symbol (its letter in ASCII) in the suit's colour."""
    return Text(suit.letter if ascii else suit.symbol, style=_SUIT_STYLE[suit])


def card_text(card: Card, ascii: bool = False) -> Text:
    """One card in colour; the Trees stand out in green."""
    label = card.ascii() if ascii else str(card)
    return Text(label, style=_TREE_STYLE if card.is_tree else _SUIT_STYLE[card.suit])


def cards_text(cards: Iterable[Optional[Card]], ascii: bool = False, empty: str = "—") -> Text:
    """Cards in colour; ``None`` (a card a record does not show) as ``-``, as in the file format."""
    parts = [card_text(c, ascii) if c is not None else Text("-", style="dim") for c in cards]
    return Text(" ").join(parts) if parts else Text(symbols(empty, ascii), style="dim")


def option_text(option: str, ascii: bool = False) -> Text:
    """An option as a rating names it (``accept``, ``QH``, ``KS AD``), its
    cards in the notation of the diagrams."""
    cards = option_cards(option)
    return cards_text(cards, ascii) if cards else Text(option)


def hand_text(hand: CardSet, ascii: bool = False, marked: CardSet = CardSet()) -> Text:
    """A hand as four suit lines (clubs, spades, hearts, diamonds); cards in
    ``marked`` are underlined (for example Trees taken at the cut)."""
    lines = []
    for suit in Suit:
        line = Text.assemble(suit_text(suit, ascii), " ")
        held = [c for c in hand if c in suit_cards(suit)]
        if not held:
            line.append(symbols("—", ascii), style="dim")
        for i, card in enumerate(held):
            style = _TREE_STYLE if card.is_tree else ""
            if card in marked:
                style += " underline"
            label = card.rank.letter if ascii else card.rank.label
            line.append((" " if i else "") + label, style=style.strip() or None)
        lines.append(line)
    joined = Text("\n").join(lines)
    joined.justify = "left"
    return joined


def table_diagram(
    hands: Mapping[Seat, Optional[RenderableType]],
    labels: Mapping[Seat, str],
    centre: RenderableType,
) -> Table:
    """Four hands around a table with ``centre`` in the middle."""

    def seat_panel(seat: Seat) -> RenderableType:
        body = hands.get(seat)
        return Panel(body if body is not None else Text("(out of play)", style="dim"), title=labels[seat], expand=False)

    grid = Table.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(justify="center", vertical="middle")
    grid.add_row("", seat_panel(Seat.N), "")
    grid.add_row(seat_panel(Seat.W), centre, seat_panel(Seat.E))
    grid.add_row("", seat_panel(Seat.S), "")
    return grid


def seat_labels(deal: Deal, lone: Optional[Seat] = None, ascii: bool = False) -> dict[Seat, str]:
    """Each seat's panel title, in rich markup, with its roles (dealer,
    forehand, cutter, alone); ``lone`` overrides the deal's own lone seat
    (for positions solved apart)."""
    roles = seat_roles(deal.dealer, deal.lone if lone is None else lone, out=False)
    return {seat: f"[bold]{seat}[/bold]" + (symbols(f" · {', '.join(said)}", ascii) if said else "")
            for seat, said in roles.items()}


def deal_diagram(deal: Deal, ascii: bool = False) -> RenderableType:
    """The deal around the table: hands, stock, trump, roles and progress."""
    if deal.phase is Phase.CUT:
        offer = cards_text(deal.cut_offer, ascii)
        return Panel(Text.assemble("The cut shows ", offer, f"; {deal.cutter} (cutter) decides."))
    hands = {s: _maybe_hand_text(deal.hands[s], ascii, deal.cut_trees) for s in Seat if s is not deal.absent}
    return table_diagram(hands, seat_labels(deal, ascii=ascii), _centre(deal, ascii))


def _maybe_hand_text(hand: Optional[CardSet], ascii: bool, marked: CardSet) -> Text:
    # A hand a record does not show is written "-", as in the file format.
    return hand_text(hand, ascii, marked=marked) if hand is not None else Text("-", style="dim")


def _centre(deal: Deal, ascii: bool) -> RenderableType:
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="dim", justify="right")
    rows.add_column()
    rows.add_row("makers", Text(f"{deal.makers} (forehand {deal.forehand})"))
    rows.add_row("stock", cards_text(deal.stock, ascii))
    if deal.cut_trees:
        rows.add_row("cut", Text.assemble(cards_text(deal.cut_trees, ascii), f" taken by {deal.cutter}"))
    if deal.turned_card is not None:
        rows.add_row("turned", card_text(deal.turned_card, ascii))
    if deal.trump is not None:
        how = "accepted" if deal.accepted else "after refusal"
        rows.add_row("trump", Text.assemble(suit_text(deal.trump, ascii), f" {deal.trump.name.lower()} ({how})"))
    if deal.exposed:
        rows.add_row("exposed", cards_text(deal.exposed, ascii))
    if deal.discards:
        rows.add_row("discard", cards_text(deal.discards, ascii))
    if deal.tricks:
        won = f"N-S {deal.tricks_won[Team.NS]} · E-W {deal.tricks_won[Team.EW]}"
        rows.add_row("tricks", Text(symbols(won, ascii)))
    if deal.phase is not Phase.DONE and deal.to_act is not None:
        rows.add_row("to act", Text(f"{deal.to_act} ({deal.phase.value})"))
    return Panel(rows, border_style="dim", expand=False)


def stats_table(title: str, rows: Iterable[tuple[str, str, str]]) -> Table:
    """A three-column table: figure, count, share."""
    table = Table(title=title, title_justify="left")
    table.add_column("figure")
    table.add_column("count", justify="right")
    table.add_column("share", justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def tricks_group(deal: Deal, ascii: bool = False) -> RenderableType:
    """The completed tricks, one line each, the winning card in reverse video."""
    lines = []
    for number, trick in enumerate(deal.tricks, 1):
        win = trick_winner(trick.cards, deal.trump)  # type: ignore[arg-type]
        parts = [card_text(c, ascii) for c in trick.cards]
        parts[win].stylize("reverse")
        lines.append(Text.assemble(f"{number}. {trick.leader} leads: ", Text(" ").join(parts),
                                   symbols(f"  → {trick.winner}", ascii)))
    return Group(*lines)
