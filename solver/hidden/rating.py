"""Rate a decision under hidden information: accept or refuse, the discard,
lone play, or a card to play, from what the deciding seat knows.

The method is perfect-information Monte Carlo, as in bridge and Euchre
programs. :mod:`altbaumer.hidden.knowledge` gives the seat's information set,
:mod:`altbaumer.hidden.worlds` every layout of the unknown cards consistent with it
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

>>> from altbaumer.game.deal import Deal
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

from altbaumer.game.cards import CardSet
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Play, Refuse
from altbaumer.errors import AltbaumerError
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.making import deal_points, discard_options, fold_lines, line_rows, net_points, turn_outcomes
from altbaumer.dd.rows import NO_LONE, encode_rows
from altbaumer.dd.solver import Solver, using_solver
from altbaumer.game.seats import Seat, Team
from altbaumer.game.view import SeatView
from altbaumer.hidden.worlds import Worlds, worlds_for

__all__ = ["OBJECTIVES", "DECISIONS", "SideFigures", "OptionRating", "Rating", "rate_view", "option_name",
           "partner_decides", "world_bytes", "WORLD_BYTES", "FOUR_CARD_DISCARD_BYTES", "DEFAULT_EXACT_LIMIT",
           "DEFAULT_SAMPLES"]

OBJECTIVES = ("net", "make", "march")
"""net: expected makers' minus defenders' points; make: P(makers ≥ 3); march: P(makers = 5)."""
DECISIONS = {"trump": "turn", "discard": "discard", "lone": "alone", "play": "play"}
"""The decision rated in each phase of a deal."""
DEFAULT_EXACT_LIMIT = 20_000
DEFAULT_SAMPLES = 10_000
_Z95 = 1.959964
_CHUNK = 2_000  # worlds per batch call: progress and Ctrl-C between chunks
WORLD_BYTES = {"turn": 350, "discard": 520, "alone": 310, "play": 260}
"""Peak memory per world of rating each decision, in bytes: the worlds and
their making, and what the rater keeps of each world until it folds the lines
(measured as resident memory from 20,000 to 100,000 worlds, and a fifth added)."""
FOUR_CARD_DISCARD_BYTES = 6_200  # 126 discards of three lines each, and each discard as a mask
_FIRST_CHUNKS = (500, 1_500)  # smaller first batches when pruning, so clear losers stop early
_PRUNE_Z = 4.0  # standard errors by which a line must trail to be dropped
_PRUNE_MIN = 100  # worlds of a group solved before any of its lines is dropped
_ELIMINATE_UNTIL = 4_000  # later rounds find little more to drop and cost Python time

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SideFigures:
    """An option's figures for one side, the deciding seat's: its mean
    tricks; the chances that it wins the deal (the makers take 3 or more, the
    defenders hold them to 2 or fewer), takes all five tricks and takes none;
    its mean deal points and net swing (its points minus the other side's),
    each with its 95% half-width in ``ci95``; and the objective the option
    gives up against the best option for this side (``delta`` ≤ 0, the best 0)."""

    side: str  # "makers" or "defenders"
    tricks: float
    p_win: float
    p_all: float
    p_none: float
    points: float
    net: float
    ci95: dict[str, float]
    delta: float
    delta_ci95: float

    def to_dict(self) -> dict[str, Any]:
        return {"tricks": self.tricks, "p_win": self.p_win, "p_all": self.p_all, "p_none": self.p_none,
                "points": self.points, "net": self.net, "ci95": self.ci95, "delta": self.delta,
                "delta_ci95": self.delta_ci95}


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
    worlds: int = 0
    """Worlds this option was solved in: all of them, or the first batch for an
    option dropped early by the successive elimination (docs/rating.md)."""

    def figures(self, maker: bool) -> SideFigures:
        """The figures for the makers (``maker``) or for the defenders, whose
        tricks, chances and points mirror the makers' (five tricks a deal)."""
        ci = self.ci95.get
        if maker:
            return SideFigures("makers", self.mean_tricks, self.p_make, self.p_march, self.p_zero, self.points,
                               self.net, {"tricks": ci("mean_tricks", 0.0), "p_win": ci("p_make", 0.0),
                                          "p_all": ci("p_march", 0.0), "p_none": ci("p_zero", 0.0),
                                          "points": ci("points", 0.0), "net": ci("net", 0.0)},
                               self.delta, self.delta_ci95)
        return SideFigures("defenders", 5 - self.mean_tricks, 1 - self.p_make, self.p_zero, self.p_march,
                           self.points - self.net, -self.net,
                           {"tricks": ci("mean_tricks", 0.0), "p_win": ci("p_make", 0.0), "p_all": ci("p_zero", 0.0),
                            "p_none": ci("p_march", 0.0), "points": ci("conceded", 0.0), "net": ci("net", 0.0)},
                           -self.delta, self.delta_ci95)

    def to_dict(self) -> dict[str, Any]:
        return {"option": self.option, "mean_tricks": self.mean_tricks, "p_make": self.p_make,
                "p_march": self.p_march, "p_zero": self.p_zero, "points": self.points, "net": self.net,
                "ci95": self.ci95, "delta": self.delta, "delta_ci95": self.delta_ci95, "best": self.best,
                "worlds": self.worlds}


@dataclass(frozen=True)
class Rating:
    """The options of one decision rated over ``worlds`` layouts (all of them
    when ``exact``; ``total`` is how many exist). ``complete`` is false when
    the run was interrupted and only part of the worlds were solved."""

    decision: str
    seat: Seat
    maker: bool  # the deciding seat is a maker; every OptionRating figure is the makers'

    objective: str
    worlds: int
    total: int
    exact: bool
    complete: bool
    options: tuple[OptionRating, ...]

    @property
    def side(self) -> str:
        """The deciding seat's side: ``makers`` or ``defenders``."""
        return "makers" if self.maker else "defenders"

    def for_decider(self, name: str) -> SideFigures:
        """The option's figures for the deciding seat's side."""
        return self.option(name).figures(self.maker)

    @property
    def best(self) -> OptionRating:
        return next(o for o in self.options if o.best)

    def option(self, name: str) -> OptionRating:
        return next(o for o in self.options if o.option == name)

    def loss(self, name: str) -> float:
        """The objective the option gives up against the best option, for the
        decider's side (the makers maximise it, the defenders minimise it)."""
        return -self.for_decider(name).delta

    def significant(self, name: str) -> bool:
        """The option trails the best by more than the 95% interval of the
        difference (by anything at all when the worlds were enumerated)."""
        option = self.option(name)
        return not option.best and abs(option.delta) > option.delta_ci95 + 1e-9

    def to_dict(self) -> dict[str, Any]:
        # The options' own fields stay the makers' figures, whoever decides; for_decider adds the decider's side.
        return {"decision": self.decision, "seat": str(self.seat), "maker": self.maker, "side": self.side,
                "objective": self.objective, "worlds": self.worlds, "total_worlds": self.total, "exact": self.exact,
                "complete": self.complete, "best": self.best.option,
                "options": [{**o.to_dict(), "for_decider": o.figures(self.maker).to_dict()} for o in self.options]}


def rate_view(view: SeatView, *, objective: str = "net", exact_limit: int = DEFAULT_EXACT_LIMIT,
              samples: int = DEFAULT_SAMPLES, seed: int = 0, threads: Optional[int] = None,
              progress: Optional[Progress] = None, partial_on_interrupt: bool = False,
              prune: bool = True, solver: Optional[Solver] = None) -> Rating:
    """Rate the decision ``view.seat`` faces now (it must be the seat to act).

    Worlds are enumerated when there are at most ``exact_limit`` of them,
    else ``samples`` are drawn uniformly with ``seed``. ``threads`` (None: all
    cores) runs the batch solver in parallel; ``progress(done, total)`` is
    called after each batch. With ``prune`` (sampled runs only), lines that
    clearly trail stop being solved (docs/rating.md, successive elimination).
    Ctrl-C (KeyboardInterrupt) propagates, so a caller's loop stops too;
    with ``partial_on_interrupt`` the rating of the batches solved before it
    is returned instead, marked incomplete (it still propagates when no batch
    was solved). Pass a
    ``solver`` to reuse its tables and threads across many ratings (its
    threads then count, not ``threads``).
    """
    if objective not in OBJECTIVES:
        raise AltbaumerError(f"unknown objective {objective!r} (choose from {', '.join(OBJECTIVES)})")
    decision = DECISIONS.get(view.phase)
    if decision is None or view.to_act is not view.seat:
        raise AltbaumerError(f"{view.seat} has no decision to make now ({view.phase} phase)")
    info = InfoSet.from_view(view)
    worlds = worlds_for(info, exact_limit, samples, seed, world_bytes(view))
    with using_solver(solver, tt_mib=2.0, threads=threads) as batch_solver:
        rater = _RATERS[decision](view, objective, batch_solver, prune and not worlds.exact)
        done = _solve_chunks(rater, worlds, progress, partial_on_interrupt)
    labels, tricks = rater.finish(worlds, done)
    maker = view.seat.team is view.forehand.team
    options = _rate_options(labels, tricks, objective, maker, worlds.exact and done == len(worlds))
    return Rating(decision, view.seat, maker, objective, done, worlds.total, worlds.exact, done == len(worlds),
                  options)


def world_bytes(view: SeatView) -> int:
    """The memory per world that rating ``view``'s decision takes (:data:`WORLD_BYTES`)."""
    decision = DECISIONS[view.phase]
    return FOUR_CARD_DISCARD_BYTES if decision == "discard" and _discard_size(view) == 4 else WORLD_BYTES[decision]


def _discard_size(view: SeatView) -> int:
    """Forehand discards as many cards as it took: four in the compulsory case, else one."""
    return 4 if len(view.taken) == 4 else 1


def _solve_chunks(rater: "_Rater", worlds: Worlds, progress: Optional[Progress], partial: bool) -> int:
    done = 0
    sizes = iter(_FIRST_CHUNKS if rater.prune else ())
    try:
        while done < len(worlds):
            stop = min(done + next(sizes, _CHUNK), len(worlds))
            rater.solve(worlds, slice(done, stop))
            done = stop
            if rater.prune and done < min(len(worlds), _ELIMINATE_UNTIL + 1):
                rater.eliminate(worlds, done)
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
    return net_points(tricks).astype(np.float64)


def _mean_ci(values: np.ndarray, exact: bool) -> tuple[float, float]:
    mean = float(values.mean())
    if exact or len(values) < 2:
        return mean, 0.0
    return mean, float(_Z95 * values.std(ddof=1) / math.sqrt(len(values)))


def _rate_options(labels: list[str], tricks: np.ndarray, objective: str, maker: bool,
                  exact: bool) -> tuple[OptionRating, ...]:
    """Statistics of every option (columns of ``tricks``: makers' final tricks
    per world, -1 where an option dropped early was not solved) and the best
    one for the decider's side, among the options solved in every world."""
    solved = tricks >= 0
    safe = np.maximum(tricks, 0)
    goal = _objective(safe, objective)
    means = np.array([goal[solved[:, j], j].mean() for j in range(len(labels))])
    complete = np.asarray(solved.all(axis=0))
    candidates = np.where(complete, means, -np.inf if maker else np.inf)
    best = int(np.argmax(candidates) if maker else np.argmin(candidates))
    made, conceded = deal_points(safe)
    points = made.astype(np.float64)
    net = points - conceded
    rated = []
    for j, label in enumerate(labels):
        rows = solved[:, j]
        t = tricks[rows, j]
        # The defenders' points need their own interval (their mean is points - net).
        stats = {"mean_tricks": t.astype(np.float64), "p_make": (t >= 3).astype(np.float64),
                 "p_march": (t == 5).astype(np.float64), "p_zero": (t == 0).astype(np.float64),
                 "points": points[rows, j], "conceded": conceded[rows, j].astype(np.float64), "net": net[rows, j]}
        values = {k: _mean_ci(v, exact and bool(complete[j])) for k, v in stats.items()}
        delta, delta_ci = _mean_ci(goal[rows, j] - goal[rows, best], exact and bool(complete[j]))
        means_of = {k: v[0] for k, v in values.items()}
        rated.append(OptionRating(label, means_of["mean_tricks"], means_of["p_make"], means_of["p_march"],
                                  means_of["p_zero"], means_of["points"], means_of["net"],
                                  {k: v[1] for k, v in values.items()}, delta, delta_ci, j == best, int(rows.sum())))
    return tuple(rated)


def _choose(values: np.ndarray, objective: str, groups: Optional[np.ndarray] = None) -> np.ndarray:
    """Per world, the column of ``values`` (makers' tricks, worlds × options)
    a maker picks: the best mean objective over the worlds of its group (all
    worlds when ``groups`` is None). Ties go to the lower column."""
    goal = _objective(np.maximum(values, 0), objective)
    goal[values < 0] = -np.inf  # a line dropped by the elimination is never chosen
    if groups is None:
        return np.full(len(values), int(np.argmax(goal.mean(axis=0))), dtype=np.intp)
    size = int(groups.max()) + 1
    sums = np.stack([np.bincount(groups, weights=goal[:, j], minlength=size) for j in range(goal.shape[1])], axis=1)
    return np.argmax(sums, axis=1)[groups]


def partner_groups(partner_hands: np.ndarray) -> np.ndarray:
    """Group labels of the worlds by the partner's hand: the worlds the
    partner cannot tell apart (among those rated)."""
    return np.unique(partner_hands, return_inverse=True)[1].reshape(-1)


def partner_decides(together: np.ndarray, alone: np.ndarray, groups: np.ndarray, objective: str) -> np.ndarray:
    """The makers' tricks when forehand's partner chooses between playing
    together and alone, per group of worlds where the partner holds the same
    hand (``groups``, from :func:`partner_groups`)."""
    both = np.stack([together, alone], axis=1)
    return both[np.arange(len(both)), _choose(both, objective, groups)]


def lone_stage(lines: np.ndarray, groups: np.ndarray, objective: str) -> np.ndarray:
    """``lines`` (worlds × 3: together, forehand alone, partner alone): the
    tricks when forehand first decides, over all these worlds, whether to
    play alone, and if not the partner decides (:func:`partner_decides`)."""
    passed = partner_decides(lines[:, 0], lines[:, 2], groups, objective)
    both = np.stack([passed, lines[:, 1]], axis=1)
    return both[np.arange(len(both)), _choose(both, objective)]


def forehand_line(tricks: np.ndarray, partner_hands: np.ndarray, objective: str,
                  allowed: Optional[np.ndarray] = None) -> np.ndarray:
    """``tricks`` (worlds × discards × 3) over worlds forehand cannot tell
    apart: the tricks when forehand picks the best discard (among the
    ``allowed`` ones), knowing the lone decisions that follow."""
    columns = range(tricks.shape[1]) if allowed is None else np.flatnonzero(allowed)
    groups = partner_groups(partner_hands)
    staged = np.stack([lone_stage(tricks[:, j], groups, objective) for j in columns], axis=1)
    return staged[np.arange(len(staged)), _choose(staged, objective)]


def _eliminated(goal: np.ndarray, reference: np.ndarray) -> bool:
    """Successive elimination: an option whose objective trails the
    reference's on the same worlds by more than ``_PRUNE_Z`` standard errors."""
    diff = goal - reference
    spread = diff.std(ddof=1) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return bool(diff.mean() + _PRUNE_Z * spread < 0)


def prune_lines(tricks: np.ndarray, partner_hands: np.ndarray, objective: str, discards: bool = True,
                keep: Optional[np.ndarray] = None) -> np.ndarray:
    """From the lines solved so far (worlds × options × 3; -1 for lines no
    longer solved) and the lines still ``keep`` (options × 2: together,
    forehand alone): the lines still worth solving. A discard is dropped
    (both lines) when its value after the lone decisions trails the best
    discard's, and forehand's lone line when it trails passing, by more than
    4 standard errors on the same worlds. With ``discards`` false only lone
    lines are dropped. Once dropped, a line stays dropped."""
    m = tricks.shape[1]
    keep = np.ones((m, 2), dtype=bool) if keep is None else keep.copy()
    alive = np.flatnonzero(keep[:, 0])
    groups = partner_groups(partner_hands)
    staged = np.stack([lone_stage(tricks[:, j], groups, objective) for j in alive], axis=1)
    goal = _objective(staged, objective)
    best = int(np.argmax(goal.mean(axis=0)))
    for i, j in enumerate(alive):
        if discards and i != best and _eliminated(goal[:, i], goal[:, best]):
            keep[j] = False
    for j in np.flatnonzero(keep[:, 1]):
        passed = partner_decides(tricks[:, j, 0], tricks[:, j, 2], groups, objective)
        if _eliminated(_objective(tricks[:, j, 1], objective), _objective(passed, objective)):
            keep[j, 1] = False
    return keep


# -- the raters ------------------------------------------------------------------------


class _Rater:
    """Solves one decision's lines world chunk by world chunk, then folds
    them into makers' final tricks per world and option."""

    def __init__(self, view: SeatView, objective: str, solver: Solver, prune: bool) -> None:
        self.view = view
        self.objective = objective
        self.solver = solver
        self.prune = prune  # successive elimination: sampled runs only
        self.forehand = view.forehand
        self.partner = view.forehand.partner
        self.parts: list[Any] = []

    def solve(self, worlds: Worlds, part: slice) -> None:
        raise NotImplementedError

    def eliminate(self, worlds: Worlds, done: int) -> None:
        """Stop solving lines that clearly trail on the ``done`` worlds solved
        so far (only lines inside an option, unless the rater says otherwise)."""

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        """The option labels and the makers' tricks of the first ``done``
        worlds (worlds × options). Only those: Ctrl-C between a chunk's solve
        and its count leaves a chunk solved, in part or whole, but not counted."""
        raise NotImplementedError


class _TurnRater(_Rater):
    """Accept or refuse (forehand, trump phase): every discard and lone line
    of both branches, grouped by the public outcome of the turn (forehand
    picks its discard per group). After the first chunk, lines that clearly
    trail in a group are no longer solved (docs/rating.md, successive
    elimination); the reported options, accept and refuse, are never dropped."""

    def __init__(self, view: SeatView, objective: str, solver: Solver, prune: bool) -> None:
        super().__init__(view, objective, solver, prune)
        self.groups: dict[tuple[bool, int, int], list[tuple[np.ndarray, np.ndarray]]] = {}
        self.keep: dict[tuple[bool, int, int], np.ndarray] = {}
        self.alone_trails: set[int] = set()  # refusal: discards after which forehand alone clearly trails

    def solve(self, worlds: Worlds, part: slice) -> None:
        hands, stock = worlds.hands[part], worlds.stock[part]
        fh = int(self.forehand)
        rows, plans = [], []
        for accept in (True, False):
            out = turn_outcomes(stock, accept)
            keys, inverse = np.unique(np.stack([out.taken, out.exposed], axis=1), axis=0, return_inverse=True)
            for g, (taken, exposed) in enumerate(keys.tolist()):
                index = np.flatnonzero(inverse.reshape(-1) == g)
                key = (accept, taken, exposed)
                enlarged = hands[index, fh] | taken
                discards = discard_options(enlarged, 4 if out.compulsory[index[0]] else 1)
                group_rows, mask = line_rows(hands[index], out.trump[index].astype(np.int64), fh, enlarged,
                                             discards, self._keep(key, discards[0]))
                rows.append(group_rows)
                plans.append((key, index + part.start, mask, discards.shape))
        solved = self.solver.solve_batch(np.concatenate(rows))
        at = 0
        for (key, index, mask, (k, m)), group_rows in zip(plans, rows):
            tricks = fold_lines(solved[at : at + len(group_rows)], mask, k, m)
            at += len(group_rows)
            self.groups.setdefault(key, []).append((index, tricks))

    def eliminate(self, worlds: Worlds, done: int) -> None:
        for key, pieces in self.groups.items():
            index = np.concatenate([p[0] for p in pieces])
            if len(index) >= _PRUNE_MIN:
                tricks = np.concatenate([p[1] for p in pieces])
                self.keep[key] = prune_lines(tricks, worlds.hands[index, self.partner], self.objective,
                                             keep=self.keep.get(key))
        self._prune_refused_alone(worlds)

    def _discard_kind(self, option: int) -> int:
        """A discard option by what it throws: one of forehand's own cards (its
        mask), or 0 for the card taken from the stock (which differs by outcome)."""
        own = self.view.hand.mask
        return option if option & own else 0

    def _prune_refused_alone(self, worlds: Worlds) -> None:
        """After a refusal the outcome groups are many and small, so forehand's
        lone lines are judged over all of them together, per kind of discard:
        dropped only where playing alone trails passing in every group's
        worlds by more than 4 standard errors pooled."""
        diffs: dict[int, list[np.ndarray]] = {}
        for (accept, taken, _), pieces in self.groups.items():
            tricks = np.concatenate([p[1] for p in pieces])
            if accept or tricks.shape[1] != 6:
                continue
            index = np.concatenate([p[0] for p in pieces])
            options = discard_options(np.array([self.view.hand.mask | taken]), 1)[0]
            groups = partner_groups(worlds.hands[index, self.partner])
            for j, option in enumerate(options.tolist()):
                kind = self._discard_kind(option)
                solved = (tricks[:, j, 0] >= 0) & (tricks[:, j, 1] >= 0)
                if kind in self.alone_trails or not solved.any():
                    continue
                passed = partner_decides(tricks[:, j, 0], tricks[:, j, 2], groups, self.objective)
                gap = _objective(tricks[:, j, 1], self.objective) - _objective(np.maximum(passed, 0), self.objective)
                diffs.setdefault(kind, []).append(gap[solved])
        for kind, gaps in diffs.items():
            pooled = np.concatenate(gaps)
            if len(pooled) >= _PRUNE_MIN and _eliminated(pooled, np.zeros(len(pooled))):
                self.alone_trails.add(kind)

    def _keep(self, key: tuple[bool, int, int], options: np.ndarray) -> Optional[np.ndarray]:
        keep = self.keep.get(key)
        if key[0] or not self.alone_trails or len(options) != 6:
            return keep
        keep = np.ones((6, 2), dtype=bool) if keep is None else keep.copy()
        for j, option in enumerate(options.tolist()):
            if self._discard_kind(option) in self.alone_trails:
                keep[j, 1] = False
        return keep

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = np.full((done, 2), -1, dtype=np.int8)
        for (accept, taken, exposed), pieces in self.groups.items():
            index = np.concatenate([p[0] for p in pieces])
            counted = index < done
            if not counted.any():
                continue
            index, tricks = index[counted], np.concatenate([p[1] for p in pieces])[counted]
            keep = self.keep.get((accept, taken, exposed))
            allowed = None if keep is None else keep[:, 0]
            # After a refusal forehand sees which stock cards turned up: it picks
            # its discard within each group of worlds with the same public outcome.
            values[index, 0 if accept else 1] = forehand_line(tricks, worlds.hands[index, self.partner],
                                                              self.objective, allowed)
        return ["accept", "refuse"], values


class _DiscardRater(_Rater):
    """Forehand's discard: each option, with the lone decisions that follow."""

    keep: Optional[np.ndarray] = None
    solved_until: Optional[np.ndarray] = None  # per discard: the worlds solved before it was dropped

    def solve(self, worlds: Worlds, part: slice) -> None:
        hands = worlds.hands[part]
        enlarged = hands[:, int(self.forehand)]
        discards = discard_options(enlarged, _discard_size(self.view))
        trump = np.full(len(hands), int(self.view.trump), dtype=np.int64)  # type: ignore[arg-type]
        rows, mask = line_rows(hands, trump, self.forehand, enlarged, discards, self.keep)
        tricks = fold_lines(self.solver.solve_batch(rows), mask, *discards.shape)
        self.parts.append((tricks, discards))

    def eliminate(self, worlds: Worlds, done: int) -> None:
        tricks = np.concatenate([p[0] for p in self.parts])
        if tricks.shape[1] != 6 or done < _PRUNE_MIN:
            return
        # A discard that clearly trails keeps the statistics of the worlds solved until then.
        self.keep = prune_lines(tricks, worlds.hands[:done, self.partner], self.objective, keep=self.keep)
        if self.solved_until is None:
            self.solved_until = np.full(tricks.shape[1], len(worlds))
        newly = ~self.keep[:, 0] & (self.solved_until == len(worlds))
        self.solved_until[newly] = done

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        tricks = np.concatenate([p[0] for p in self.parts])[:done]
        partner_hands = worlds.hands[:done, self.partner]
        until = np.full(tricks.shape[1], done) if self.solved_until is None else np.minimum(self.solved_until, done)
        staged = np.full(tricks.shape[:2], -1, dtype=np.int8)
        for j in range(tricks.shape[1]):
            # A discard dropped early is judged on the worlds solved until then:
            # its missing lines must not sway the partner's choices elsewhere.
            rows = slice(0, int(until[j]))
            staged[rows, j] = lone_stage(tricks[rows, j], partner_groups(partner_hands[rows]), self.objective)
        labels = [CardSet(int(mask)).ascii() for mask in self.parts[0][1][0]]
        return labels, staged


class _AloneRater(_Rater):
    """Lone play: forehand (the partner decides next if forehand passes), or
    the partner after forehand passed. Sampled runs stop solving the decider's
    lone line once it clearly trails playing together; it keeps the
    statistics of the worlds solved until then."""

    alone_until: Optional[int] = None

    @property
    def _alone(self) -> int:
        """The column of the decider's lone line: 1 forehand, 2 the partner."""
        return 1 if self.view.seat is self.forehand else 2

    def solve(self, worlds: Worlds, part: slice) -> None:
        hands = worlds.hands[part]
        enlarged = hands[:, int(self.forehand)]
        no_discard = np.zeros((len(hands), 1), dtype=np.int64)  # the discard is made: one "option", nothing more
        trump = np.full(len(hands), int(self.view.trump), dtype=np.int64)  # type: ignore[arg-type]
        # Once forehand has passed, forehand's lone line is not needed.
        keep = np.array([[True, self._alone == 1, True]])
        if self.alone_until is not None:
            keep[0, self._alone] = False
        rows, mask = line_rows(hands, trump, self.forehand, enlarged, no_discard, keep)
        lines = fold_lines(self.solver.solve_batch(rows), mask, len(hands), 1)
        self.parts.append(lines[:, 0, :])

    def eliminate(self, worlds: Worlds, done: int) -> None:
        if self.alone_until is not None or done < _PRUNE_MIN:
            return
        values = self._options(worlds, done)
        goal = _objective(values, self.objective)
        if _eliminated(goal[:, 1], goal[:, 0]):
            self.alone_until = done

    def _options(self, worlds: Worlds, done: int) -> np.ndarray:
        lines = np.concatenate(self.parts)[:done]
        if self.view.seat is self.forehand:
            groups = partner_groups(worlds.hands[:done, self.partner])
            together = partner_decides(lines[:, 0], lines[:, 2], groups, self.objective)
        else:
            together = lines[:, 0]
        return np.stack([together, lines[:, self._alone]], axis=1)

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = self._options(worlds, done)
        if self.alone_until is not None:
            values[self.alone_until :, 1] = -1
        return ["together", "alone"], values


class _PlayRater(_Rater):
    """A card to play: each legal card, double dummy afterwards in every world."""

    def solve(self, worlds: Worlds, part: slice) -> None:
        view = self.view
        hands = worlds.hands[part]
        rows = encode_rows(hands, int(view.trump), int(view.trick_leader),  # type: ignore[arg-type]
                           NO_LONE if view.lone is None else int(view.lone), int(view.forehand.team))
        self.parts.append(self.solver.solve_batch_moves(rows, view.trick_cards))

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = np.concatenate(self.parts)[:done]
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


def option_name(action: Action) -> Optional[str]:
    """The option a recorded action chose, named as the ratings name their
    options: accept or refuse, the discard's cards, together or alone, the
    card played (``None`` for a discard a file does not show in full, and for
    taking the Trees at the cut, which is not rated)."""
    if isinstance(action, (Accept, Refuse)):
        return "accept" if isinstance(action, Accept) else "refuse"
    if isinstance(action, Discard):
        known = [c for c in action.cards if c is not None]
        return CardSet(known).ascii() if len(known) == len(action.cards) else None
    if isinstance(action, DeclareAlone):
        return "alone" if action.alone else "together"
    return action.card.ascii() if isinstance(action, Play) else None
