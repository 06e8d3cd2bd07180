"""Decisions rated by realistic play: every seat plays each world out from its own knowledge.

The double-dummy rating (:func:`~altbaumer.hidden.rating.rate_view`) lets
every player see all cards once the decision is made, which flatters the
makers, marches most of all, and playing together more than playing alone
(docs/rating.md, Realistic play). Here each option is valued by playing
worlds out instead:

1. the worlds are drawn from the decider's knowledge, and every option is
   solved double dummy in all of them: that is the double-dummy rating,
   shown beside this one, and the control variate below;
2. in the first worlds, each option is taken and the deal played on: the
   decisions still to come by their own deciders from their own knowledge
   (forehand's discard and lone play as :class:`~altbaumer.play.pimc.PimcPolicy`
   makes them, once for each view forehand can have; the partner's lone
   choice over worlds of its own information set,
   :class:`~altbaumer.hidden.partner.PartnerChoices`), each seeded by what its
   decider sees, so that the players are one policy whatever the rating's
   seed; then every card of every seat by the compiled PIMC player
   (:mod:`altbaumer.play.engine`); every option is played on the same worlds
   with the same seeds;
3. each figure is its double-dummy mean over all the worlds plus the mean
   played-out-minus-double-dummy difference over the worlds played out
   (:mod:`altbaumer.hidden.controlled`), which needs a fraction of the
   playouts for the same interval;
4. the playouts go on in rounds (64, then doubling) until the ranking is
   settled: an option that clearly trails is dropped (by 4 standard errors,
   as the double-dummy rating's successive elimination), and the rating
   stops once every surviving option's Δ is known to the target (±1% of
   P(match), ±0.05 net points) or ``effort`` playouts an option are spent.
   A fixed ``playouts`` plays exactly that many for every option.

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(4)
>>> rating = rate_realistic(deal.view(deal.forehand), playouts=8, samples=200, seed=1, decision_worlds=6,
...                         threads=1)
>>> rating.decision, [o.option for o in rating.options], rating.worlds, rating.double_dummy.worlds
('turn', ['accept', 'refuse'], 8, 200)
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Callable, Iterator, NamedTuple, Optional

import numpy as np

from altbaumer.dd.solver import Solver, using_solver
from altbaumer.game.arguments import count
from altbaumer.game.actions import Accept, Action, DeclareAlone, Phase, Play
from altbaumer.game.deal import Deal
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.view import SeatView
from altbaumer.hidden.controlled import Controlled, controlled_options
from altbaumer.hidden.endgame import endgame_applies
from altbaumer.hidden.inference import InferenceProgress
from altbaumer.hidden.lines import PRUNE_Z
from altbaumer.hidden.making import turn_outcomes
from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.partner import PartnerChoices
from altbaumer.hidden.rating import (DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES, PlayoutSummary, Rating,
                                     checked_world_settings, decision_objective, option_name, rating_of,
                                     rate_view, rating_worlds, solve_and_plan)
from altbaumer.hidden.raters import Plan, PlanKey, view_plan_key
from altbaumer.hidden.verdicts import NATURAL_ORDER
from altbaumer.hidden.weighting import WorldWeigher
from altbaumer.hidden.world_deals import deal_of_world, split_out_of_play
from altbaumer.hidden.worlds import Worlds
from altbaumer.play.engine import WIDTH, Engine, card_rows, deal_row, seat_values, start_rows
from altbaumer.play.pimc import CARD_WORLDS, DECISION_WORLDS, PimcPolicy

__all__ = ["rate_realistic", "DEFAULT_EFFORT", "PLAYOUTS_MAX", "TARGETS", "FIRST_ROUND", "SETTLE_AFTER"]

DEFAULT_EFFORT = 1000
"""Playouts an option at the most, unless the ranking settles first."""
PLAYOUTS_MAX = 100_000
"""The most playouts an option a rating takes (some hours on one core)."""
FIRST_ROUND = 64
"""Playouts an option in the first round; each later round doubles the total."""
SETTLE_AFTER = 256
"""Playouts an option before the ranking may be taken as settled: the
variance a few dozen playouts show is too often short of the truth."""
TARGETS = {"match": 0.01, "make": 0.01, "march": 0.01, "net": 0.05}
"""The 95% half-width every surviving Δ is played out to, by objective."""

Progress = Callable[[int, int], None]
_PLAYERS_SEED = 0
_FOREHAND_CHOICES: dict[tuple[object, ...], dict[SeatView, Action]] = {}
_KEPT_SETTINGS = 8
_PLAYOUT_KEYS: dict[int, np.ndarray] = {}


def rate_realistic(view: SeatView, *, objective: str = "match", state: Optional[MatchState] = None,
                   table: Optional[EquityTable] = None, playouts: Optional[int] = None,
                   effort: int = DEFAULT_EFFORT, seed: int = 0, samples: int = DEFAULT_SAMPLES,
                   exact_limit: int = DEFAULT_EXACT_LIMIT, decision_worlds: int = DECISION_WORLDS,
                   card_worlds: int = CARD_WORLDS, progress: Optional[Progress] = None,
                   partial_on_interrupt: bool = False, solver: Optional[Solver] = None,
                   engine: Optional[Engine] = None, threads: Optional[int] = None, tricks: bool = False,
                   infer: bool = False, dd_progress: Optional[Progress] = None,
                   inference_progress: Optional[InferenceProgress] = None,
                   weigh: Optional[WorldWeigher] = None, endgame: bool = False) -> Rating:
    """Rate the decision ``view.seat`` faces now by playing worlds out
    realistically (the module docstring), with the objective, score and
    table as :func:`~altbaumer.hidden.rating.rate_view` takes them and its
    double-dummy rating over ``samples`` worlds (all of them up to
    ``exact_limit``) beside it (:attr:`Rating.double_dummy`). ``playouts``
    fixes the playouts an option; else they go on until the ranking is
    settled, at most ``effort``. The players decide over ``decision_worlds``
    worlds and ``card_worlds`` worlds a card. ``progress(done, total)``
    follows the playouts; Ctrl-C as in ``rate_view`` (the playouts of the
    rounds finished); ``dd_progress`` and ``inference_progress`` follow the
    double-dummy worlds and the inference as ``rate_view``'s ``progress``
    and ``inference_progress`` do. The mean tricks are given with
    ``tricks``; ``infer`` weighs the worlds by forehand's
    choices, and ``weigh`` draws them again by the cards the others chose,
    as ``rate_view``. With ``endgame``, a card near the end is rated as
    ``rate_view(..., endgame=True)`` rates it: the last tricks solved as a
    game of hidden cards value it more exactly than playouts by PIMC players."""
    if endgame and endgame_applies(view):
        return rate_view(view, objective=objective, state=state, table=table, exact_limit=exact_limit,
                         samples=samples, seed=seed, threads=threads, progress=dd_progress,
                         partial_on_interrupt=partial_on_interrupt, solver=solver, infer=infer, tricks=tricks,
                         inference_progress=inference_progress, weigh=weigh, endgame=True)
    decision, goal, assumed = decision_objective(view, objective, state, table, "rate_realistic")
    cap = count(effort if playouts is None else playouts, "playouts" if playouts is not None else "effort",
                "rate_realistic", low=2, high=PLAYOUTS_MAX, note=" (worlds played out an option)")
    samples, exact_limit, seed = checked_world_settings(samples, exact_limit, seed, "rate_realistic")
    worlds, inference, weighting = rating_worlds(view, goal, table, exact_limit=exact_limit, samples=samples,
                                                 seed=seed, infer=infer, progress=inference_progress,
                                                 partial_on_interrupt=partial_on_interrupt, caller="rate_realistic",
                                                 weigh=weigh)
    with using_solver(solver, tt_mib=2.0, threads=threads) as batch_solver, _using(engine, threads) as playing:
        labels, dd, plans = solve_and_plan(view, worlds, goal, batch_solver, seed=seed, tricks=tricks,
                                           progress=dd_progress, keep_options=True)
        double_dummy = rating_of(view, worlds, labels, dd, goal, assumed, tricks, inference, weighting)
        actions = _actions(view, labels)
        order = _playout_worlds(worlds, cap, seed)
        starts = _Starts(view, worlds, order, actions, goal, table, batch_solver, plans,
                         seed=seed, decision_worlds=decision_worlds, card_worlds=card_worlds)
        run = _Rounds(labels, dd, order, goal, view, worlds.exact, decision in NATURAL_ORDER, tricks)
        stopped = run.play(starts, playing, seed, card_worlds, fixed=playouts is not None, progress=progress,
                           partial=partial_on_interrupt)
    controlled = run.rated()
    summary = PlayoutSummary(run.done, len(worlds), stopped, TARGETS[goal.name], len(order),
                             controlled.variance_reduction)
    return Rating(decision, view.seat, view.seat.team is view.forehand.team, objective, run.done, worlds.total, False,
                  stopped != "interrupted", controlled.options, goal.state, assumed, play="realistic",
                  double_dummy=double_dummy, playouts=summary, inference=inference, weighting=weighting)


@contextmanager
def _using(engine: Optional[Engine], threads: Optional[int]) -> Iterator[Engine]:
    if engine is not None:
        yield engine
        return
    with Engine(threads) as own:
        yield own


def _actions(view: SeatView, labels: list[str]) -> list[Action]:
    """The legal action of each option the rating names."""
    named = {option_name(a): a for a in view.legal}
    return [named[label] for label in labels]


def _playout_worlds(worlds: Worlds, count: int, seed: int) -> np.ndarray:
    """Which worlds are played out, in order: the first ones of a sample
    (itself uniform), or uniform draws from all the worlds when they are
    enumerated."""
    if worlds.exact:
        return np.random.default_rng([seed, 7]).integers(0, len(worlds), size=count)
    return np.arange(min(count, len(worlds)))


class _Start(NamedTuple):
    """One option's worlds at their first card, as arrays: the hands, the
    trump, forehand's taken cards, the ones face up, forehand's discard, the
    lone seat (-1: none) and the worlds where the partner's lone choice is
    still to come."""

    hands: np.ndarray
    trump: np.ndarray
    taken: np.ndarray
    exposed: np.ndarray
    discards: np.ndarray
    lone: np.ndarray
    waiting: np.ndarray


class _Starts:
    """The start of the card play of every option in each world played out:
    the option taken, then the decisions before the play by their deciders."""

    def __init__(self, view: SeatView, worlds: Worlds, order: np.ndarray, actions: list[Action], goal: Objective,
                 table: Optional[EquityTable], solver: Solver, plans: dict[PlanKey, Plan], *, seed: int,
                 decision_worlds: int, card_worlds: int) -> None:
        self.plans = plans
        self.view, self.worlds, self.order, self.actions = view, worlds, order, actions
        self.goal, self.table, self.solver, self.seed = goal, table, solver, seed
        self.decision_worlds, self.card_worlds = decision_worlds, card_worlds
        # The players are one policy whatever the rating's seed, which draws only
        # the worlds and the card play: their choices are seeded by what they see.
        self.partner = PartnerChoices(view, goal, solver, seed=_PLAYERS_SEED, count=decision_worlds)
        # Forehand's choices, kept across ratings: a view's choice is a function of the view and the settings.
        self.decided: dict[tuple[object, ...], Action] = {}
        self.after: dict[tuple[Action, int], tuple[int, int, int]] = {}
        self.forehand = _FOREHAND_CHOICES.setdefault(
            (goal.name, goal.values.tobytes(), id(table), decision_worlds, card_worlds), {})
        while len(_FOREHAND_CHOICES) > _KEPT_SETTINGS:
            del _FOREHAND_CHOICES[next(iter(_FOREHAND_CHOICES))]

    def rows(self, lo: int, hi: int, alive: np.ndarray) -> np.ndarray:
        """The engine rows of worlds ``order[lo:hi]`` × the options ``alive`` (their indices)."""
        actions = [self.actions[j] for j in alive]
        if self.view.phase == Phase.PLAY.value:
            return self._card_rows(lo, hi, actions)
        return self._decision_rows(lo, hi, actions)

    def dealt_rows(self, lo: int, hi: int, actions: list[Action]) -> np.ndarray:
        """The rows of a decision before the play as the rules make them:
        each world rebuilt as a deal, the option taken, the later decisions
        made by their deciders, then the deal's row. :meth:`rows` builds the
        same rows from the world arrays; a test holds the two equal."""
        out = np.empty((hi - lo, len(actions), WIDTH), dtype=np.int64)
        waiting: list[tuple[int, int, Deal]] = []
        for at in range(lo, hi):
            base = deal_of_world(self.view, self.worlds, int(self.order[at]), self._world_rng(at))
            for j, action in enumerate(actions):
                deal = base.copy()
                deal.apply(action)
                self._forehand_decides(deal)
                if deal.phase in (Phase.PLAY, Phase.DONE):  # a last card played is a playout with nothing left
                    out[at - lo, j] = deal_row(deal)
                else:
                    waiting.append((at - lo, j, deal))
        if waiting:
            self._partner_decides([deal for _, _, deal in waiting])
            for i, j, deal in waiting:
                out[i, j] = deal_row(deal)
        return out

    def _decision_rows(self, lo: int, hi: int, actions: list[Action]) -> np.ndarray:
        """A decision's rows before the play (:meth:`dealt_rows`) from the
        world arrays. A world's trump making is fixed by its stock and the
        option, and forehand's later choices by that outcome (forehand sees
        its own hand), so forehand's choices come from one deal for each
        outcome (:meth:`_after`); the partner's lone choice is taken for all
        the worlds at once, as :meth:`dealt_rows` takes it; a discard forehand
        made unseen is drawn per world as :func:`deal_of_world` draws it."""
        view, worlds = self.view, self.order[lo:hi]
        hands = self.worlds.hands[worlds]
        fh, partner = int(view.forehand), int(view.forehand.partner)
        n = len(worlds)
        made_now = view.phase == Phase.TRUMP.value
        discarded_now = made_now or view.phase == Phase.DISCARD.value
        if discarded_now:
            drawn = np.zeros(n, dtype=np.int64)
        elif view.discards is not None:
            drawn = np.full(n, view.discards.mask, dtype=np.int64)
        else:
            drawn = np.array([split_out_of_play(view, int(self.worlds.out[i]), self._world_rng(at)).discard.mask
                              for at, i in zip(range(lo, hi), worlds.tolist())], dtype=np.int64)
        options: list[_Start] = []
        for action in actions:
            if made_now:
                outcome = turn_outcomes(self.worlds.stock[worlds], isinstance(action, Accept))
                trump, taken, exposed = outcome.trump.astype(np.int64), outcome.taken, outcome.exposed
            else:
                assert view.trump is not None  # made before the discard
                trump, taken, exposed = (np.full(n, mask, dtype=np.int64)
                                         for mask in (int(view.trump), view.taken.mask, view.exposed.mask))
            codes, first, inverse = np.unique(taken | (exposed << 24) | (trump << 48), return_index=True,
                                              return_inverse=True)
            after = np.array([self._after(action, int(code), lo + int(at)) for code, at in zip(codes, first)],
                             dtype=np.int64).reshape(-1, 3)[inverse.reshape(-1)]
            option_hands = hands.copy()
            if discarded_now:
                discards = after[:, 0]
                option_hands[:, fh] = ((hands[:, fh] | taken) if made_now else hands[:, fh]) & ~discards
            else:
                discards = drawn
            options.append(_Start(option_hands, trump, taken, exposed, discards, after[:, 1],
                                  np.flatnonzero(after[:, 2])))
        if any(len(o.waiting) for o in options):
            alone = self.partner.alone(*(np.concatenate([column[o.waiting] for o, column in zip(options, columns)])
                                         for columns in ([o.hands[:, partner] for o in options],
                                                         [o.trump for o in options], [o.taken for o in options],
                                                         [o.exposed for o in options])))
            ends = np.cumsum([len(o.waiting) for o in options])[:-1]
            for option, chosen in zip(options, np.split(alone, ends)):
                option.lone[option.waiting[chosen]] = partner
        out = np.empty((n, len(actions), WIDTH), dtype=np.int64)
        for j, o in enumerate(options):
            out[:, j] = start_rows(o.hands, o.trump, fh, o.lone, view.cut_trees.mask, view.cut_seen.mask, o.taken,
                                   o.exposed, o.discards)
        return out

    def _after(self, action: Action, outcome: int, at: int) -> tuple[int, int, int]:
        """Forehand's choices after ``action`` in the worlds of one trump-making
        ``outcome`` (the world played out ``at``-th is one of them): its
        discard, the lone seat (-1: none yet or none), and 1 where the
        partner's lone choice is still to come."""
        key = (action, outcome)
        if key not in self.after:
            deal = deal_of_world(self.view, self.worlds, int(self.order[at]), self._world_rng(at))
            deal.apply(action)
            self._forehand_decides(deal)
            assert deal.discards is not None  # every hand of a rebuilt world is known
            self.after[key] = (deal.discards.mask, -1 if deal.lone is None else int(deal.lone),
                               int(deal.phase is Phase.LONE))
        return self.after[key]

    def _world_rng(self, at: int) -> random.Random:
        """What splits the out of play of the ``at``-th world played out, whichever way its row is built."""
        return random.Random(f"altbaumer-realistic-world:{self.seed}:{at}")

    def _card_rows(self, lo: int, hi: int, actions: list[Action]) -> np.ndarray:
        """A card's rows straight from the world arrays: no decision is left
        before the play, so only forehand's discard (unseen unless the seat is
        forehand) is drawn per world, as :func:`deal_of_world` draws it."""
        worlds = self.order[lo:hi]
        if self.view.discards is not None:
            discards = np.full(len(worlds), self.view.discards.mask, dtype=np.int64)
        else:
            discards = np.array([split_out_of_play(self.view, int(self.worlds.out[i]), self._world_rng(at)).discard.mask
                                 for at, i in zip(range(lo, hi), worlds.tolist())], dtype=np.int64)
        cards = [action.card for action in actions if isinstance(action, Play)]
        return card_rows(self.view, self.worlds.hands[worlds], discards, cards)

    def _forehand_decides(self, deal: Deal) -> None:
        """Forehand's discard and lone choice, up to the play or the partner's
        choice: where the double-dummy rating's own choice for this view was
        clear (by :data:`~altbaumer.hidden.lines.CLEAR_Z` standard errors, over
        at least the worlds a player decides over), that choice, which any
        other sample of worlds would make too; else the player's own
        (:meth:`_player`), seeded by the view. Either way the choice does not
        depend on the rating's seed."""
        while deal.phase in (Phase.DISCARD, Phase.LONE) and deal.to_act is deal.forehand:
            # Forehand's view is a function of this key within one rating: most worlds share a few of them.
            key = (deal.phase, deal.hand(deal.forehand).mask, deal.accepted, deal.trump, deal.taken, deal.exposed,
                   None if deal.phase is Phase.DISCARD else deal.discards, tuple(deal.lone_passed))
            if key not in self.decided:
                self.decided[key] = self._forehand_choice(deal.view(deal.forehand))
            deal.apply(self.decided[key])

    def _forehand_choice(self, view: SeatView) -> Action:
        planned = self.plans.get(view_plan_key(view))
        if planned is not None and planned.clear and planned.worlds >= self.decision_worlds:
            return planned.action
        if view not in self.forehand:
            self.forehand[view] = self._player(view).choose(view)
        return self.forehand[view]

    def _player(self, view: SeatView) -> PimcPolicy:
        """Forehand deciding from this view: seeded by the view, so the same
        view always gets the same choice, whichever world or rating brought it."""
        key = (view.phase, view.hand.mask, view.taken.mask, view.exposed.mask, int(view.trump or 0),
               tuple(int(s) for s in view.lone_passed))
        player = PimcPolicy(random.Random(f"altbaumer-realistic-forehand:{_PLAYERS_SEED}:{key}").getrandbits(64),
                            objective=self.goal.name, decision_worlds=self.decision_worlds,
                            card_worlds=self.card_worlds, solver=self.solver, table=self.table)
        if self.goal.state is not None:
            player.set_score(self.goal.state)
        return player

    def _partner_decides(self, deals: list[Deal]) -> None:
        partner = self.view.forehand.partner
        alone = self.partner.alone(np.array([d.hand(partner).mask for d in deals]),
                                   np.array([int(d.trump) for d in deals]),  # type: ignore[arg-type]
                                   np.array([d.taken.mask for d in deals]),  # type: ignore[union-attr]
                                   np.array([d.exposed.mask for d in deals]))
        for deal, choice in zip(deals, alone.tolist()):
            deal.apply(DeclareAlone(bool(choice)))


def _playout_keys(seed: int, lo: int, hi: int) -> np.ndarray:
    """The seeds of the card play of playouts ``lo`` to ``hi`` of a rating
    seeded ``seed``: each a function of the two numbers, so they are kept for
    the next rating with the same seed."""
    known = _PLAYOUT_KEYS.pop(seed, np.empty(0, dtype=np.uint64))
    if len(known) < hi:
        known = np.concatenate([known, np.array([random.Random(f"altbaumer-playout:{seed}:{at}").getrandbits(64)
                                                 for at in range(len(known), hi)], dtype=np.uint64)])
    _PLAYOUT_KEYS[seed] = known  # the most recent seed last
    while len(_PLAYOUT_KEYS) > _KEPT_SETTINGS:
        del _PLAYOUT_KEYS[next(iter(_PLAYOUT_KEYS))]
    return known[lo:hi]


class _Rounds:
    """The playouts of every option, round by round, and their figures."""

    def __init__(self, labels: list[str], dd: np.ndarray, order: np.ndarray, goal: Objective, view: SeatView,
                 exact: bool, natural: bool, tricks: bool) -> None:
        self.labels, self.dd, self.order, self.goal = labels, dd, order, goal
        self.maker = view.seat.team is view.forehand.team
        self.exact, self.natural, self.tricks = exact, natural, tricks
        self.played = np.full((len(order), len(labels)), -1, dtype=np.int8)
        self.alive = np.ones(len(labels), dtype=bool)
        self.done = 0
        self._rated: Optional[tuple[int, Controlled]] = None

    def play(self, starts: _Starts, engine: Engine, seed: int, card_worlds: int, *, fixed: bool,
             progress: Optional[Progress], partial: bool) -> str:
        """Play rounds until settled (or all ``order`` when ``fixed``); how it stopped."""
        values = seat_values(self.goal)
        cap = len(self.order)
        try:
            while self.done < cap:
                upto = min(cap, max(FIRST_ROUND, 2 * self.done))
                alive = np.flatnonzero(self.alive)
                rows = starts.rows(self.done, upto, alive)
                keys = _playout_keys(seed, self.done, upto)
                codes, _ = engine.play_out(rows.reshape(-1, WIDTH), values, np.repeat(keys, len(alive)), card_worlds)
                self.played[self.done:upto, alive] = codes.reshape(upto - self.done, len(alive))
                self.done = upto
                if progress is not None:
                    progress(self.done * int(self.alive.sum()), cap * int(self.alive.sum()))
                if not fixed and self.done >= SETTLE_AFTER and self._settled():
                    return "settled"
        except KeyboardInterrupt:
            if self.done < 2 or not partial:
                raise
            return "interrupted"
        return "fixed" if fixed else "effort"

    def rated(self) -> Controlled:
        """The figures of the playouts so far (kept until more are played: the
        last round's check and the rating ask for the same)."""
        if self._rated is None or self._rated[0] != self.done:
            self._rated = (self.done, controlled_options(
                self.labels, self.dd, self.played[: self.done], self.goal, self.maker, exact=self.exact,
                natural=self.natural, tricks=self.tricks, at=self.order[: self.done] if self.exact else None))
        return self._rated[1]

    def _settled(self) -> bool:
        """Drop the options that clearly trail; True once every surviving Δ
        is within the target, or one option is left."""
        options = self.rated().options
        sign = 1.0 if self.maker else -1.0
        target = TARGETS[self.goal.name]
        open_ = False
        for j, option in enumerate(options):
            if not self.alive[j] or option.delta == 0.0 and option.delta_ci95 == 0.0:
                continue
            spread = option.delta_ci95 / 1.959964
            if sign * option.delta + PRUNE_Z * spread < 0:
                self.alive[j] = False
            elif option.delta_ci95 > target:
                open_ = True
        return not open_ or int(self.alive.sum()) == 1
