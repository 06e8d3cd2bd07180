"""The options that say how a rating values its options: the objective, the
score it is rated at, how the cards are played after the decision, and
whether the mean tricks are solved and shown (``rate`` and ``annotate``)."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import click

from altbaumer.hidden.rating import OBJECTIVES
from altbaumer.play.outcomes import PLAYS
from altbaumer.play.realistic import DEFAULT_EFFORT, PLAYOUTS_MAX

from .score import score_option

__all__ = ["PLAYS", "PLAYOUTS_MAX", "valuation_options", "realistic_settings"]



_OBJECTIVE_WORDS = {"match": "by the chance to win the match (from each board's score: its Score tag, the earlier "
                               "boards of its match, or --score; else as the first deal of a match)",
                     "net": "by expected net deal points", "make": "P(make 3+)", "march": "P(march)"}


def valuation_options(play_note: str, objectives: Sequence[str] = OBJECTIVES) -> Callable[[Any], Any]:
    """--objective (one of ``objectives``), --score, --play (realistic by
    default), --playouts, --effort and --tricks; ``play_note`` ends the help
    of --play with what realistic play covers in this command."""
    words = [_OBJECTIVE_WORDS[o] for o in objectives]
    options = [
        click.option("--objective", type=click.Choice(objectives), default="match", show_default=True,
                     help=f"Rate {', '.join(words[:-1])} or {words[-1]}."),
        score_option,
        click.option("--play", type=click.Choice(PLAYS), default="realistic", show_default=True,
                     help="How the cards are played after a decision: realistic, every seat plays each world out "
                          "from its own knowledge, with the double-dummy figures beside; dd, every player sees all "
                          f"cards (faster, and biased for the makers). Realistic play rates {play_note}."),
        click.option("--playouts", type=click.IntRange(2, PLAYOUTS_MAX), default=None,
                     help="With --play realistic: play out exactly this many worlds an option (default: until every "
                          "surviving option's difference from the best is known to ±1% of P(match), ±0.05 net "
                          "points, at most --effort)."),
        click.option("--effort", type=click.IntRange(2, PLAYOUTS_MAX), default=DEFAULT_EFFORT, show_default=True,
                     help="With --play realistic: the most worlds played out an option while the ranking is not "
                          "settled."),
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


def realistic_settings(play: str, playouts: Optional[int], effort: int) -> dict[str, Any]:
    """The settings realistic play takes from --playouts and --effort (none for --play dd)."""
    return {"playouts": playouts, "effort": effort} if play == "realistic" else {}
