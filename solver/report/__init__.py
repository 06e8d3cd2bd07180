"""Reports: recorded games annotated card by card and decision by decision, rich renderables, the HTML page.

May import every other wing; nothing here prints: the CLI renders.

>>> from altbaumer.report import score_changes
>>> score_changes(3, 2), score_changes(4, 3)  # a make lost changes the score; a fourth trick does not
(True, False)
"""

from typing import TYPE_CHECKING

from altbaumer.lazy import loaded_on_use, names_of

HOMES = {
    "altbaumer.report.annotate": ("BoardNotes", "CardNote", "DecisionNote", "annotate_board", "report",
                                  "score_changes", "strip_annotations"),
    "altbaumer.report.html": ("render_html",),
    "altbaumer.report.render": ("deal_diagram", "stats_table", "table_diagram"),
    "altbaumer.report.score_tree": ("ScoreTree", "score_tree_svg"),
}
"""Each module of the wing → the names it gives the wing, imported on first use (altbaumer.lazy)."""

if TYPE_CHECKING:
    from altbaumer.report.annotate import (BoardNotes as BoardNotes, CardNote as CardNote,
                                           DecisionNote as DecisionNote, annotate_board as annotate_board,
                                           report as report, score_changes as score_changes,
                                           strip_annotations as strip_annotations)
    from altbaumer.report.html import render_html as render_html
    from altbaumer.report.render import (deal_diagram as deal_diagram, stats_table as stats_table,
                                         table_diagram as table_diagram)
    from altbaumer.report.score_tree import ScoreTree as ScoreTree, score_tree_svg as score_tree_svg
else:
    __getattr__, __dir__ = loaded_on_use(__name__, HOMES)

__all__ = names_of(HOMES)
