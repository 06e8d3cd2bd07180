"""``--score``: the score before the deal, for the commands that weigh a
decision by the chance to win the match; and the score of every board,
from the command line or from the file (docs/format.md, "The score before a
deal")."""

from __future__ import annotations

from typing import Optional

import click

from altbaumer.abn.match_states import BoardScore
from altbaumer.abn.record import GameRecord
from altbaumer.abn.selection import scored_records, scores_for
from altbaumer.game.match_state import SCORE_SYNTAX

from .files import load, source_name

__all__ = ["SCORE_HELP", "score_option", "scores_for", "load_scored"]

SCORE_HELP = (f"The score before every board's deal: {SCORE_SYNTAX}. The makers follow from each board's dealer. "
              "Default: each board's Score tag, else the score replayed from the earlier boards of its match "
              "(docs/format.md).")

score_option = click.option("--score", "score", default=None, metavar="SCORE", help=SCORE_HELP)
"""``--score TEXT`` (``None`` when not given), passed as ``score``."""


def load_scored(path: str, number: Optional[str], given: Optional[str]) -> tuple[list[GameRecord], list[BoardScore]]:
    """The board ``number`` of ``path`` (or all) replayed, with the score
    before each (:func:`~altbaumer.abn.selection.scored_records`)."""
    return scored_records(load(path), number, given, source_name(path))
