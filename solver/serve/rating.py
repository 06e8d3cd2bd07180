"""A rating request of the analysis server: the options of ``altbaumer
rate`` as keys, checked before the job starts, and the job's work, whose
answer is the board entry ``altbaumer rate --json`` gives for the same
board and options (docs/serve.md).

The server bounds what one job may ask for: at most :data:`SAMPLES_MAX`
worlds and :data:`PLAYOUTS_LIMIT` playouts an option.

>>> rating_work({"abn": '[Dealer "S"]\\n', "samples": 1})
Traceback (most recent call last):
...
altbaumer.errors.InvalidOption: samples: 1 is not 2 to 100,000
"""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping

from altbaumer.errors import InvalidOption
from altbaumer.game.arguments import SEED_MAX
from altbaumer.game.seats import Seat
from altbaumer.hidden.endgame import ENDGAME
from altbaumer.hidden.rating import DECISIONS, DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES, OBJECTIVES
from altbaumer.lang import _
from altbaumer.play.card_inference import INFER_CARDS
from altbaumer.play.outcomes import PLAYS
from altbaumer.play.realistic import DEFAULT_EFFORT
from altbaumer.report.board_rate import RateTarget, rate_decision, rate_target, rating_entry
from altbaumer.report.points import parse_point
from altbaumer.serve.jobs import Job
from altbaumer.serve.lines import line_from_request, line_record
from altbaumer.serve.requests import BoardRequest, board_request, flag_key, int_key, text_key

__all__ = ["rating_work", "RATE_KEYS", "SAMPLES_MAX", "PLAYOUTS_LIMIT"]

SAMPLES_MAX = 100_000
"""Worlds a job may draw or enumerate (a few seconds of solving each 10,000)."""
PLAYOUTS_LIMIT = 5_000
"""Playouts an option a job may play out (some minutes)."""
RATE_KEYS = frozenset({"abn", "name", "board", "line", "at", "seat", "decision", "score", "seed", "play", "playouts",
                       "effort", "samples", "exact_limit", "objective", "tricks", "infer", "infer_cards", "endgame"})


def rating_work(body: Mapping[str, Any]) -> Callable[[Job], dict[str, Any]]:
    """The work of the rating ``body`` asks for, every key checked now so
    that a bad request is refused before a job starts."""
    unknown = sorted(set(body) - RATE_KEYS)
    if unknown:
        raise InvalidOption(_("{key}: not an option of rate (they are: {keys})").format(
            key=unknown[0], keys=", ".join(sorted(RATE_KEYS))))
    play = _choice(body, "play", PLAYS, "realistic")
    settings: dict[str, Any] = dict(objective=_choice(body, "objective", OBJECTIVES, "match"),
                    exact_limit=int_key(body, "exact_limit", 0, SAMPLES_MAX, DEFAULT_EXACT_LIMIT),
                    samples=int_key(body, "samples", 2, SAMPLES_MAX, DEFAULT_SAMPLES),
                    seed=int_key(body, "seed", 0, SEED_MAX, 0), infer=flag_key(body, "infer"),
                    infer_cards=flag_key(body, "infer_cards", INFER_CARDS),
                    endgame=flag_key(body, "endgame", ENDGAME), tricks=flag_key(body, "tricks"))
    playouts = int_key(body, "playouts", 2, PLAYOUTS_LIMIT)
    effort = int_key(body, "effort", 2, PLAYOUTS_LIMIT, DEFAULT_EFFORT)
    assert effort is not None
    request = board_request(body, score_key=True)
    record = line_record(request.record, line_from_request(body.get("line")))
    target = _target(body, request, record)
    settings["state"] = request.score.state

    def work(job: Job) -> dict[str, Any]:
        started = time.perf_counter()
        rating = rate_decision(target.view, play, playouts=playouts, effort=effort,
                               solved=job.progress("rating", "worlds"), played=job.progress("playing out", "playouts"),
                               inferred=job.inference, **settings)
        return rating_entry(record, target, rating, time.perf_counter() - started, request.score.source)

    return work


def _target(body: Mapping[str, Any], request: BoardRequest, record: Any) -> RateTarget:
    at_text, seat_text, decision = text_key(body, "at"), text_key(body, "seat"), text_key(body, "decision")
    at = None if at_text is None else parse_point(at_text, "at")
    if at is not None and (seat_text is not None or decision is not None):
        raise InvalidOption(_("at names the decision and so its seat: leave out seat and decision"))
    if decision is not None and decision not in set(DECISIONS.values()):
        raise InvalidOption(_("{key} {value}: not one of {choices}").format(
            key="decision", value=repr(decision), choices=", ".join(sorted(set(DECISIONS.values())))))
    seat = None if seat_text is None else Seat.parse(seat_text)
    found = rate_target(record, seat, decision, at, flag_key(body, "infer"))
    if isinstance(found, str):
        raise InvalidOption(f"{request.name}: {record.board.label()}: {found}")
    return found


def _choice(body: Mapping[str, Any], key: str, choices: tuple[str, ...], default: str) -> str:
    value = text_key(body, key, default)
    if value not in choices:
        raise InvalidOption(_("{key} {value}: not one of {choices}").format(key=key, value=repr(value),
                                                                             choices=", ".join(choices)))
    return value

