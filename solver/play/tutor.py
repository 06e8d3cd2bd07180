"""The tutor at the table: each of the person's decisions and cards rated
from the person's knowledge, and a warning before a costly choice, as
gnubg's tutor warns ("Play anyway / Rethink / Hint").

The rating is :func:`~altbaumer.play.realistic.rate_realistic`'s, every
seat playing the worlds out from its own knowledge, at an effort fit for
play (:class:`TutorEffort`: under half a second on one core at the 90th
percentile, docs/play.md). It is started as soon as the decision is the
person's, on a worker thread, so that it is ready when the person chooses.
A choice is warned about when its mark (:mod:`altbaumer.hidden.verdicts`:
beyond the noise and the threshold) is at least the tutor's level; a choice
within the noise of the best never is.

>>> should_warn("?", "mistake"), should_warn("?!", "mistake"), should_warn("??", "off"), should_warn("", "inaccuracy")
(True, False, False, False)
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from threading import Lock
from typing import Any, Optional

from altbaumer.dd.solver import Solver
from altbaumer.errors import InvalidOption
from altbaumer.game.actions import Phase
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.advice import best_sentence, choice_sentence, option_action, options_in_words
from altbaumer.hidden.rating import DECISIONS, Rating
from altbaumer.hidden.verdicts import MARKS
from altbaumer.play.engine import Engine
from altbaumer.play.realistic import rate_realistic

__all__ = ["TUTOR_LEVELS", "DEFAULT_TUTOR", "TutorEffort", "Verdict", "Hint", "Tutor", "should_warn", "verdict_of",
           "hint_of", "rated"]

TUTOR_LEVELS = ("off", "inaccuracy", "mistake", "blunder")
"""The tutor's settings: off, or the least mark it warns about."""
DEFAULT_TUTOR = "mistake"


@dataclass(frozen=True)
class TutorEffort:
    """How much a tutor's rating solves and plays out: ``samples`` worlds
    (all of them when there are no more), and at most so many playouts an
    option, until the ranking is settled: ``effort`` for a card,
    ``turn_effort`` at accept or refuse, ``discard_effort`` for the
    discard, ``alone_effort`` for a lone choice. What a playout costs differs
    by decision: some 1 ms from a card or a lone choice, 5 ms from the
    discard and 20 ms from accept or refuse (the decisions inside each
    playout are made by players of their own). So that each is ready within
    half a second, the dearer decisions play out fewer worlds, the
    double-dummy values of all the samples steadying them as the control
    variate."""

    samples: int = 200
    effort: int = 128
    turn_effort: int = 20
    discard_effort: int = 64
    alone_effort: int = 256
    seed: int = 0

    def scaled(self, factor: int) -> "TutorEffort":
        """The same rating at ``factor`` times the effort (the benchmark's reference)."""
        return TutorEffort(self.samples * factor, self.effort * factor, self.turn_effort * factor,
                           self.discard_effort * factor, self.alone_effort * factor, self.seed)

    def playouts(self, view: SeatView) -> int:
        """The most playouts an option of ``view``'s decision gets."""
        by_phase = {Phase.TRUMP.value: self.turn_effort, Phase.DISCARD.value: self.discard_effort,
                    Phase.LONE.value: self.alone_effort}
        return by_phase.get(view.phase, self.effort)


def should_warn(mark: str, tutor: str) -> bool:
    """A choice with ``mark`` is warned about at this tutor setting."""
    if tutor not in TUTOR_LEVELS:
        raise InvalidOption(f"tutor {tutor!r}: not one of {', '.join(TUTOR_LEVELS)}")
    return tutor != "off" and bool(mark) and MARKS.index(mark) >= TUTOR_LEVELS.index(tutor) - 1


def rated(view: SeatView) -> bool:
    """The decision is one the tutor rates: a choice among two or more, past the cut."""
    return DECISIONS.get(view.phase) is not None and len(view.legal) > 1


@dataclass(frozen=True)
class Verdict:
    """The tutor's word on one choice: its ``mark`` (empty when fine), whether
    it ``warn``s at the tutor's setting, the sentence and the options."""

    chosen: str
    best: str
    loss: float
    mark: str
    warn: bool
    words: str
    options: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"chosen": self.chosen, "best": self.best, "loss": round(self.loss, 4), "mark": self.mark,
                "warn": self.warn, "verdict": self.words, "options": self.options}


@dataclass(frozen=True)
class Hint:
    """The best option as an action and why, in words, with the top options."""

    best: str
    words: str
    options: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {"best": self.best, "verdict": self.words, "options": self.options}


def verdict_of(rating: Rating, chosen: str, tutor: str) -> Verdict:
    """The verdict on choosing the option ``chosen`` (a rating's option name)."""
    mark = rating.mark(chosen) if rating.has_verdict else ""
    return Verdict(chosen, rating.best.option, max(0.0, rating.loss(chosen)), mark, should_warn(mark, tutor),
                   choice_sentence(rating, chosen), options_in_words(rating, limit=4))


def hint_of(rating: Rating) -> Hint:
    return Hint(option_action(rating.decision, rating.best.option), best_sentence(rating),
                options_in_words(rating, limit=4))


class Tutor:
    """Rates views on one worker thread, one rating at a time, with its own
    solver and playout engine (one search thread each: the bots and the
    server have the other core). :meth:`start` returns the rating's future;
    the same view and score asked again share it."""

    def __init__(self, effort: TutorEffort = TutorEffort()) -> None:
        self.effort = effort
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="altbaumer-tutor")
        self._lock = Lock()
        self._futures: dict[tuple[SeatView, MatchState], Future[Rating]] = {}
        self._solver: Optional[Solver] = None
        self._engine: Optional[Engine] = None

    def start(self, view: SeatView, state: MatchState) -> Future[Rating]:
        with self._lock:
            key = (view, state)
            if key not in self._futures:
                if len(self._futures) > 256:  # ratings of decisions long past
                    self._futures.clear()
                self._futures[key] = self._pool.submit(self._rate, view, state)
            return self._futures[key]

    def rating(self, view: SeatView, state: MatchState, timeout: Optional[float] = None) -> Rating:
        return self.start(view, state).result(timeout)

    def _rate(self, view: SeatView, state: MatchState) -> Rating:
        if self._solver is None:
            self._solver, self._engine = Solver(2.0, threads=1), Engine(threads=1)
        effort = self.effort
        return rate_realistic(view, state=state, samples=effort.samples, exact_limit=effort.samples,
                              effort=effort.playouts(view), seed=effort.seed, solver=self._solver,
                              engine=self._engine, threads=1)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        for owned in (self._solver, self._engine):
            if owned is not None:
                owned.close()
        self._solver = self._engine = None

