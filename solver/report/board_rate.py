"""Which decision of a board to rate and the rating as data: what
``altbaumer rate FILE --json`` lists for each board, and the analysis server
answers for a rating job.

:func:`rate_target` finds the decision: the next one the board does not
record (the seat deciding it, or forehand's partner for its lone choice), or
with a :class:`~altbaumer.report.points.Point` a recorded one, as the seat saw
it then, with the choice recorded there. :func:`rating_entry` is a board's
entry of the answer: the advice in a sentence, the rating with each option in
words, and for a recorded choice what it lost against the best and whether
that is an error.

>>> from altbaumer.abn.board import board_from_deal
>>> from altbaumer.abn.record import replay
>>> from altbaumer.game.deal import Deal
>>> target = rate_target(replay(board_from_deal(Deal.from_seed(3))), None, None, None)
>>> target.view.phase, target.at, target.chosen
('trump', None, None)
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from altbaumer.abn.record import GameRecord
from altbaumer.errors import IncompleteBoard, InvalidOption
from altbaumer.game.actions import Phase
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden.advice import advice_sentence, choice_sentence, option_words
from altbaumer.hidden.inference import InferenceProgress, nothing_to_infer
from altbaumer.hidden.rating import DECISIONS, Progress, Rating, option_name, partner_view, rate_view
from altbaumer.play.card_inference import CardPlayWeigher
from altbaumer.play.engine import Engine
from altbaumer.play.outcomes import PLAYS
from altbaumer.play.realistic import rate_realistic
from altbaumer.report.points import Point, node_at

__all__ = ["RateTarget", "rate_target", "rate_decision", "rating_entry", "FINISHED"]

FINISHED = "finished, no decision left; use --at to rate a recorded one"


@dataclass(frozen=True)
class RateTarget:
    """A decision to rate: the seat's view, and for a recorded decision its point and the choice made there."""

    view: SeatView
    at: Optional[Point] = None
    chosen: Optional[str] = None


def rate_target(record: GameRecord, seat: Optional[Seat], decision: Optional[str],
                at: Optional[Point], infer: bool = False) -> Union[RateTarget, str]:
    """What to rate on ``record``, or why the board is left out (with
    ``infer``, a decision that inference cannot apply to)."""
    found = _decision(record, seat, decision, at)
    if infer and isinstance(found, RateTarget):
        reason = nothing_to_infer(found.view)
        if reason is not None:
            return f"--infer: {reason}"
    return found


def _decision(record: GameRecord, seat: Optional[Seat], decision: Optional[str],
              at: Optional[Point]) -> Union[RateTarget, str]:
    if at is not None:
        node = node_at(record, at)
        if isinstance(node, str):
            return node
        return RateTarget(_located(record, lambda: record.node_view(node)), at, option_name(node.action))
    if record.state.to_act is None:
        return FINISHED
    view = _view(record, seat)
    kind = DECISIONS.get(view.phase)
    if decision is not None and kind != decision:
        raise InvalidOption(f"{record.board.source}: {record.board.label()}: the next decision is {kind or 'none'}, "
                                           f"not {decision}")
    return RateTarget(view)


def _view(record: GameRecord, seat: Optional[Seat]) -> SeatView:
    board, state = record.board, record.state
    actor = state.to_act
    assert actor is not None  # a finished board is left out before
    partner = state.phase is Phase.LONE and seat is board.forehand.partner
    if seat is not None and seat is not actor and not partner:
        raise InvalidOption(f"{board.source}: {board.label()}: {seat} does not decide now; {actor} does "
                            f"({DECISIONS[state.phase.value]})")
    view = _located(record, lambda: record.view(seat or actor))
    return partner_view(view) if partner else view


def _located(record: GameRecord, view: Callable[[], SeatView]) -> SeatView:
    """``view()``, a file that lacks what the seat knew being bad input."""
    try:
        return view()
    except IncompleteBoard as error:
        known = [str(seat) for seat, hand in record.board.hands.items() if hand is not None]
        only = f"; the board shows {known[0]}'s hand only, so only {known[0]}'s decisions can be rated" \
            if len(known) == 1 else ""
        raise IncompleteBoard(f"{record.board.source}: {error}{only}") from None


def rating_entry(record: GameRecord, target: RateTarget, rating: Rating, seconds: float,
                 score_source: str) -> dict[str, Any]:
    """A board's JSON: the rating, and with --at the recorded choice, what it
    lost and whether that is an error; ``score_source`` says where the score
    it was rated at came from."""
    chosen = target.chosen if target.chosen in [o.option for o in rating.options] else None
    mark = rating.mark(chosen) if chosen is not None and rating.has_verdict else None  # no verdict: no mark, no error
    return {"board": record.board.number, "line": record.board.line("Dealer"), "seconds": round(seconds, 3),
            "advice": advice_sentence(rating), **_with_words(rating, rating.to_dict()),
            "at": None if target.at is None else target.at.text, "chosen": chosen,
            "chosen_advice": None if chosen is None else choice_sentence(rating, chosen),
            "loss": None if chosen is None else rating.loss(chosen), "mark": mark,
            "error": None if mark is None else bool(mark), "score_source": score_source}


def _with_words(rating: Rating, data: dict[str, Any]) -> dict[str, Any]:
    """A rating's data with each option in a player's words (``refusing``),
    the double-dummy rating beside it too."""
    words: dict[str, Any] = {"options": [{**o, "words": option_words(rating.decision, o["option"])}
                                         for o in data["options"]]}
    if rating.double_dummy is not None and data.get("double_dummy") is not None:
        words["double_dummy"] = _with_words(rating.double_dummy, data["double_dummy"])
    return {**data, **words}




def rate_decision(view: SeatView, play: str, *, playouts: Optional[int], effort: int,
                  solved: Optional[Progress] = None, played: Optional[Progress] = None,
                  inferred: Optional[InferenceProgress] = None, infer_cards: bool = False,
                  **settings: Any) -> Rating:
    """The rating of ``view``'s decision with the cards played ``play``
    (:data:`PLAYS`): double dummy (:func:`~altbaumer.hidden.rating.rate_view`),
    or realistically (:func:`~altbaumer.play.realistic.rate_realistic`,
    ``playouts`` an option or until settled, at most ``effort``). The
    callbacks follow the worlds solved, the playouts and the inference;
    Ctrl-C gives the partial rating. With ``infer_cards`` the worlds are
    weighed by the cards the other seats chose
    (:class:`~altbaumer.play.card_inference.CardPlayWeigher`). ``settings``
    are the two raters' common keywords; the playouts run on as many threads
    as the worlds are solved on: those of ``settings["solver"]`` when given
    (the raters then ignore ``threads``), else ``threads`` (None: every core)."""
    if play not in PLAYS:
        raise InvalidOption(f"play {play!r}: not one of {', '.join(PLAYS)}")
    needed = infer_cards or play == "realistic"  # the double-dummy rating alone plays nothing out
    solver = settings.get("solver")
    threads = settings.get("threads") if solver is None else solver.threads
    with Engine(threads) if needed else nullcontext() as engine:
        weigh = CardPlayWeigher(engine) if engine is not None and infer_cards else None
        if play == "realistic":
            return rate_realistic(view, playouts=playouts, effort=effort, partial_on_interrupt=True, progress=played,
                                  dd_progress=solved, inference_progress=inferred, weigh=weigh, engine=engine,
                                  **settings)
        return rate_view(view, partial_on_interrupt=True, progress=solved, inference_progress=inferred, weigh=weigh,
                         **settings)
