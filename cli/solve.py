"""``altbaumer solve``: the double-dummy analysis of a board from a deal file, or of a random deal's first lead."""

from __future__ import annotations

import secrets
from typing import Any, Optional

import click
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from altbaumer.errors import CardParseError, SeatParseError
from altbaumer.game.cards import Card, Suit
from altbaumer.game.deal import Deal
from altbaumer.game.opening import line_tricks, opening_position
from altbaumer.game.position import Position
from altbaumer.abn.record import GameRecord
from altbaumer.report.board_solve import SolvePoint, board_entry, solution_dict, solve_points
from altbaumer.report.render import card_text, cards_text, hand_text, seat_labels, suit_text, table_diagram
from altbaumer.game.scoring import makers_points
from altbaumer.dd.solver import Solution, Solver
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.view import Trick

from .deal import SEAT_CHOICE
from .files import load_records
from .interrupt import finish_boards, on_interrupt
from .points import CARD_HELP, Point, parse_card, skipped
from .output import BadInput, SEED, ascii_option, plain, plural, print_json, safe_markup, stdout, sym, threads_option


@click.command("solve")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--board", "board_number", default=None, metavar="N",
              help="With FILE: only this board (its [Board] tag, else its place in the file).")
@click.option("--after", "after_text", default=None, metavar="TRICK.CARD",
              help=f"With FILE: the position just after this card of the record ({CARD_HELP}).")
@click.option("--seed", type=SEED, default=None, help="Seed of the deal, as for `altbaumer deal` (default: random; printed).")
@click.option("--dealer", type=SEAT_CHOICE, default=None, help="Dealer's seat (default: drawn from the seed).")
@click.option("--trump", "trump_text", default=None, metavar="SUIT",
              help="Trump suit C, S, H or D (default: the turned card's suit).")
@click.option("--lone", "lone_text", default=None, metavar="SEAT",
              help="A maker (forehand or forehand's partner) who plays alone.")
@ascii_option
@threads_option()
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
def solve_command(file: Optional[str], board_number: Optional[str], after_text: Optional[str], seed: Optional[int],
                  dealer: Optional[str],
                  trump_text: Optional[str], lone_text: Optional[str], threads: Optional[int],
                  as_json: bool) -> None:
    """Solve a deal double dummy: from a deal FILE, or a random deal.

    With FILE (ABN or its JSON form), each board is solved from the position
    its record reaches: after the last card of the recorded play, or, with no
    play, at the opening lead after the recorded trump making (nobody alone
    unless [Alone] says so). A finished record is solved at its opening
    lead; --after TRICK.CARD solves the position just after that card of the
    record instead (2.3: the third card of the second trick). Every hand
    still in play must be known. The JSON names the point in "at": "end"
    (where the record stops), "opening" or the TRICK.CARD.

    Without FILE, a seeded random deal is solved from the first lead: each
    seat keeps the five cards dealt to it (the stock is not exchanged);
    forehand's side make trump and forehand leads. With --lone, the lone
    player's partner sits out; if that is forehand, the next seat in play
    order leads.

    Shows the makers' tricks under best play by both sides, the value of
    every legal card for the seat to play, and one optimal line.
    """
    ascii_ = plain()
    with Solver(threads=threads) as solver:  # one table for every board of a file
        if file is not None:
            given = [name for name, value in (("--seed", seed), ("--dealer", dealer), ("--trump", trump_text),
                                              ("--lone", lone_text)) if value is not None]
            if given:
                raise BadInput(f"{', '.join(given)} cannot be combined with a FILE: the file gives the deal")
            after = None if after_text is None else parse_card(after_text, "--after")
            _solve_file(file, board_number, after, ascii_, as_json, solver)
            return
        for name, value in (("--board", board_number), ("--after", after_text)):
            if value is not None:
                raise BadInput(f"{name} needs a FILE")
        try:
            trump = None if trump_text is None else Suit.parse(trump_text)
            lone = None if lone_text is None else Seat.parse(lone_text)
        except (CardParseError, SeatParseError) as error:
            raise BadInput(str(error)) from None
        if seed is None:
            seed = secrets.randbelow(2**31)
        deal = Deal.from_seed(seed, Seat[dealer.upper()] if dealer else None)
        pos = opening_position(deal, trump, lone)  # a defender going alone: AltbaumerError → exit 2
        solution = solver.solve(pos)
        tricks = line_tricks(pos, solution.pv)
        if as_json:
            print_json(_as_dict(seed, deal, pos, solution, tricks, trump_text is None))
            return
        _show(seed, deal, pos, solution, tricks, trump_text is None, ascii_)


def _solve_file(path: str, number: Optional[str], after: Optional[Point], ascii_: bool, as_json: bool,
                solver: Solver) -> None:
    records = load_records(path, number)
    points = solve_points(records, after)
    results: list[dict[str, Any]] = []
    skips: list[dict[str, Any]] = []

    def finish(complete: bool) -> None:
        finish_boards(path, results, as_json, complete, len(results), sum(not isinstance(p, str) for p in points),
                      "solved", skipped=skips)

    with on_interrupt(lambda: finish(complete=False)):
        for record, point in zip(records, points):
            if isinstance(point, str):
                skips.append(skipped(record, point, as_json))
                continue
            solution = solver.solve(point.pos)
            results.append(board_entry(record, point, solution))
            if not as_json:
                _show_board(path, record, point, solution, line_tricks(point.pos, solution.pv), ascii_)
    finish(complete=True)


def _as_dict(seed: int, deal: Deal, pos: Position, solution: Solution, tricks: list[Trick],
             turned_trump: bool) -> dict[str, Any]:
    return {
        "seed": seed,
        "dealer": str(deal.dealer),
        "forehand": str(deal.forehand),
        "cutter": str(deal.cutter),
        "hands": {str(s): [c.ascii() for c in pos.hands[s]] for s in SEATS},
        "turned": _turned(deal).ascii(),
        "trump": pos.trump.letter,
        "trump_from": "turned card" if turned_trump else "--trump",
        "leader": str(pos.leader),
        "lone": None if pos.lone is None else str(pos.lone),
        "absent": None if pos.absent is None else str(pos.absent),
        "makers": str(pos.makers),
        **solution_dict(solution, tricks),
    }


def _at_least(body: Text, width: int) -> Table:
    """``body`` in a grid at least ``width`` cells wide, so a panel's title fits."""
    grid = Table.grid()
    grid.add_column(min_width=width)
    grid.add_row(body)
    return grid


def _turned(deal: Deal) -> Card:
    card = deal.stock[0]
    assert card is not None  # a --seed deal is dealt here, so every card of it is known
    return card


def _suit(suit: Suit, ascii_: bool) -> Text:
    return Text.assemble(suit_text(suit, ascii_), f" {suit.name.lower()}")


def _show(seed: int, deal: Deal, pos: Position, solution: Solution, tricks: list[Trick], turned_trump: bool,
          ascii_: bool) -> None:
    stdout.print(f"[dim]solve --seed {seed}: dealer {deal.dealer}, the hands as dealt (no stock exchange)[/dim]")
    centre = _grid()
    centre.add_row("turned", card_text(_turned(deal), ascii_))
    centre.add_row("trump", Text.assemble(_suit(pos.trump, ascii_), "" if turned_trump else " (--trump)"))
    centre.add_row("makers", Text(f"{pos.makers} (forehand {deal.forehand})"))
    if pos.lone is not None:
        centre.add_row("alone", Text(f"{pos.lone}; {pos.absent} sits out"))
    centre.add_row("leads", Text(str(pos.leader)))
    _report(pos, solution, tricks, seat_labels(deal, pos.lone, ascii_), centre, ascii_, first_trick=1)


def _show_board(path: str, record: GameRecord, point: SolvePoint, solution: Solution, tricks: list[Trick],
                ascii_: bool) -> None:
    board, state, pos = record.board, point.state, point.pos
    stdout.print(f"[bold]{safe_markup(path)}[/bold] {safe_markup(board.label())} [dim](line {board.line('Dealer')}): "
                 f"{_where(record, point)}[/dim]")
    centre = _grid()
    how = "accepted" if board.accepted else ("compulsory" if state.compulsory else "after refusal")
    centre.add_row("trump", Text.assemble(_suit(pos.trump, ascii_), f" ({how})"))
    centre.add_row("makers", Text(f"{pos.makers} (forehand {state.forehand})"))
    if pos.lone is not None:
        centre.add_row("alone", Text(f"{pos.lone}; {pos.absent} sits out"))
    centre.add_row("tricks", Text(f"N-S {pos.tricks_taken[0]}, E-W {pos.tricks_taken[1]}"))
    if pos.trick:
        centre.add_row("trick", Text.assemble(f"{pos.leader} led ", cards_text(pos.trick, ascii_)))
    if pos.to_act is not None:
        centre.add_row("to play", Text(str(pos.to_act)))
    _report(pos, solution, tricks, seat_labels(state, pos.lone, ascii_), centre, ascii_,
            first_trick=len(state.tricks) + 1)


def _where(record: GameRecord, point: SolvePoint) -> str:
    played = sum(len(t.cards) for t in point.state.tricks) + len(point.state.trick_cards)
    cards = f"{plural(played, 'card')} played"
    if point.at == "opening":
        return (f"finished, the makers took {record.state.makers_tricks}: at the opening lead "
                "(--after TRICK.CARD for a later point)")
    if point.at != "end":
        trick, card = point.at.split(".")
        return f"just after card {card} of trick {trick} ({cards})"
    return f"after {cards}" if played else "at the opening lead"


def _grid() -> Table:
    centre = Table.grid(padding=(0, 1))
    centre.add_column(style="dim", justify="right")
    centre.add_column()
    return centre


def _report(pos: Position, solution: Solution, tricks: list[Trick], labels: dict[Seat, str], centre: Table,
            ascii_: bool, first_trick: int) -> None:
    """The diagram, the result, each legal card's value and one optimal line."""
    if pos.to_act is None:  # every hand is empty: no diagram
        stdout.print(f"The deal is over: the makers ({pos.makers}) took {pos.makers_taken}.")
        return
    centre.add_row("result", Text(f"makers take {solution.makers_tricks}", style="bold"))
    hands = {s: _at_least(hand_text(pos.hands[s], ascii_), Text.from_markup(labels[s]).cell_len + 4)
             for s in SEATS if s is not pos.absent}
    stdout.print(table_diagram(hands, labels, Panel(centre, border_style="dim", expand=False)))
    made, _ = makers_points(solution.makers_tricks)
    verdict = "march" if solution.makers_tricks == 5 else "made" if solution.makers_tricks >= 3 else "set"
    stdout.print(Text.assemble(
        "Double dummy the makers (", str(pos.makers), ") take ", Text(str(solution.makers_tricks), style="bold"),
        f" of 5 tricks: {verdict}, makers {made:+d}.",
    ))
    stdout.print(_moves_table(pos, solution, ascii_))
    stdout.print(_line_table(pos, tricks, ascii_, first_trick))
    stdout.print(f"[dim]{plural(solution.nodes, 'search node')}[/dim]")


def _moves_table(pos: Position, solution: Solution, ascii_: bool) -> Table:
    seat = pos.to_act
    assert seat is not None
    is_maker = seat.team is pos.makers
    kind = "Opening cards" if not pos.trick and pos.tricks_left == 5 else "Cards"
    moves = Table(title=f"{kind} of {seat} ({'maker' if is_maker else 'defender'})", title_justify="left")
    moves.add_column("card")
    moves.add_column("makers' tricks", justify="right")
    moves.add_column("")
    order = sorted(solution.moves.items(), key=lambda kv: (-kv[1] if is_maker else kv[1]))
    for card, value in order:
        best = card in solution.best_cards
        moves.add_row(card_text(card, ascii_), Text(str(value), style="bold" if best else ""),
                      Text(sym("★ best"), style="bold green") if best else Text(""))
    return moves


def _line_table(pos: Position, tricks: list[Trick], ascii_: bool, first_trick: int) -> Table:
    line = Table(title="Optimal line (one principal variation)", title_justify="left")
    line.add_column("trick", justify="right")
    line.add_column("plays")
    line.add_column("won by")
    line.add_column("makers", justify="right")
    taken = pos.makers_taken
    for number, trick in enumerate(tricks, first_trick):
        plays = []
        seat = trick.leader
        for card in trick.cards:
            text = Text.assemble(f"{seat} ", card_text(card, ascii_))
            if seat is trick.winner:
                text.stylize("reverse", len(f"{seat} "))
            plays.append(text)
            seat = seat.next()
            if seat is pos.absent:
                seat = seat.next()
        if trick.winner.team is pos.makers:
            taken += 1
        line.add_row(str(number), Text("  ").join(plays), str(trick.winner), str(taken))
    return line
