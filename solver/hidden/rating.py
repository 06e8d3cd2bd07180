"""Rate a decision under hidden information: accept or refuse, the discard,
lone play, or a card to play, from what the deciding seat knows.

The method is perfect-information Monte Carlo, as in bridge and Euchre
programs. :mod:`altbaumer.hidden.knowledge` gives the seat's information set,
:mod:`altbaumer.hidden.worlds` every layout of the unknown cards consistent with it
(or a uniform sample), and each option is solved double dummy in every world
through the batch solver. The options are compared on the same worlds, so
their differences are measured far more precisely than their values. Before
the play each line is solved by the makers' score class ({0}, {1, 2},
{3, 4}, {5}), which decides every figure but the mean tricks; ``tricks=True``
solves the tricks exactly (docs/rating.md, Score classes).

Approximations (documented in docs/rating.md):

* card play in each world is double dummy: every player sees all cards after
  the decision (the classic PIMC assumption);
* later decisions inside an option follow the same rule, each by its own
  decider: forehand picks the discard and whether to play alone to maximise
  the objective over the worlds it cannot tell apart (after a refusal, the
  worlds that turned up the same stock cards); forehand's partner decides on
  lone play from its own knowledge, over a few worlds of its own information
  set for each hand it may hold (:mod:`altbaumer.hidden.partner`: forehand's
  cards unknown to it);
* forehand's choices are made on the worlds being rated, which favours the
  options with later choices slightly when the worlds are a sample.

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(4)
>>> rating = rate_view(deal.view(deal.forehand), samples=200, seed=1, exact_limit=0)
>>> rating.decision, [o.option for o in rating.options], rating.exact
('turn', ['accept', 'refuse'], False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Optional

import numpy as np

from altbaumer.game.cards import CardSet
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Play, Refuse
from altbaumer.errors import AltbaumerError, InvalidArgument
from altbaumer.game.arguments import count, instance, seed_argument
from altbaumer.game.deal import Deal
from altbaumer.hidden.inference import ENOUGH, Inference, InferenceProgress, inferred_worlds, nothing_to_infer
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.dd.solver import Solver, using_solver
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden.lines import partner_decides
from altbaumer.hidden.objectives import OBJECTIVES, Objective, objective_for
from altbaumer.hidden.option_figures import (PROPORTIONS, OptionRating, SideFigures, rate_options, wilson_bounds,
                                             world_figures)
from altbaumer.hidden.verdicts import NATURAL_ORDER, mark
from altbaumer.hidden.raters import RATERS, Plan, PlanKey, Rater, discard_size
from altbaumer.hidden.endgame import RATING_WORLDS, endgame_applies, solve_endgame
from altbaumer.hidden.weighting import CardWeighting, WorldWeigher, others_chose, resample
from altbaumer.hidden.worlds import Worlds, worlds_for

__all__ = ["OBJECTIVES", "DECISIONS", "SideFigures", "OptionRating", "Rating", "PlayoutSummary", "rate_view",
           "endgame_rating",
           "option_name", "legal_option", "partner_decides", "world_bytes", "WORLD_BYTES", "FOUR_CARD_DISCARD_BYTES",
           "DEFAULT_EXACT_LIMIT", "DEFAULT_SAMPLES", "decision_objective", "rate_options", "PROPORTIONS",
           "wilson_bounds", "solve_worlds", "rating_of", "world_figures", "rating_worlds", "choose_top", "pick_among",
           "solve_and_plan"]

DECISIONS = {"trump": "turn", "discard": "discard", "lone": "alone", "play": "play"}
"""The decision rated in each phase of a deal."""
DEFAULT_EXACT_LIMIT = 20_000
DEFAULT_SAMPLES = 10_000
_TOP_TIE = 1e-12  # means this close are one value summed in another order
_CHUNK = 2_000  # worlds per batch call: progress and Ctrl-C between chunks
WORLD_BYTES = {"turn": 350, "discard": 520, "alone": 310, "play": 260}
"""Peak memory per world of rating each decision, in bytes: the worlds and
their making, and what the rater keeps of each world until it folds the lines
(measured as resident memory from 20,000 to 100,000 worlds, and a fifth added)."""
FOUR_CARD_DISCARD_BYTES = 6_200  # 126 discards of three lines each, and each discard as a mask
_FIRST_CHUNKS = (500, 1_500)  # smaller first batches when pruning, so clear losers stop early
_ELIMINATE_UNTIL = 4_000  # later rounds find little more to drop and cost Python time

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayoutSummary:
    """How a realistic rating was played out: ``playouts`` per option at the
    most (the options dropped early have fewer: their ``worlds``), the
    double-dummy worlds beside them (``dd_worlds``), how it stopped
    (``stopped``: ``settled``, every surviving Δ within its target;
    ``effort``, the cap reached; ``fixed``, the number asked for;
    ``interrupted``) and, per option, how many times fewer playouts its Δ
    needed for its interval thanks to the double-dummy worlds
    (``variance_reduction``)."""

    playouts: int
    dd_worlds: int
    stopped: str
    target: float
    effort: int
    variance_reduction: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"playouts": self.playouts, "dd_worlds": self.dd_worlds, "stopped": self.stopped,
                "target": self.target, "effort": self.effort,
                "variance_reduction": {k: round(v, 2) for k, v in self.variance_reduction.items()}}


@dataclass(frozen=True)
class Rating:
    """The options of one decision rated over ``worlds`` layouts (all of them
    when ``exact``; ``total`` is how many exist). ``complete`` is false when
    the run was interrupted and only part of the worlds were solved. With the
    ``match`` objective, ``state`` is the score it was rated at, and
    ``state_assumed`` says it was not known and the start of a match was
    taken instead."""

    decision: str
    seat: Seat
    maker: bool  # the deciding seat is a maker; every OptionRating figure is the makers'

    objective: str
    worlds: int
    total: int
    exact: bool
    complete: bool
    options: tuple[OptionRating, ...]
    state: Optional[MatchState] = None
    state_assumed: bool = False
    play: str = "dd"
    """How the worlds were valued: ``dd`` (double dummy after the decision),
    ``realistic`` (played out, every seat from its own knowledge) or
    ``endgame`` (the last tricks solved as a game of hidden cards)."""
    double_dummy: Optional["Rating"] = None
    """With realistic play or a solved endgame: the double-dummy rating of
    the same decision over the same worlds, shown beside it."""
    playouts: Optional["PlayoutSummary"] = None
    """With realistic play: how much was played out, and why it stopped."""
    inference: Optional[Inference] = None
    """What the inference from forehand's choices did (``rate_view(...,
    infer=True)``), else None."""
    weighting: Optional[CardWeighting] = None
    """What the weighting of the worlds by the cards the other seats chose
    did (``rate_view(..., weigh=...)`` in the play), else None."""

    @property
    def has_verdict(self) -> bool:
        """The rating recommends an option and marks the others: always but
        worlds worth too few once weighted by forehand's choices or by the
        cards played (:data:`~altbaumer.hidden.inference.ENOUGH`),
        where its figures stand without ★ or marks."""
        return ((self.inference is None or self.inference.enough)
                and (self.weighting is None or self.weighting.effective >= ENOUGH))

    @property
    def side(self) -> str:
        """The deciding seat's side: ``makers`` or ``defenders``."""
        return "makers" if self.maker else "defenders"

    @property
    def has_tricks(self) -> bool:
        """The options' mean tricks were computed (``rate_view(..., tricks=True)``)."""
        return any(o.mean_tricks is not None for o in self.options)

    def for_decider(self, name: str) -> SideFigures:
        """The option's figures for the deciding seat's side."""
        return self.option(name).figures(self.maker)

    @property
    def best(self) -> OptionRating:
        """The recommended option, ★ in the displays: the top one, or where
        the options have a natural order of play (accept before refuse,
        together before alone) the most natural one tied with it
        (:mod:`altbaumer.hidden.verdicts`). A player takes
        :meth:`top_options` instead."""
        return next(o for o in self.options if o.best)

    def top_options(self) -> tuple[OptionRating, ...]:
        """The options with the best mean objective for the deciding side,
        among those solved in every world: one, or several that tie exactly
        (equivalent cards), in the order of their names."""
        top = [o for o in self.options
               if o.worlds == self.worlds and self.for_decider(o.option).delta >= -_TOP_TIE]
        return tuple(sorted(top, key=lambda o: o.option))

    def pick_top(self, rng: random.Random) -> str:
        """The name of the option a player takes: the best mean objective,
        never the display's ★ (:func:`pick_among`)."""
        return pick_among([o.option for o in self.top_options()], [o.option for o in self.options], self.decision,
                          rng)

    def option(self, name: str) -> OptionRating:
        return next(o for o in self.options if o.option == name)

    def loss(self, name: str) -> float:
        """The objective the option gives up against the top option, for the
        decider's side (the makers maximise it, the defenders minimise it)."""
        return -self.for_decider(name).delta

    def significant(self, name: str) -> bool:
        """The option trails the top by more than the 95% interval of the
        difference (by anything at all when the worlds were enumerated)."""
        option = self.option(name)
        return not option.best and -self.for_decider(name).delta > option.delta_ci95 + 1e-9

    def mark(self, name: str) -> str:
        """``?!``, ``?``, ``??`` when choosing ``name`` is an inaccuracy, a
        mistake or a blunder: beyond the noise and the objective's threshold
        (:mod:`altbaumer.hidden.verdicts`); empty otherwise."""
        option = self.option(name)
        if option.best or not self.has_verdict:
            return ""
        return mark(self.loss(name), option.delta_ci95, self.objective)

    def _repr_html_(self) -> str:
        """The rating as an HTML fragment, which a notebook shows: the
        decision, the deciding seat, the worlds, the score it was rated at
        and the options table as ``altbaumer rate`` shows it
        (:mod:`altbaumer.hidden.display`).

        >>> from altbaumer.game.deal import Deal
        >>> deal = Deal.from_seed(4)
        >>> rating = rate_view(deal.view(deal.forehand), samples=200, seed=1, exact_limit=0)
        >>> shown = rating._repr_html_()
        >>> "accept or refuse" in shown, "Δ P(match)" in shown, "★" in shown
        (True, True, True)
        """
        from altbaumer.game.display import html
        from altbaumer.hidden.display import rating_blocks  # drawn by hidden.display, which names this class

        return html(*rating_blocks(self))

    def __rich__(self) -> str:
        """The same as rich console markup, for ``rich.print``."""
        from altbaumer.game.display import markup
        from altbaumer.hidden.display import rating_blocks  # drawn by hidden.display, which names this class

        return markup(*rating_blocks(self))

    def to_dict(self) -> dict[str, Any]:
        # The options' own fields stay the makers' figures, whoever decides; for_decider adds the decider's side.
        # Without a verdict no option is the best: "best" is null and every option's false.
        verdict = self.has_verdict
        return {"decision": self.decision, "seat": str(self.seat), "maker": self.maker, "side": self.side,
                "objective": self.objective, "worlds": self.worlds, "total_worlds": self.total, "exact": self.exact,
                "complete": self.complete, "verdict": verdict, "best": self.best.option if verdict else None,
                "state": None if self.state is None else self.state.to_dict(), "state_assumed": self.state_assumed,
                "play": self.play, "inference": None if self.inference is None else self.inference.to_dict(),
                "weighting": None if self.weighting is None else self.weighting.to_dict(),
                "options": [{**o.to_dict(), "best": o.best and verdict, "mark": self.mark(o.option),
                             "for_decider": o.figures(self.maker).to_dict()} for o in self.options],
                "playouts": None if self.playouts is None else self.playouts.to_dict(),
                "double_dummy": None if self.double_dummy is None else self.double_dummy.to_dict()}


def pick_among(top: list[str], listed: list[str], decision: str, rng: random.Random) -> str:
    """The option a player takes of those with the best mean objective
    (``top``, in the order of their names; ``listed``, every option as the
    rating lists them). An exact tie (equivalent cards or discards, the same
    outcome in every world) is drawn with ``rng``, so the listing order
    decides nothing; only where the options have a natural order of play does
    an exact tie go to the natural one (accept, together: going alone for
    nothing changes the play that follows)."""
    if len(top) == 1:
        return top[0]
    if decision in NATURAL_ORDER:
        return next(name for name in listed if name in top)
    return rng.choice(top)


def choose_top(view: SeatView, rng: random.Random, *, objective: str, state: Optional[MatchState] = None,
               table: Optional[EquityTable] = None, samples: int, exact_limit: int, seed: int,
               solver: Optional[Solver] = None) -> str:
    """The option ``rate_view(view, ...).pick_top(rng)`` takes, without the
    rating's figures and intervals (what a player needs of a rating): the
    options solved as :func:`rate_view` solves them, their mean objective,
    and :func:`pick_among` of the best."""
    _, goal, _ = decision_objective(view, objective, state, table, "choose_top")
    worlds, _, _ = rating_worlds(view, goal, table, exact_limit=exact_limit, samples=samples, seed=seed)
    with using_solver(solver, tt_mib=2.0, threads=1) as batch_solver:
        labels, codes = solve_worlds(view, worlds, goal, batch_solver, seed=seed)
    sign = 1.0 if view.seat.team is view.forehand.team else -1.0
    complete = (codes >= 0).all(axis=0)
    means = np.where(complete, sign * goal.of(np.maximum(codes, 0)).mean(axis=0), -np.inf)
    best = float(means.max())
    top = sorted(label for label, value in zip(labels, means.tolist()) if value >= best - _TOP_TIE)
    return pick_among(top, labels, DECISIONS[view.phase], rng)


def rate_view(view: SeatView, *, objective: str = "match", state: Optional[MatchState] = None,
              table: Optional[EquityTable] = None, exact_limit: int = DEFAULT_EXACT_LIMIT,
              samples: int = DEFAULT_SAMPLES, seed: int = 0, threads: Optional[int] = None,
              progress: Optional[Progress] = None, partial_on_interrupt: bool = False,
              prune: bool = True, solver: Optional[Solver] = None, infer: bool = False,
              tricks: bool = False, inference_progress: Optional[InferenceProgress] = None,
              weigh: Optional[WorldWeigher] = None, endgame: bool = False) -> Rating:
    """Rate the decision ``view.seat`` faces now (it must be the seat to act).

    ``objective`` is what the options are ranked by (:data:`OBJECTIVES`); for
    ``match``, the makers' chance to win the match from ``state``, the score
    before the deal (its makers must be forehand's team), through the
    equity ``table`` (the shipped one by default). Without a state the deal
    is rated as the first of a match (0:0, rounds 0:0), and the rating says so.

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
    threads then count, not ``threads``). With ``infer``, a seat other than
    forehand weighs each world by how likely the project's own advice makes
    forehand's choices in it (:mod:`altbaumer.hidden.inference`; slow: a
    rating of each choice in every world drawn; ``inference_progress(drawn,
    worth, asked)`` follows it): of ``samples`` worlds drawn, the rating is
    over worlds drawn again by weight, as many as they are worth, says so
    in its ``inference``, and gives no verdict when they are worth fewer
    than :data:`~altbaumer.hidden.inference.ENOUGH`. Asked of a decision
    where forehand has shown nothing (forehand's own), it is an
    :class:`~altbaumer.errors.InvalidArgument`; Ctrl-C during the inference
    with ``partial_on_interrupt`` rates the worlds weighed so far. With ``tricks`` the lines
    are solved exactly and the options' mean tricks given; else (cheaper)
    the lines before the play are solved by the makers' score class, which
    decides every other figure alike, and the mean tricks are None
    (docs/rating.md, Score classes). With ``weigh`` (in the play, once
    another seat has chosen a card) the worlds are weighed by the
    likelihood of the other seats' cards and drawn again by weight
    (:mod:`altbaumer.hidden.weighting`; the play wing's
    :class:`~altbaumer.play.card_inference.CardPlayWeigher`), and the
    rating says so in its ``weighting``. With ``endgame``, a card
    :data:`~altbaumer.hidden.endgame.TRICKS_LEFT` or fewer tricks from the
    end is rated with the last tricks solved as a game of hidden cards
    (:func:`endgame_rating`) over at most
    :data:`~altbaumer.hidden.endgame.RATING_WORLDS` worlds.
    """
    decision, goal, assumed = decision_objective(view, objective, state, table, "rate_view")
    samples, exact_limit, seed = checked_world_settings(samples, exact_limit, seed, "rate_view")
    if threads is not None:
        count(threads, "threads", "rate_view", low=1, note=" (or None: every core)")
    solved_as_game = endgame and endgame_applies(view)
    if solved_as_game:
        samples, exact_limit = min(samples, RATING_WORLDS), min(exact_limit, RATING_WORLDS)
    worlds, inference, weighting = rating_worlds(view, goal, table, exact_limit=exact_limit, samples=samples,
                                                 seed=seed, infer=infer, progress=inference_progress,
                                                 partial_on_interrupt=partial_on_interrupt, caller="rate_view",
                                                 weigh=weigh)
    with using_solver(solver, tt_mib=2.0, threads=threads) as batch_solver:
        labels, codes = solve_worlds(view, worlds, goal, batch_solver, prune=prune and not solved_as_game, seed=seed,
                                     tricks=tricks, progress=progress, partial_on_interrupt=partial_on_interrupt)
    rating = rating_of(view, worlds, labels, codes, goal, assumed, tricks, inference, weighting)
    return endgame_rating(view, worlds, goal, rating, seed) if solved_as_game else rating


def endgame_rating(view: SeatView, worlds: Worlds, goal: Objective, double_dummy: Rating, seed: int) -> Rating:
    """The rating of a card near the end with the last tricks solved as a
    game of hidden cards over the worlds ``double_dummy`` was solved in
    (:func:`~altbaumer.hidden.endgame.solve_endgame`): each world's outcome
    of each option as the solved strategies play it (a mixed choice drawn,
    :meth:`~altbaumer.hidden.endgame.EndgameSolution.codes`), the
    double-dummy rating beside it. Exact only when the worlds are all of
    them and every outcome is certain under the solved strategies."""
    done = Worlds(worlds.hands[: double_dummy.worlds], worlds.stock[: double_dummy.worlds],
                  worlds.out[: double_dummy.worlds], worlds.exact and double_dummy.complete, worlds.total)
    solution = solve_endgame(view, done, goal)
    names = list(solution.values)
    labels = [o.option for o in double_dummy.options]
    codes = solution.codes(seed)[:, [names.index(label) for label in labels]]
    exact = done.exact and solution.certain
    rated = rating_of(view, replace(done, exact=exact), labels, codes, goal, double_dummy.state_assumed,
                      double_dummy.has_tricks, double_dummy.inference, double_dummy.weighting)
    return replace(rated, play="endgame", double_dummy=double_dummy, complete=double_dummy.complete)


def checked_world_settings(samples: int, exact_limit: int, seed: int, caller: str) -> tuple[int, int, int]:
    """``samples``, ``exact_limit`` and ``seed`` as a rating takes them, else a
    one-line error naming ``caller`` and the argument."""
    return (count(samples, "samples", caller, low=1, note=" (the worlds drawn)"),
            count(exact_limit, "exact_limit", caller, low=0, note=" (0: always sample)"), seed_argument(seed, caller))


def rating_worlds(view: SeatView, goal: Objective, table: Optional[EquityTable], *, exact_limit: int, samples: int,
                  seed: int, infer: bool = False, progress: Optional[InferenceProgress] = None,
                  partial_on_interrupt: bool = False, caller: str = "rate_view",
                  weigh: Optional[WorldWeigher] = None
                  ) -> tuple[Worlds, Optional[Inference], Optional[CardWeighting]]:
    """The worlds a rating of ``view``'s decision is made over, as
    :func:`rate_view` takes them (all, or a sample; with ``infer`` only those
    consistent with forehand's choices, and what the inference did; with
    ``weigh``, drawn again by the likelihood of the cards the other seats
    chose, and what the weighting did)."""
    reason = nothing_to_infer(view) if infer else None
    if reason is not None:
        raise InvalidArgument(f"{caller}: infer: {reason}")
    worlds = worlds_for(InfoSet.from_view(view), 0 if infer else exact_limit, samples, seed, world_bytes(view))
    inference = None
    if infer:
        # The worlds drawn again by how likely the project's advice makes forehand's choices (docs/rating.md, Inference).
        worlds, inference = inferred_worlds(view, worlds, goal.name, goal.state, table, seed=seed,
                                            progress=progress, partial_on_interrupt=partial_on_interrupt)
    if weigh is None or not others_chose(view):
        return worlds, inference, None
    worlds, weighting = resample(worlds, weigh(view, worlds, goal, seed), seed)
    return worlds, inference, weighting


def solve_worlds(view: SeatView, worlds: Worlds, goal: Objective, solver: Solver, *, prune: bool = True,
                 seed: int = 0, tricks: bool = False, progress: Optional[Progress] = None,
                 partial_on_interrupt: bool = False, keep_options: bool = False) -> tuple[list[str], np.ndarray]:
    """The options of the decision ``view.seat`` faces and their outcome
    codes in each of ``worlds`` solved double dummy (worlds × options; -1
    where an option dropped by the successive elimination was not solved;
    fewer rows when interrupted), as :func:`rate_view` rates them. With
    ``keep_options`` the elimination drops lines inside options only, so
    every option has its code in every world."""
    labels, codes, _ = solve_and_plan(view, worlds, goal, solver, prune=prune, seed=seed, tricks=tricks,
                                      progress=progress, partial_on_interrupt=partial_on_interrupt,
                                      keep_options=keep_options)
    return labels, codes


def solve_and_plan(view: SeatView, worlds: Worlds, goal: Objective, solver: Solver, *, prune: bool = True,
                   seed: int = 0, tricks: bool = False, progress: Optional[Progress] = None,
                   partial_on_interrupt: bool = False,
                   keep_options: bool = False) -> tuple[list[str], np.ndarray, dict[PlanKey, Plan]]:
    """:func:`solve_worlds`, and forehand's choices inside the options that
    its codes rest on (:meth:`~altbaumer.hidden.raters.Rater.plans`)."""
    rater = RATERS[DECISIONS[view.phase]](view, goal, solver, prune and not worlds.exact, seed=seed, exact=tricks,
                                          keep_options=keep_options)
    done = _solve_chunks(rater, worlds, progress, partial_on_interrupt)
    labels, codes = rater.finish(worlds, done)
    return labels, codes, rater.plans(done)


def rating_of(view: SeatView, worlds: Worlds, labels: list[str], codes: np.ndarray, goal: Objective,
              assumed: bool = False, tricks: bool = False, inference: Optional[Inference] = None,
              weighting: Optional[CardWeighting] = None) -> Rating:
    """The double-dummy :class:`Rating` of the codes :func:`solve_worlds` gave."""
    decision = DECISIONS[view.phase]
    done = len(codes)
    maker = view.seat.team is view.forehand.team
    options = rate_options(labels, codes, goal, maker, worlds.exact and done == len(worlds), tricks=tricks,
                           natural=decision in NATURAL_ORDER)
    complete = done == len(worlds) and (inference is None or inference.complete)
    return Rating(decision, view.seat, maker, goal.name, done, worlds.total, worlds.exact, complete,
                  options, goal.state, assumed, inference=inference, weighting=weighting)


def decision_objective(view: SeatView, objective: str, state: Optional[MatchState],
                       table: Optional[EquityTable], where: str = "rate_view") -> tuple[str, Objective, bool]:
    """The decision ``view.seat`` faces now, the objective to rate it by, and
    whether the score was assumed (the match objective without a ``state``:
    the first deal of a match); one-line errors for arguments of the wrong
    kind (naming the call, ``where``), a seat with nothing to decide and a
    score whose makers are not this deal's."""
    hint = " (deal.view(seat) is a seat's view)" if isinstance(view, Deal) else ""
    instance(view, SeatView, "view", where, hint)
    if state is not None:
        instance(state, MatchState, "state", where, " (MatchState.parse('3:-1 rounds 1:0', makers), or None)")
    if table is not None:
        instance(table, EquityTable, "table", where, " (or None: the shipped one)")
    if objective not in OBJECTIVES:
        raise InvalidArgument(f"{where}: objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    decision = DECISIONS.get(view.phase)
    if decision is None or view.to_act is not view.seat:
        raise AltbaumerError(f"{view.seat} has no decision to make now ({view.phase} phase)")
    makers = view.forehand.team
    assumed = objective == "match" and state is None
    if objective == "match":
        state = state or MatchState.start(makers)
        if state.makers is not makers:
            raise AltbaumerError(f"the score {state} has {state.makers} making trump, but forehand {view.forehand} "
                                 f"is {makers}")
    return decision, objective_for(objective, state if objective == "match" else None, table), assumed


def world_bytes(view: SeatView) -> int:
    """The memory per world that rating ``view``'s decision takes (:data:`WORLD_BYTES`)."""
    decision = DECISIONS[view.phase]
    return FOUR_CARD_DISCARD_BYTES if decision == "discard" and discard_size(view) == 4 else WORLD_BYTES[decision]


def _solve_chunks(rater: "Rater", worlds: Worlds, progress: Optional[Progress], partial: bool) -> int:
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


def partner_view(view: SeatView) -> SeatView:
    """The partner's view in the lone phase once forehand has passed (a file
    cannot record a pass on its own, so ``rate --seat`` asks for it)."""
    return replace(view, to_act=view.seat, lone_passed=(view.forehand,),
                   legal=(DeclareAlone(False), DeclareAlone(True)))


def legal_option(view: SeatView, name: str) -> Action:
    """The legal action of ``view`` that the option ``name`` is (:func:`option_name`)."""
    return next(a for a in view.legal if option_name(a) == name)


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
