"""A rating in words and figures: the options table as ``altbaumer rate`` shows it.

The command line (``cli/rate.py``) and :class:`~altbaumer.hidden.rating.Rating`'s
own displays (``_repr_html_`` for a notebook, ``__rich__`` for a terminal) say
a rating alike, in words first: the advice in one sentence
(:func:`~altbaumer.hidden.advice.advice_sentence`), what was decided and by
whom, from how many deals of the unseen cards and how they were played, at
what score, then one row an option with the deciding side's figures under
heads in words (with the ``match`` objective its chances to win the match and
the round first; its mean tricks only when they were solved), what the option
gives up against the top one (with its 95% interval) and the marks: ★ the
recommended option, the one the advice names, ?!, ?, ?? an inaccuracy, a
mistake, a blunder (docs/rating.md). A legend maps the words to the notation
(``chance to win the match = P(match)``), and a realistic rating has the
figures "if every card were open" (double dummy) beside it, in words too.

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.rating import rate_view
>>> deal = Deal.from_seed(4)
>>> rating = rate_view(deal.view(deal.forehand), samples=200, seed=1, exact_limit=0)
>>> [(words, notation) for words, notation, _ in columns(rating)][:2], TITLES[rating.decision]
([('chance to win the match', 'P(match)'), ('to win the round', 'P(round)')], 'accept or refuse')
>>> worlds_text(rating)
'from 200 of the 205,837,632 deals of the unseen cards that fit what you know, each solved with every card open'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from altbaumer.game import display
from altbaumer.game.display import Block, Cards, Grid, Line, Para, Piece, Styled
from altbaumer.hidden.advice import advice_sentence, chance_words, objective_value, option_words
from altbaumer.hidden.inference import ENOUGH

if TYPE_CHECKING:
    from altbaumer.hidden.rating import Rating, SideFigures

__all__ = ["TITLES", "OBJECTIVE_UNIT", "OPEN_CARDS", "OPEN_CARDS_NOTE", "pct", "chance_text", "columns",
           "gives_up_head", "gives_up_text", "legend", "worlds_text", "score_line", "heading", "inference_line",
           "weighting_line", "no_verdict_line", "partial_line", "option_line", "objective_figure", "open_cards",
           "rating_blocks"]

TITLES = {"turn": "accept or refuse", "discard": "the discard", "alone": "playing alone", "play": "the card to play"}
"""Each decision, in words."""
OBJECTIVE_UNIT = {"match": "P(match)", "net": "net", "make": "P(3+)", "march": "P(5)"}
"""The figure each objective ranks the options by: Δ is in it."""
OPEN_CARDS = "If every card were open"
"""The label of the double-dummy figures beside a realistic rating."""
OPEN_CARDS_NOTE = (f'The line "{OPEN_CARDS}" gives each option as if every player saw every card after this '
                   "choice: a play that hidden cards rarely allow, shown to compare")
"""What those figures are, said once."""

Column = tuple[str, str, Callable[["SideFigures"], str]]
"""A column of the options table: its head in words, in notation, and its figure."""


def pct(p: float) -> str:
    """A chance in percent: ``53.1%``."""
    return f"{100 * p:.1f}%"


def chance_text(p: float, ci: Optional[float], bounds: Optional[tuple[float, float]] = None) -> str:
    """A chance with its 95% interval: ``± half-width``, or where the
    (Wilson) interval reaches 0% or 100% as shown, the bound at its other
    end; the chance alone when it is exact.

    >>> chance_text(0.5, 0.098, (0.404, 0.596)), chance_text(0.0, 0.037, (0.0, 0.037)), chance_text(0.25, 0.0)
    ('50.0% ± 9.8%', '0.0% (at most 3.7%)', '25.0%')
    >>> chance_text(1.0, 0.037, (0.963, 1.0)), chance_text(1.0, 0.0004, (0.99962, 0.9999999))
    ('100.0% (at least 96.3%)', '100.0% (at least 99.96%)')
    """
    if not ci:
        return pct(p)
    if bounds is not None and pct(bounds[0]) == pct(0.0):
        return f"{pct(p)} (at most {_bound(bounds[1], 0.0)})"
    if bounds is not None and pct(bounds[1]) == pct(1.0):
        return f"{pct(p)} (at least {_bound(bounds[0], 1.0)})"
    return f"{pct(p)} ± {100 * ci:.1f}%"


def _bound(value: float, edge: float) -> str:
    """A bound in percent, with the places that tell it from ``edge``."""
    for places in (1, 2, 3):
        shown = f"{100 * value:.{places}f}%"
        if shown != f"{100 * edge:.{places}f}%":
            return shown
    return shown


def columns(rating: "Rating") -> list[Column]:
    """The deciding side's columns, head in words and in notation, and
    figure: with the match objective its chances to win the match and the
    round first; then its tricks (when computed: ``tricks=True``), P(it wins
    the deal), P(it takes all five); for the other objectives P(none), its
    points and net swing. The first chance is headed "chance to ..."."""
    win = ("to make 3 tricks", "P(3+)") if rating.maker else ("to hold them to 2", "P(set)")
    deal: list[Column] = [("tricks on average", "tricks", lambda f: f"{f.tricks:.2f}")] if rating.has_tricks else []
    deal += [("chance " + win[0] if rating.objective != "match" else win[0], win[1], lambda f: pct(f.p_win)),
             ("to take all five", "P(5)", lambda f: pct(f.p_all))]
    if rating.objective != "match":
        return [*deal, ("to take none", "P(0)", lambda f: pct(f.p_none)),
                ("points", "points", lambda f: f"{f.points:+.2f}"), ("net points", "net", lambda f: f"{f.net:+.3f}")]
    # Narrow enough for 80 columns: the deal's points are in the lines below the table.
    return [("chance to win the match", "P(match)", lambda f: pct(f.equity or 0.0)),
            ("to win the round", "P(round)", lambda f: pct(f.p_round or 0.0)), *deal]


def gives_up_head(rating: "Rating") -> tuple[str, str]:
    """The last column's head, in words and in notation (``Δ P(match)``)."""
    return "gives up", f"Δ {OBJECTIVE_UNIT[rating.objective]}"


def gives_up_text(rating: "Rating", f: "SideFigures") -> str:
    """What an option gives up against the top one, with its 95% interval
    (percentage points of a chance, points for ``net``); — for the top one."""
    if f.delta == 0.0 and not f.delta_ci95:
        return "—"
    given = max(0.0, -f.delta)  # Δ is never above the top's 0; max() also turns -0.0 into 0.0
    if rating.objective == "net":
        return f"{given:.3f}" + (f" ± {f.delta_ci95:.3f}" if f.delta_ci95 else "")
    return f"{100 * given:.1f}%" + (f" ± {100 * f.delta_ci95:.1f}%" if f.delta_ci95 else "")


def legend(rating: "Rating") -> str:
    """What the heads mean in the notation, for the deciding side."""
    team, match = f"{rating.seat.team}", rating.objective == "match"
    parts = []
    if match:
        parts.append("chance to win the match = P(match) and to win the round = P(round), the round in play, "
                     "after this deal")
    if rating.has_tricks:
        parts.append("tricks on average = tricks")
    first = "" if match else "chance "
    parts.append(f"{first}to make 3 tricks = P(3+), 3 or more" if rating.maker else
                 f"{first}to hold them to 2 = P(set), the makers held to 2 or fewer")
    parts.append("to take all five = P(5)" + ("" if match else "; to take none = P(0)"))
    if not match:
        other = "defenders" if rating.maker else "makers"
        parts.append(f"points: the {rating.side}' points a deal; net points = net, the {rating.side}' points less "
                     f"the {other}'")
    unit = gives_up_head(rating)[1]
    parts.append(f"gives up = {unit.replace('Δ', '-Δ')}, against the top option on the same deals, "
                 "± its 95% interval")
    return f"the figures are the {rating.side}' ({team}): " + "; ".join(parts)


def worlds_text(rating: "Rating") -> str:
    """Where the figures come from, in words: how many deals of the unseen
    cards (all of them when they were all rated; drawn by weight when the
    rating weighed them by the others' choices) and how each was played."""
    played = {"realistic": "each played to the end by players who see only their own cards",
              "endgame": "the last tricks solved as a game in which every player sees only their own cards",
              "dd": "each solved with every card open"}[rating.play]
    return f"from {_deals(rating)}, {played}"


def _deals(rating: "Rating") -> str:
    """``all 1,260 deals of the unseen cards that fit what you know``, or ``200 of the 205,837,632 ...``."""
    n = rating.worlds
    if rating.inference is not None:
        return (f"{_deals_of(n)} drawn by how well they explain forehand's choices from {rating.inference.drawn:,} "
                "that fit what you know")
    if rating.weighting is not None:
        return (f"{_deals_of(n)} drawn by how well they explain the cards the others played from "
                f"{rating.weighting.weighed:,} that fit what you know")
    every = rating.exact or (rating.play == "endgame" and rating.double_dummy is not None
                             and rating.double_dummy.exact)
    if every:
        return ("the one deal of the unseen cards that fits what you know" if n == 1 else
                f"all {n:,} deals of the unseen cards that fit what you know")
    return f"{n:,} of the {rating.total:,} deals of the unseen cards that fit what you know"


def _deals_of(n: int) -> str:
    return f"{n:,} deal{'s' if n != 1 else ''} of the unseen cards"


def _worlds(n: int) -> str:
    return f"{n:,} world{'s' if n != 1 else ''}"


def inference_line(rating: "Rating") -> Optional[str]:
    """What the inference from forehand's choices did, when the rating used
    one: the worlds weighed, those where the advice agrees, what they are
    worth and how many were drawn by weight.

    >>> from altbaumer.hidden.inference import Inference
    >>> from altbaumer.hidden.rating import Rating
    >>> from altbaumer.game.seats import Seat
    >>> rating = Rating("play", Seat.S, False, "match", 143, 10**6, False, True, (),
    ...                 inference=Inference(asked=2000, drawn=2000, kept=143, agreed=121, effective=143.4))
    >>> print(inference_line(rating))
    inference from forehand's choices: each of the 2,000 worlds drawn weighed by how likely this tool's advice \
makes forehand's choices in it (it makes them all in 121); they are worth 143 independent worlds (effective \
sample size), and 143 drawn by weight are rated
    """
    found = rating.inference
    if found is None:
        return None
    drawn = f"{found.drawn:,} worlds drawn" + ("" if found.complete else f" before the interrupt (of {found.asked:,})")
    return (f"inference from forehand's choices: each of the {drawn} weighed by how likely this tool's advice makes "
            f"forehand's choices in it (it makes them all in {found.agreed:,}); they are worth "
            f"{found.effective:,.0f} independent worlds (effective sample size), and {found.kept:,} drawn by weight "
            "are rated")


def weighting_line(rating: "Rating") -> Optional[str]:
    """What the weighting by the cards played did, when the rating used one.

    >>> from altbaumer.hidden.rating import Rating
    >>> from altbaumer.hidden.weighting import CardWeighting
    >>> from altbaumer.game.seats import Seat
    >>> rating = Rating("play", Seat.S, False, "match", 612, 10**6, False, True, (),
    ...                 weighting=CardWeighting(weighed=10_000, effective=611.7, drawn=612))
    >>> print(weighting_line(rating))
    inference from the cards played: each of the 10,000 worlds weighed by how likely this tool's card play makes the other seats' cards in it; they are worth 612 independent worlds (effective sample size), and 612 drawn by weight are rated
    """
    found = rating.weighting
    if found is None:
        return None
    return (f"inference from the cards played: each of the {_worlds(found.weighed)} weighed by how likely this "
            f"tool's card play makes the other seats' cards in it; they are worth {found.effective:,.0f} "
            f"independent worlds (effective sample size), and {found.drawn:,} drawn by weight are rated")


def no_verdict_line(rating: "Rating") -> Optional[str]:
    """Why the rating recommends nothing, when it does not: too few worlds
    kept by the inference, or worth too few once weighted by the cards played."""
    if rating.has_verdict:
        return None
    if rating.inference is not None and not rating.inference.enough:
        worth = f"the worlds weighted by forehand's choices are worth {rating.inference.effective:,.0f}"
    else:
        assert rating.weighting is not None
        worth = f"the worlds weighted by the cards played are worth {rating.weighting.effective:,.0f}"
    return f"no verdict: {worth}, fewer than the {ENOUGH} a verdict needs, so the figures stand without ★ or marks"


def partial_line(rating: "Rating") -> Optional[str]:
    """That the rating was interrupted, and what it is over then."""
    if rating.complete:
        return None
    if rating.inference is not None and not rating.inference.complete:
        return "interrupted: partial result over the worlds the inference weighed so far"
    return "interrupted: partial result over the worlds solved so far"


def score_line(rating: "Rating", described: Optional[str] = None) -> Optional[str]:
    """Where the match stood, for the match objective: the score it was rated
    at (``described``, else the state's own words), or that it was assumed."""
    if rating.objective != "match" or rating.state is None:
        return None
    if rating.state_assumed:
        return f"score not known: rated as the first deal of a match ({rating.state.describe()})"
    return f"score before the deal: {described or rating.state.describe()}"


def heading(rating: "Rating", verb: str = "decides") -> str:
    """``E (maker) decides the discard — from 300 of the 756,756 deals of the unseen cards …``."""
    side = "maker" if rating.maker else "defender"
    return f"{rating.seat} ({side}) {verb} {TITLES[rating.decision]} — {worlds_text(rating)}"


def option_line(option: str) -> Line:
    """An option as a rating names it, its cards as cards."""
    cards = display.option_cards(option)
    return (Cards(cards),) if cards else (option,)


def objective_figure(rating: "Rating", name: str) -> str:
    """The option's figure in the rating's objective, for the deciding side:
    a chance in percent, net points signed."""
    value = objective_value(rating, name)
    return f"{value:+.3f}" if rating.objective == "net" else pct(value)


def open_cards(rating: "Rating") -> Optional[tuple[str, list[tuple[str, str]], str]]:
    """The double-dummy figures beside a realistic (or endgame) rating, in
    words: the label with the deals solved and what is counted, each option
    and its figure, and whether the advice would be the same; None without
    them. ``If every card were open (10,000 deals), your chance to win the
    match:`` ``Q♦ 53.0%, …`` ``the same advice``."""
    dd = rating.double_dummy
    if dd is None:
        return None
    deals = f"all {dd.worlds:,} deals" if dd.exact else f"{dd.worlds:,} deal{'s' if dd.worlds != 1 else ''}"
    if not dd.has_verdict:
        verdict = "no advice on so few deals"
    elif rating.has_verdict and dd.best.option == rating.best.option:
        verdict = "the same advice"
    else:
        verdict = f"other advice: {option_words(dd.decision, dd.best.option)}"
    return (f"{OPEN_CARDS} ({deals}), {chance_words(dd)}", [(o.option, objective_figure(dd, o.option))
                                                             for o in dd.options], verdict)


def rating_blocks(rating: "Rating") -> list[Block]:
    """The rating's advice, heading, score, options table, legend and the
    figures if every card were open, for :func:`altbaumer.game.display.html`
    and :func:`~altbaumer.game.display.markup`."""
    blocks: list[Block] = [Para((advice_sentence(rating),), "bold"), Para((heading(rating),))]
    score = score_line(rating)
    if score:
        blocks.append(Para((score,)))
    for line, style in ((inference_line(rating), None), (weighting_line(rating), None), (no_verdict_line(rating), "mark"),
                        (partial_line(rating), "mark")):
        if line:
            blocks.append(Para((line,), style))
    shown = columns(rating)
    rows = []
    for o in rating.options:
        mark = rating.mark(o.option)
        name = option_line(o.option) + ((Styled(" ★", "best"),) if o.best and rating.has_verdict else ()) + (
            (Styled(f" {mark}", "mark"),) if mark else ())
        f = o.figures(rating.maker)
        rows.append((name, *((show(f),) for _, _, show in shown), (gives_up_text(rating, f),)))
    blocks.append(Grid(("option", *(c[0] for c in shown), gives_up_head(rating)[0]), tuple(rows)))
    blocks.append(Para((legend(rating),), "dim"))
    beside = open_cards(rating)
    if beside is not None:
        label, figures, verdict = beside
        said: list[Piece] = [f"{label}: "]
        for i, (option, figure) in enumerate(figures):
            said += [", " if i else "", *option_line(option), f" {figure}"]
        blocks.append(Para((*said, f" — {verdict}"), "dim"))
        blocks.append(Para((OPEN_CARDS_NOTE,), "dim"))
    return blocks
