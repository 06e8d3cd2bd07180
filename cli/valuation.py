"""The options that say how a rating values its options: the objective, the
score it is rated at, how the cards are played after the decision, and
whether the mean tricks are solved and shown (``rate`` and ``annotate``)."""

from __future__ import annotations

from typing import Any, Callable

import click

from altbaumer.hidden.rating import OBJECTIVES
from altbaumer.play.realistic import DEFAULT_PLAYOUTS

from .score import score_option

__all__ = ["PLAYS", "PLAYOUTS_MAX", "valuation_options"]

PLAYS = ("dd", "realistic")
PLAYOUTS_MAX = 100_000


def valuation_options(play_note: str) -> Callable[[Any], Any]:
    """--objective, --score, --play, --playouts and --tricks; ``play_note``
    ends the help of --play with what realistic play covers in this command."""
    options = [
        click.option("--objective", type=click.Choice(OBJECTIVES), default="match", show_default=True,
                     help="Rate by the chance to win the match (from each board's score: its Score tag, the earlier "
                          "boards of its match, or --score; else as the first deal of a match), by expected net deal "
                          "points, P(make 3+) or P(march)."),
        score_option,
        click.option("--play", type=click.Choice(PLAYS), default="dd", show_default=True,
                     help="How the cards are played after a decision: dd, every player sees all cards (fast); "
                          f"realistic, every seat plays each world out from its own knowledge ({play_note})."),
        click.option("--playouts", type=click.IntRange(2, PLAYOUTS_MAX), default=DEFAULT_PLAYOUTS, show_default=True,
                     help="Worlds played out per option with --play realistic."),
        click.option("--tricks", is_flag=True,
                     help="Also solve the exact tricks and show each option's mean tricks (slower: every "
                          "other figure depends only on the makers' score class, no trick, 1-2, 3-4 or all five, "
                          "which is solved for less)."),
    ]

    def decorate(command: Any) -> Any:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate
