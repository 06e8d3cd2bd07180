"""Rate a decision under hidden information: accept or refuse, the discard,
lone play, or a card to play, from what the deciding seat knows.

The method is perfect-information Monte Carlo, as in bridge and Euchre
programs. :mod:`altbaumer.knowledge` gives the seat's information set,
:mod:`altbaumer.worlds` every layout of the unknown cards consistent with it
(or a uniform sample), and each option is solved double dummy in every world
through the batch solver. The options are compared on the same worlds, so
their differences are measured far more precisely than their values.

Approximations (documented in docs/rating.md):

* card play in each world is double dummy: every player sees all cards after
  the decision (the classic PIMC assumption);
* later decisions inside an option follow the same rule, each by its own
  decider: forehand picks the discard and whether to play alone to maximise
  the objective over the worlds it cannot tell apart (after a refusal, the
  worlds that turned up the same stock cards); forehand's partner decides on
  lone play per group of worlds in which the partner's own hand is the same;
* those choices are made on the worlds being rated, which favours the
  options with later choices slightly when the worlds are a sample.

>>> from altbaumer.deal import Deal
>>> deal = Deal.from_seed(4)
>>> rating = rate_view(deal.view(deal.forehand), samples=200, seed=1, exact_limit=0)
>>> rating.decision, [o.option for o in rating.options], rating.exact
('turn', ['accept', 'refuse'], False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Callable, Optional

import numpy as np

from .cards import Card, CardSet
from .deal import DeclareAlone
from .errors import AltbaumerError
from .knowledge import InfoSet
from .making import DEFENDERS_POINTS, MAKERS_POINTS, all_lines, discard_lines
from .search import BATCH_COLUMNS, Solver
from .seats import Seat, Team
from .view import SeatView
from .worlds import Worlds, worlds_for

__all__ = ["OBJECTIVES", "DECISIONS", "OptionRating", "Rating", "rate_view", "partner_decides", "DEFAULT_EXACT_LIMIT",
           "DEFAULT_SAMPLES"]

OBJECTIVES = ("net", "make", "march")
"""net: expected makers' minus defenders' points; make: P(makers ≥ 3); march: P(makers = 5)."""
DECISIONS = {"trump": "turn", "discard": "discard", "lone": "alone", "play": "play"}
"""The decision rated in each phase of a deal."""
DEFAULT_EXACT_LIMIT = 20_000
DEFAULT_SAMPLES = 10_000
_Z95 = 1.959964
_CHUNK = 2_000  # worlds per batch call: progress and Ctrl-C between chunks

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class OptionRating:
    """One option over the worlds: the makers' mean tricks, the chances to
    make (3+), march (5) and take nothing, mean makers' deal points and net
    swing, the 95% half-widths of each (0 when exact), and the objective's
    difference from the best option on the same worlds."""

    option: str
    mean_tricks: float
    p_make: float
    p_march: float
    p_zero: float
    points: float
    net: float
    ci95: dict[str, float]
    delta: float
    delta_ci95: float
    best: bool

    def to_dict(self) -> dict[str, Any]:
        return {"option": self.option, "mean_tricks": self.mean_tricks, "p_make": self.p_make,
                "p_march": self.p_march, "p_zero": self.p_zero, "points": self.points, "net": self.net,
                "ci95": self.ci95, "delta": self.delta, "delta_ci95": self.delta_ci95, "best": self.best}


@dataclass(frozen=True)
class Rating:
    """The options of one decision rated over ``worlds`` layouts (all of them
    when ``exact``; ``total`` is how many exist). ``complete`` is false when
    the run was interrupted and only part of the worlds were solved."""

    decision: str
    seat: Seat
    maker: bool
    objective: str
    worlds: int
    total: int
    exact: bool
    complete: bool
    options: tuple[OptionRating, ...]

    @property
    def best(self) -> OptionRating:
        return next(o for o in self.options if o.best)

    def option(self, name: str) -> OptionRating:
        return next(o for o in self.options if o.option == name)

    def to_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": str(self.seat), "maker": self.maker, "objective": self.objective,
                "worlds": self.worlds, "total_worlds": self.total, "exact": self.exact, "complete": self.complete,
                "best": self.best.option, "options": [o.to_dict() for o in self.options]}


def rate_view(view: SeatView, *, objective: str = "net", exact_limit: int = DEFAULT_EXACT_LIMIT,
              samples: int = DEFAULT_SAMPLES, seed: int = 0, threads: int = 0,
              progress: Optional[Progress] = None, partial_on_interrupt: bool = True) -> Rating:
    """Rate the decision ``view.seat`` faces now (it must be the seat to act).

    Worlds are enumerated when there are at most ``exact_limit`` of them,
    else ``samples`` are drawn uniformly with ``seed``. ``threads`` (0: all
    cores) runs the batch solver in parallel; ``progress(done, total)`` is
    called after each batch. Ctrl-C stops at the next batch and returns the
    worlds done so far, marked incomplete (or, without
    ``partial_on_interrupt``, raises KeyboardInterrupt on).
    """
    if objective not in OBJECTIVES:
        raise AltbaumerError(f"unknown objective {objective!r} (choose from {', '.join(OBJECTIVES)})")
    decision = DECISIONS.get(view.phase)
    if decision is None or view.to_act is not view.seat:
        raise AltbaumerError(f"{view.seat} has no decision to make now ({view.phase} phase)")
    info = InfoSet.from_view(view)
    worlds = worlds_for(info, exact_limit, samples, seed)
    rater = _RATERS[decision](view, threads, objective)
    done = _solve_chunks(rater, worlds, progress, partial_on_interrupt)
    labels, tricks = rater.finish(worlds, done)
    maker = view.seat.team is view.forehand.team
    options = _rate_options(labels, tricks, objective, maker, worlds.exact and done == len(worlds))
    return Rating(decision, view.seat, maker, objective, done, worlds.total, worlds.exact, done == len(worlds),
                  options)


def _solve_chunks(rater: "_Rater", worlds: Worlds, progress: Optional[Progress], partial: bool) -> int:
    done = 0
    try:
        while done < len(worlds):
            stop = min(done + _CHUNK, len(worlds))
            rater.solve(worlds, slice(done, stop))
            done = stop
            if progress is not None:
                progress(done, len(worlds))
    except KeyboardInterrupt:
        if done == 0 or not partial:
            raise
    return done


# -- statistics ------------------------------------------------------------------------


def _objective(tricks: np.ndarray, objective: str) -> np.ndarray:
    if objective == "make":
        return (tricks >= 3).astype(np.float64)
    if objective == "march":
        return (tricks == 5).astype(np.float64)
    return (MAKERS_POINTS[tricks] - DEFENDERS_POINTS[tricks]).astype(np.float64)


def _mean_ci(values: np.ndarray, exact: bool) -> tuple[float, float]:
    mean = float(values.mean())
    if exact or len(values) < 2:
        return mean, 0.0
    return mean, float(_Z95 * values.std(ddof=1) / math.sqrt(len(values)))


def _rate_options(labels: list[str], tricks: np.ndarray, objective: str, maker: bool,
                  exact: bool) -> tuple[OptionRating, ...]:
    """Statistics of every option (columns of ``tricks``: makers' final tricks
    per world) and the best one for the decider's side."""
    goal = _objective(tricks, objective)
    means = goal.mean(axis=0)
    best = int(np.argmax(means) if maker else np.argmin(means))
    points = MAKERS_POINTS[tricks].astype(np.float64)
    net = points - DEFENDERS_POINTS[tricks]
    rated = []
    for j, label in enumerate(labels):
        t = tricks[:, j]
        stats = {"mean_tricks": t.astype(np.float64), "p_make": (t >= 3).astype(np.float64),
                 "p_march": (t == 5).astype(np.float64), "p_zero": (t == 0).astype(np.float64),
                 "points": points[:, j], "net": net[:, j]}
        values = {k: _mean_ci(v, exact) for k, v in stats.items()}
        delta, delta_ci = _mean_ci(goal[:, j] - goal[:, best], exact)
        rated.append(OptionRating(label, *(values[k][0] for k in stats), {k: v[1] for k, v in values.items()},
                                  delta, delta_ci, j == best))
    return tuple(rated)


def _choose(values: np.ndarray, objective: str, groups: Optional[np.ndarray] = None) -> np.ndarray:
    """Per world, the column of ``values`` (makers' tricks, worlds × options)
    a maker picks: the best mean objective over the worlds of its group (all
    worlds when ``groups`` is None). Ties go to the lower column."""
    goal = _objective(values, objective)
    if groups is None:
        return np.full(len(values), int(np.argmax(goal.mean(axis=0))), dtype=np.intp)
    sums = np.zeros((int(groups.max()) + 1, values.shape[1]))
    np.add.at(sums, groups, goal)
    return np.argmax(sums, axis=1)[groups]


def partner_decides(together: np.ndarray, alone: np.ndarray, partner_hands: np.ndarray,
                    objective: str) -> np.ndarray:
    """The makers' tricks when forehand's partner chooses between playing
    together and alone, per group of worlds where the partner holds the same
    hand (what the partner can tell apart among the worlds rated)."""
    _, groups = np.unique(partner_hands, return_inverse=True)
    both = np.stack([together, alone], axis=1)
    return both[np.arange(len(both)), _choose(both, objective, groups.reshape(-1))]


def lone_stage(lines: np.ndarray, partner_hands: np.ndarray, objective: str) -> np.ndarray:
    """``lines`` (worlds × 3: together, forehand alone, partner alone): the
    tricks when forehand first decides, over all these worlds, whether to
    play alone, and if not the partner decides (:func:`partner_decides`)."""
    passed = partner_decides(lines[:, 0], lines[:, 2], partner_hands, objective)
    both = np.stack([passed, lines[:, 1]], axis=1)
    return both[np.arange(len(both)), _choose(both, objective)]


def forehand_line(tricks: np.ndarray, partner_hands: np.ndarray, objective: str) -> np.ndarray:
    """``tricks`` (worlds × discards × 3) over worlds forehand cannot tell
    apart: the tricks when forehand picks the best discard, knowing the lone
    decisions that follow."""
    staged = np.stack([lone_stage(tricks[:, j], partner_hands, objective) for j in range(tricks.shape[1])], axis=1)
    return staged[np.arange(len(staged)), _choose(staged, objective)]


# -- the raters ------------------------------------------------------------------------


class _Rater:
    """Solves one decision's lines world chunk by world chunk, then folds
    them into makers' final tricks per world and option."""

    def __init__(self, view: SeatView, threads: int, objective: str) -> None:
        self.view = view
        self.threads = threads
        self.objective = objective
        self.solver = Solver(tt_mib=8.0)
        self.forehand = view.forehand
        self.partner = view.forehand.partner
        self.parts: list[Any] = []

    def solve(self, worlds: Worlds, part: slice) -> None:
        raise NotImplementedError

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        raise NotImplementedError


class _TurnRater(_Rater):
    """Accept or refuse (forehand, trump phase): every discard and lone line of both branches."""

    def solve(self, worlds: Worlds, part: slice) -> None:
        self.parts.append(all_lines(worlds.hands[part], worlds.stock[part], self.view.dealer,
                                    threads=self.threads, solver=self.solver))

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        partner_hands = worlds.hands[:done, self.partner]
        accept = np.concatenate([branch.groups[0].tricks for branch, _ in self.parts])
        values = np.empty((done, 2), dtype=np.int8)
        values[:, 0] = forehand_line(accept, partner_hands, self.objective)
        self._refusals(values, partner_hands)
        return ["accept", "refuse"], values

    def _refusals(self, values: np.ndarray, partner_hands: np.ndarray) -> None:
        # After a refusal forehand sees which stock cards turned up, so it picks
        # its discard within each group of worlds with the same public outcome.
        offset = 0
        outcomes: dict[tuple[int, int], list[tuple[np.ndarray, np.ndarray]]] = {}
        for _, refuse in self.parts:
            for group in refuse.groups:
                for taken, exposed in set(zip(group.taken.tolist(), group.exposed.tolist())):
                    rows = np.flatnonzero((group.taken == taken) & (group.exposed == exposed))
                    outcomes.setdefault((taken, exposed), []).append((group.worlds[rows] + offset, group.tricks[rows]))
            offset += len(refuse.outcomes)
        for pieces in outcomes.values():
            index = np.concatenate([p[0] for p in pieces])
            tricks = np.concatenate([p[1] for p in pieces])
            values[index, 1] = forehand_line(tricks, partner_hands[index], self.objective)


class _DiscardRater(_Rater):
    """Forehand's discard: each option, with the lone decisions that follow."""

    def solve(self, worlds: Worlds, part: slice) -> None:
        count = 4 if len(self.view.taken) == 4 else 1
        self.parts.append(discard_lines(worlds.hands[part], int(self.view.trump), self.forehand, count,
                                        threads=self.threads, solver=self.solver))

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        tricks = np.concatenate([p[0] for p in self.parts])
        partner_hands = worlds.hands[:done, self.partner]
        staged = np.stack([lone_stage(tricks[:, j], partner_hands, self.objective) for j in range(tricks.shape[1])],
                          axis=1)
        labels = [CardSet(int(mask)).ascii() for mask in self.parts[0][1][0]]
        return labels, staged


class _AloneRater(_Rater):
    """Lone play: forehand (the partner decides next if forehand passes), or
    the partner after forehand passed."""

    def solve(self, worlds: Worlds, part: slice) -> None:
        lines, _ = discard_lines(worlds.hands[part], int(self.view.trump), self.forehand, 0,
                                 threads=self.threads, solver=self.solver)
        self.parts.append(lines[:, 0, :])

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        lines = np.concatenate(self.parts)
        if self.view.seat is self.forehand:
            together = partner_decides(lines[:, 0], lines[:, 2], worlds.hands[:done, self.partner], self.objective)
            alone = lines[:, 1]
        else:
            together, alone = lines[:, 0], lines[:, 2]
        return ["together", "alone"], np.stack([together, alone], axis=1)


class _PlayRater(_Rater):
    """A card to play: each legal card, double dummy afterwards in every world."""

    def solve(self, worlds: Worlds, part: slice) -> None:
        view = self.view
        hands = worlds.hands[part]
        rows = np.empty((len(hands), len(BATCH_COLUMNS)), dtype=np.int64)
        rows[:, :4] = hands
        rows[:, 4] = int(view.trump)  # type: ignore[arg-type]
        rows[:, 5] = int(view.trick_leader)  # type: ignore[arg-type]
        rows[:, 6] = -1 if view.lone is None else int(view.lone)
        rows[:, 7] = int(view.forehand.team)
        self.parts.append(self.solver.solve_batch_moves(rows, self.threads, view.trick_cards))

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = np.concatenate(self.parts)
        cards = sorted((action.card for action in self.view.legal), key=lambda c: c.index)
        makers = self.view.forehand.team
        taken = self.view.tricks_won[0 if makers is Team.NS else 1]
        return [c.ascii() for c in cards], values[:, [c.index for c in cards]].astype(np.int8) + taken


_RATERS: dict[str, type[_Rater]] = {
    "turn": _TurnRater, "discard": _DiscardRater, "alone": _AloneRater, "play": _PlayRater,
}


def partner_view(view: SeatView) -> SeatView:
    """The partner's view in the lone phase once forehand has passed (a file
    cannot record a pass on its own, so ``rate --seat`` asks for it)."""
    return replace(view, to_act=view.seat, lone_passed=(view.forehand,),
                   legal=(DeclareAlone(False), DeclareAlone(True)))
