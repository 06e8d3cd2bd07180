"""Reports: recorded games annotated card by card and decision by decision, rich renderables, the HTML page.

May import every other wing; nothing here prints: the CLI renders.

>>> from altbaumer.report import score_changes
>>> score_changes(3, 2), score_changes(4, 3)  # a make lost changes the score; a fourth trick does not
(True, False)
"""

from altbaumer.report.annotate import (BoardNotes, CardNote, DecisionNote, annotate_board, report, score_changes,
                                       strip_annotations)
from altbaumer.report.html import render_html
from altbaumer.report.render import deal_diagram, stats_table, table_diagram
from altbaumer.report.score_tree import ScoreTree, score_tree_svg

__all__ = [
    "BoardNotes",
    "CardNote",
    "DecisionNote",
    "annotate_board",
    "report",
    "score_changes",
    "strip_annotations",
    "render_html",
    "deal_diagram",
    "stats_table",
    "table_diagram",
    "ScoreTree",
    "score_tree_svg",
]
