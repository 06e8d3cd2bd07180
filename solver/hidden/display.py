"""A rating in words and figures: the options table as ``altbaumer rate`` shows it.

The command line (``cli/rate.py``) and :class:`~altbaumer.hidden.rating.Rating`'s
own displays (``_repr_html_`` for a notebook, ``__rich__`` for a terminal) say
a rating alike: what was decided and by whom, over how many worlds, at what
score, then one row an option with the deciding side's figures (with the
``match`` objective its chances to win the match and the round first; its
mean tricks only when they were solved), what the option gives up against
the top one (Δ, with its 95% interval) and the marks: ★ the recommended
option, ?!, ?, ?? an inaccuracy, a mistake, a blunder (docs/rating.md).

>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.rating import rate_view
>>> deal = Deal.from_seed(4)
>>> rating = rate_view(deal.view(deal.forehand), samples=200, seed=1, exact_limit=0)
>>> [name for name, _ in columns(rating)], TITLES[rating.decision]
(['P(match)', 'P(round)', 'P(3+)', 'P(5)'], 'accept or refuse')
>>> worlds_text(rating)
'200 sampled worlds of 205,837,632'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from altbaumer.game import display
from altbaumer.game.display import Block, Cards, Grid, Line, Para, Styled
from altbaumer.hidden.inference import ENOUGH

if TYPE_CHECKING:
    from altbaumer.hidden.rating import Rating, SideFigures

__all__ = ["TITLES", "OBJECTIVE_UNIT", "pct", "chance_text", "columns", "delta_text", "legend", "worlds_text",
           "score_line", "heading", "inference_line", "weighting_line", "no_verdict_line", "partial_line", "option_line", "rating_blocks"]

TITLES = {"turn": "accept or refuse", "discard": "the discard", "alone": "playing alone", "play": "the card to play"}
"""Each decision, in words."""
OBJECTIVE_UNIT = {"match": "P(match)", "net": "net", "make": "P(3+)", "march": "P(5)"}
"""The figure each objective ranks the options by: Δ is in it."""

Column = tuple[str, Callable[["SideFigures"], str]]


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
    """The deciding side's columns, heading and figure: with the match
    objective its chances to win the match and the round first; then its
    tricks (when computed: ``tricks=True``), P(it wins the deal), P(it takes
    all five); for the other objectives P(none), its points and net swing."""
    win = "P(3+)" if rating.maker else "P(set)"
    deal: list[Column] = [("tricks", lambda f: f"{f.tricks:.2f}")] if rating.has_tricks else []
    deal += [(win, lambda f: pct(f.p_win)), ("P(5)", lambda f: pct(f.p_all))]
    if rating.objective != "match":
        return [*deal, ("P(0)", lambda f: pct(f.p_none)), ("points", lambda f: f"{f.points:+.2f}"),
                ("net", lambda f: f"{f.net:+.3f}")]
    # Narrow enough for 80 columns: the deal's points are in the lines below the table.
    return [("P(match)", lambda f: pct(f.equity or 0.0)), ("P(round)", lambda f: pct(f.p_round or 0.0)), *deal]


def delta_text(rating: "Rating", f: "SideFigures") -> str:
    """What an option gives up against the top one, with its 95% interval
    (percentage points of a chance, points for ``net``); — for the top one."""
    if f.delta == 0.0 and not f.delta_ci95:
        return "—"
    if rating.objective == "net":
        return f"{f.delta:+.3f}" + (f" ± {f.delta_ci95:.3f}" if f.delta_ci95 else "")
    shown = f"{100 * f.delta:+.1f}%" if round(100 * f.delta, 1) else "0.0%"  # a tie's "-0.0%" says nothing
    return shown + (f" ± {100 * f.delta_ci95:.1f}%" if f.delta_ci95 else "")


def legend(rating: "Rating") -> str:
    """What the columns mean, in words, for the deciding side."""
    team = f"{rating.seat.team}"
    match = rating.objective == "match"
    parts = []
    if match:
        parts.append(f"P(match), P(round): the chances that {team} win the match and the round in play after this deal")
    own = [name for name, shown in (("tricks", rating.has_tricks), ("points", not match)) if shown]
    if own:
        parts.append(f"{', '.join(own)}: the {rating.side}'")
    if rating.maker:
        chances, takes = ("P(3+), P(5)", "3 or more, all five") if match else (
            "P(3+), P(5), P(0)", "3 or more, all five, none")
        parts.append(f"{chances}: {'they' if own else 'the makers'} take {takes}")
    else:
        parts.append("P(set): the makers held to 2 or fewer")
        parts.append("P(5): the defenders take all five" if match else "P(5), P(0): the defenders take all five, none")
    parts.append(f"Δ: what the option gives up against the top one in {OBJECTIVE_UNIT[rating.objective]}, "
                 "on the same worlds")
    return "; ".join(parts)


def worlds_text(rating: "Rating") -> str:
    """The worlds the rating was made over: all of them (exact), a sample, or played out."""
    if rating.play == "realistic":
        kept = "" if rating.inference is None else \
            f" of {_worlds(rating.inference.kept)} drawn by inference from {rating.inference.drawn:,}"
        if rating.weighting is not None:
            kept += f" of {_worlds(rating.weighting.drawn)} drawn by the cards played"
        return f"{rating.worlds:,} sampled worlds played out{kept}, every seat from its own knowledge"
    if rating.play == "endgame":
        return (f"{rating.worlds:,} worlds{' (all)' if rating.double_dummy and rating.double_dummy.exact else ''}, "
                "the last tricks solved as a game of hidden cards, every card from its player's knowledge")
    if rating.weighting is not None:
        return f"{_worlds(rating.worlds)} drawn by the cards played from {rating.weighting.weighed:,} weighed"
    if rating.exact:
        return f"{'all ' if rating.worlds > 1 else ''}{rating.worlds:,} world{'s' if rating.worlds != 1 else ''} (exact)"
    if rating.inference is not None:
        return f"{_worlds(rating.worlds)} drawn by inference from {rating.inference.drawn:,}"
    return f"{rating.worlds:,} sampled worlds of {rating.total:,}"


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
    """``E (maker) decides the discard — 300 sampled worlds of 756,756``."""
    side = "maker" if rating.maker else "defender"
    return f"{rating.seat} ({side}) {verb} {TITLES[rating.decision]} — {worlds_text(rating)}"


def option_line(option: str) -> Line:
    """An option as a rating names it, its cards as cards."""
    cards = display.option_cards(option)
    return (Cards(cards),) if cards else (option,)


def rating_blocks(rating: "Rating") -> list[Block]:
    """The rating's heading, score, options table and legend, for
    :func:`altbaumer.game.display.html` and :func:`~altbaumer.game.display.markup`."""
    blocks: list[Block] = [Para((heading(rating),), "bold")]
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
        rows.append((name, *((show(f),) for _, show in shown), (delta_text(rating, f),)))
    blocks.append(Grid(("option", *(c[0] for c in shown), f"Δ {OBJECTIVE_UNIT[rating.objective]}"), tuple(rows)))
    blocks.append(Para((legend(rating),), "dim"))
    return blocks
