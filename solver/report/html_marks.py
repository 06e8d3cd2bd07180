"""The marks and verdicts on one card, as the report page and its step-through
board both show them: the annotator's ``?!``, ``?`` and ``??`` (styled by class),
the player's own marks and commentary from the file (in their own style), and
the double-dummy and single-dummy verdicts.

>>> print(mark_html("?", "double dummy"))
<span class="mark mistake" title="the annotator's mistake, double dummy">?</span>
>>> dd_line({"before": 4, "after": 3, "mark": "", "loss": 0.0, "best": ["KS"]}, "match")
'dd 4&gt;3'
"""

from __future__ import annotations

from typing import Any, Mapping

from altbaumer.lang import N_, _
from altbaumer.report.html_text import as_float, card_html, cards_html, delta, escape, is_chance, mark_name, num

__all__ = ["MARK_CLASS", "PLAYER_MARK", "PLAYER_COMMENT", "SD_WHY", "mark_html", "player_mark", "player_comment",
           "dd_line", "sd_line"]

Json = Mapping[str, Any]

MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
PLAYER_MARK = N_("the player's own mark, from the file")
PLAYER_COMMENT = N_("the player's own commentary, from the file")
SD_WHY = N_("from the player's knowledge")
DD_WHY = N_("double dummy")


def mark_html(mark: object, why: str) -> str:
    """An annotator's ?!, ? or ?? (docs/annotate.md), styled by its class;
    ``why`` says what it was rated from (an English message id, said in the page's language)."""
    if not mark:
        return ""
    cls = MARK_CLASS.get(str(mark), "")
    title = _("the annotator's {mark}, {why}").format(mark=mark_name(mark), why=escape(_(why)))
    return f'<span class="mark {cls}" title="{title}">{escape(mark)}</span>'


def player_mark(mark: object) -> str:
    """A mark the file gave the card (! ? !! ?? !? ?!), in the player's style."""
    return f'<span class="pmark" title="{_(PLAYER_MARK)}">{escape(mark)}</span>' if mark else ""


def player_comment(comment: object) -> str:
    return f'<div class="pc" title="{_(PLAYER_COMMENT)}">{escape(comment)}</div>' if comment else ""


def sd_line(note: Json, objective: object) -> str:
    """The single-dummy verdict on a card, when it was marked from the player's knowledge."""
    rating = note.get("single_dummy")
    if not isinstance(rating, Mapping) or not (rating.get("mark") or rating.get("error")):
        return ""
    option = next((o for o in rating.get("options") or [] if o.get("option") == note.get("card")), None)
    if option is None:
        return ""
    figures = option.get("for_decider") or option  # the card's side's difference, a defender's as a maker's
    objective = rating.get("objective") or objective
    figure = delta(figures.get("delta"), figures.get("delta_ci95"), objective)
    said = (_("sd {objective} {delta} pp") if is_chance(objective) else _("sd {objective} {delta}")).format(
        objective=escape(objective), delta=figure)
    return (f'<div class="sd">{said}{mark_html(rating.get("mark"), SD_WHY)} '
            + _("best {cards}").format(cards=card_html(rating.get("best", ""))) + "</div>")



def dd_line(note: Json, objective: object) -> str:
    """A card's double-dummy verdict: the makers' tricks before > after it,
    and for a marked card what it gave up in the objective and the best cards."""
    text = f'dd {num(note.get("before"))}&gt;{num(note.get("after"))}'
    if note.get("mark"):
        loss = as_float(note.get("loss"))
        if loss is not None:
            figure = delta(-loss, None, objective)
            text += " (" + (_("{delta} pp").format(delta=figure) if is_chance(objective) else figure) + ")"
        text += " " + _("best {cards}").format(cards=cards_html(note.get("best") or []))
    return text
