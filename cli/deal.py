"""``altbaumer deal``: random deals as diagrams, JSON or a deal file."""

from __future__ import annotations

import secrets
from typing import Optional

import click

from altbaumer.abn import board_from_deal, boards_to_json, write_boards
from altbaumer.game.deal import Deal
from altbaumer.report.render import deal_diagram
from altbaumer.game.seats import Seat

from .files import check_output, save
from .output import BadInput, SEED, SEED_MAX, ascii_option, plain, plural, print_json, printable, stdout, sym

SEAT_CHOICE = click.Choice([s.name for s in Seat], case_sensitive=False)
FORMATS = ("abn", "json")
DEALS_MAX = 10_000  # some 1.5 MB of ABN in a second; as JSON they take some 200 MB to build


@click.command("deal")
@click.option("--seed", type=SEED, default=None, help="Seed of the shuffle and cut (default: random; printed).")
@click.option("-n", "--count", type=click.IntRange(1, DEALS_MAX), default=1, show_default=True,
              help="Number of deals, with seeds SEED, SEED+1, …")
@click.option("--dealer", type=SEAT_CHOICE, default=None, help="Dealer's seat (default: drawn from the seed).")
@click.option("--leave-trees", is_flag=True, help="The cutter leaves Trees shown at the cut (default: takes them).")
@click.option("-o", "--output", type=click.Path(allow_dash=True), default=None,
              help="Write the deals to this file (ABN; JSON if it ends in .json; - for standard output) "
                   "instead of showing them.")
@ascii_option
@click.option("--json", "as_json", is_flag=True, help="Print the deals as JSON.")
def deal_command(seed: Optional[int], count: int, dealer: Optional[str], leave_trees: bool, output: Optional[str],
                 as_json: bool) -> None:
    """Shuffle, cut and deal random deals and show them around the table.

    The stock is listed top card first; the top card is turned for forehand.
    Trees taken at the cut are underlined in the cutter's hand. With -o the
    deals go to a deal file, ready for `altbaumer table` and `altbaumer solve`.
    """
    target = None if output is None else check_output(output, FORMATS, stdout_taken="--json" if as_json else None)
    if seed is None:
        seed = secrets.randbelow(2**31)
    if seed + count - 1 > SEED_MAX:  # each deal's seed is printed, to be given again
        raise BadInput(f"--seed {seed} with -n {count} deals seeds past {SEED_MAX}")
    seeds = range(seed, seed + count)
    deals = [Deal.from_seed(s, Seat[dealer.upper()] if dealer else None, take_trees=not leave_trees) for s in seeds]
    if target is not None:
        # The command that reproduces each deal: the seed alone does not fix --dealer or --leave-trees.
        extra = (f" --dealer {dealer.upper()}" if dealer else "") + (" --leave-trees" if leave_trees else "")
        boards = [board_from_deal(d, {"Event": f"altbaumer deal --seed {s}{extra}", "Board": str(i), "Seed": str(s)})
                  for i, (s, d) in enumerate(zip(seeds, deals), 1)]
        save(target, boards_to_json(boards) if target.fmt == "json" else write_boards(boards))
        if target.to_stdout:  # the file is all that goes to stdout
            return
        seeds_text = sym(f"seed {seed}" if count == 1 else f"seeds {seed}–{seed + count - 1}")
        stdout.print(f"wrote {plural(count, 'deal')} ({seeds_text}) to {printable(output)}",
                     markup=False)  # the file name is not markup
        return
    if as_json:
        items = [{"seed": s, **d.to_dict()} for s, d in zip(seeds, deals)]
        print_json(items[0] if count == 1 else items)
        return
    for s, d in zip(seeds, deals):
        stdout.print(f"[dim]deal --seed {s}[/dim]")
        stdout.print(deal_diagram(d, ascii=plain()))
