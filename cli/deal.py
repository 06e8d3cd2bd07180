"""``altbaumer deal``: a random deal as a diagram or JSON."""

from __future__ import annotations

import secrets
from typing import Optional

import click

from altbaumer.deal import Deal
from altbaumer.render import deal_diagram
from altbaumer.seats import Seat

from .output import print_json, stdout

SEAT_CHOICE = click.Choice([s.name for s in Seat], case_sensitive=False)


@click.command("deal")
@click.option("--seed", type=int, default=None, help="Seed of the shuffle and cut (default: random; printed).")
@click.option("--dealer", type=SEAT_CHOICE, default=None, help="Dealer's seat (default: drawn from the seed).")
@click.option("--leave-trees", is_flag=True, help="The cutter leaves Trees shown at the cut (default: takes them).")
@click.option("--ascii", "ascii_", is_flag=True, help="Plain ASCII cards (QC, TH) instead of suit symbols.")
@click.option("--json", "as_json", is_flag=True, help="Print the deal as JSON.")
def deal_command(seed: Optional[int], dealer: Optional[str], leave_trees: bool, ascii_: bool, as_json: bool) -> None:
    """Shuffle, cut and deal one random deal and show it around the table.

    The stock is listed top card first; the top card is turned for forehand.
    Trees taken at the cut are underlined in the cutter's hand.
    """
    if seed is None:
        seed = secrets.randbelow(2**31)
    deal = Deal.from_seed(seed, Seat[dealer.upper()] if dealer else None, take_trees=not leave_trees)
    if as_json:
        print_json({"seed": seed, **deal.to_dict()})
        return
    stdout.print(f"[dim]deal --seed {seed}[/dim]")
    stdout.print(deal_diagram(deal, ascii=ascii_))
