"""Points of a game record named on the command line (altbaumer.report.points),
and the boards a command leaves out, listed on the terminal."""

from __future__ import annotations

from typing import Any

from altbaumer.abn.record import GameRecord
from altbaumer.report.points import (CARD_HELP, DECISION_HELP, Point, node_at, parse_card, parse_point,
                                     require_some, skip_line, skipped_entry)

from .output import safe_markup, stdout

__all__ = ["Point", "parse_card", "parse_point", "node_at", "skip_line", "require_some", "skipped", "DECISION_HELP",
           "CARD_HELP"]


def skipped(record: GameRecord, reason: str, as_json: bool) -> dict[str, Any]:
    """A board left out: a dim line on the terminal, and its JSON entry."""
    if not as_json:
        stdout.print(f"[dim]{safe_markup(record.board.label())}: {safe_markup(reason)}[/dim]")
    return skipped_entry(record, reason)
