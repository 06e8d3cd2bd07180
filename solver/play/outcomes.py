"""How single deals end under the project's own decisions: the outcome rates
behind the match equity table (:mod:`altbaumer.game.equity`, docs/equity.md).

Each deal is random (dealer, shuffle and cut). The cutter takes any Trees
offered (:class:`~altbaumer.play.policies.HeuristicPolicy`). Forehand's accept
or refuse, the discard, forehand's lone declaration and, after a pass, the
partner's are each the option with the best mean objective in :func:`~altbaumer.hidden.rating.rate_view`
from the deciding seat's own view, over ``samples`` sampled worlds (every
world when there are no more). The cards are then played double dummy on
the full deal, the same assumption the ratings make. Each deal counts once,
in one of :data:`~altbaumer.game.equity.OUTCOMES`.

Each deal draws its randomness from its own seed, derived from the run's
seed and the deal's number, so the counts do not depend on how the deals are
split between worker processes.

>>> counts = estimate_outcomes(2, seed=1, samples=20)
>>> counts.deals, sum(counts.counts), counts.accepted + counts.refused
(2, 2, 2)
"""

from __future__ import annotations

import bisect
import itertools
import random
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import partial
from typing import Any, Callable, Optional, Sequence

from altbaumer.dd.solver import Solver
from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Action, Phase
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.equity import OUTCOMES, EquityTable, outcome_index, shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Team
from altbaumer.hidden.rating import OBJECTIVES, legal_option, rate_view
from altbaumer.play.pimc import CARD_WORLDS, PimcPolicy
from altbaumer.play.policies import HeuristicPolicy
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog
from altbaumer.play.simulate import play_deal

__all__ = ["OutcomeCounts", "estimate_outcomes", "estimate_class_outcomes", "play_out", "policy_description",
           "pass_record", "equity_table", "DEFAULT_SAMPLES"]

PLAYS = ("dd", "realistic")
"""How the cards are played once the decisions are made: double dummy, or every seat from its own knowledge."""
DEFAULT_SAMPLES = 100
"""Worlds per decision: each deal's four decisions take some 50 ms on one core."""
_SOLVER_MIB = 2.0
_CHUNK_MAX = 25  # deals per task: progress and Ctrl-C every second or so


@dataclass
class OutcomeCounts:
    """Deals counted by outcome (:data:`~altbaumer.game.equity.OUTCOMES` order)
    and by the makers' tricks, with how trump was made and who went alone;
    two of them add up with :meth:`merge`."""

    counts: list[int] = field(default_factory=lambda: [0] * len(OUTCOMES))
    tricks: list[int] = field(default_factory=lambda: [0] * (TRICKS + 1))  # makers' tricks -> deals
    accepted: int = 0
    refused: int = 0
    compulsory: int = 0
    forehand_alone: int = 0
    partner_alone: int = 0

    @property
    def deals(self) -> int:
        return sum(self.counts)

    def add(self, deal: Deal, makers_tricks: int) -> None:
        """Count one deal whose decisions are made, the makers taking ``makers_tricks``."""
        self.counts[outcome_index(makers_tricks, deal.lone is not None)] += 1
        self.tricks[makers_tricks] += 1
        self.accepted += deal.accepted is True
        self.refused += deal.accepted is False
        self.compulsory += deal.compulsory is True
        self.forehand_alone += deal.lone is deal.forehand
        self.partner_alone += deal.lone is deal.forehand.partner

    def merge(self, other: "OutcomeCounts") -> "OutcomeCounts":
        """Add ``other``'s deals to these.

        >>> a, b = OutcomeCounts(counts=[1, 0, 0, 0, 0]), OutcomeCounts(counts=[0, 2, 0, 0, 0], accepted=2)
        >>> a.merge(b).counts, a.accepted, a.deals
        ([1, 2, 0, 0, 0], 2, 3)
        """
        for name, value in vars(other).items():
            mine = getattr(self, name)
            setattr(self, name, [m + v for m, v in zip(mine, value)] if isinstance(mine, list) else mine + value)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"deals": self.deals, "outcomes": dict(zip(OUTCOMES, self.counts)),
                "makers_tricks": {str(t): n for t, n in enumerate(self.tricks)},
                "trump_making": {"accepted": self.accepted, "refused": self.refused, "compulsory": self.compulsory},
                "alone": {"forehand": self.forehand_alone, "partner": self.partner_alone}}


@dataclass(frozen=True)
class _Settings:
    """What every deal of a run is decided with (sent to the worker processes)."""

    seed: int
    samples: int
    objective: str
    state: Optional[MatchState]
    table: Optional[EquityTable]
    play: str = "dd"

    def rating_options(self, makers: Team) -> dict[str, Any]:
        """The keywords of :func:`rate_view` beyond the view: the match objective's score and table."""
        if self.objective != "match":
            return {}
        return {"state": _for_makers(self.state or MatchState.start(makers), makers), "table": self.table}


def _for_makers(state: MatchState, makers: Team) -> MatchState:
    """``state`` seen from ``makers``' side: the score the run rates at is the
    makers' and the defenders', whichever team makes trump in a deal.

    >>> print(_for_makers(MatchState.parse("3:-1 rounds 1:0", Team.NS), Team.EW))
    -1:3 rounds 0:1
    """
    if state.makers is makers:
        return state
    (ns, ew), (rns, rew) = state.points, state.rounds
    return MatchState((ew, ns), (rew, rns), makers)


def _decide(deal: Deal, settings: _Settings, seed: int, solver: Solver) -> Action:
    """The option with the best mean objective in a rating from the view of
    the seat to act (an exact tie drawn from ``seed``)."""
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    rating = rate_view(view, objective=settings.objective, exact_limit=settings.samples, samples=settings.samples,
                       seed=seed, prune=True, solver=solver, **settings.rating_options(deal.makers))
    return legal_option(view, rating.pick_top(random.Random(seed)))


def _deal_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"altbaumer-outcomes:{seed}:{index}")


def play_out(index: int, settings: _Settings, solver: Solver) -> tuple[Deal, int]:
    """Deal number ``index`` of the run, its decisions made, and the makers'
    tricks under double-dummy play, or realistic play (every card of every
    seat from its own knowledge, :class:`~altbaumer.play.pimc.PimcPolicy`)."""
    rng = _deal_rng(settings.seed, index)
    deal = Deal.shuffled(rng.choice(SEATS), rng)
    if deal.phase is Phase.CUT:
        deal.apply(HeuristicPolicy(rng.getrandbits(64)).choose(deal.view(deal.cutter)))
    while deal.phase is not Phase.PLAY:  # accept or refuse, the discard, the lone declarations
        deal.apply(_decide(deal, settings, rng.getrandbits(64), solver))
    if settings.play == "dd":
        return deal, solver.value(Position.from_deal(deal))
    players = {seat: PimcPolicy(rng.getrandbits(64), objective=settings.objective, solver=solver) for seat in SEATS}
    for player in players.values():
        player.set_score(settings.rating_options(deal.makers).get("state") or MatchState.start(deal.makers))
    play_deal(deal, players)
    return deal, deal.makers_tricks


def _count_range(classes: Sequence[_Settings], bounds: Sequence[int], start: int, stop: int) -> list[OutcomeCounts]:
    """The deals ``start`` to ``stop`` of a run counted by class: deal i is
    decided with the settings of the class whose deals take in i (``bounds``:
    where each class's deals end)."""
    counts = [OutcomeCounts() for _ in classes]
    with Solver(_SOLVER_MIB, threads=1) as solver:  # one search thread: the processes are the parallelism
        for index in range(start, stop):
            c = bisect.bisect_right(bounds, index)
            counts[c].add(*play_out(index, classes[c], solver))
    return counts


def estimate_outcomes(
    deals: int,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    objective: str = "net",
    state: Optional[MatchState] = None,
    table: Optional[EquityTable] = None,
    processes: int = 1,
    progress: Optional[Callable[[int], None]] = None,
    partial_on_interrupt: bool = False,
    play: str = "dd",
    scheduler: Optional[Scheduler] = None,
    resume: Optional[ResumeLog] = None,
) -> OutcomeCounts:
    """Deal and decide ``deals`` deals and count how they end.

    ``objective`` is the ratings' (:data:`~altbaumer.hidden.rating.OBJECTIVES`);
    ``match`` rates at ``state`` (0:0 if not given, seen from each deal's
    makers' side) with ``table`` (the shipped one if not given).
    ``progress`` is called with the number of deals just finished. Ctrl-C
    (KeyboardInterrupt) propagates, the deals still queued dropped; with
    ``partial_on_interrupt`` the counts of the deals finished before it are
    returned instead (it still propagates when none finished). With a
    ``scheduler`` the deals run on its Dask cluster, with ``resume`` the
    ranges finished are kept in that file (:func:`~altbaumer.play.ranges.run_ranges`).
    """
    return estimate_class_outcomes([deals], [state], seed, samples, objective, table, play, processes=processes,
                                   progress=progress, partial_on_interrupt=partial_on_interrupt, scheduler=scheduler,
                                   resume=resume)[0]


def estimate_class_outcomes(deals: Sequence[int], states: Sequence[Optional[MatchState]], seed: int = 0,
                            samples: int = DEFAULT_SAMPLES, objective: str = "net",
                            table: Optional[EquityTable] = None, play: str = "dd", **run: Any) -> list[OutcomeCounts]:
    """:func:`estimate_outcomes` for several scores in one run: ``deals[c]``
    deals decided at ``states[c]``, each class its own deals (numbered
    through the run), counted apart; ``run`` says how the deals are run
    (``processes``, ``progress``, ``partial_on_interrupt``, ``scheduler``,
    ``resume``, as :func:`~altbaumer.play.ranges.run_ranges` takes them)."""
    if objective not in OBJECTIVES:
        raise AltbaumerError(f"unknown objective {objective!r} (choose from {', '.join(OBJECTIVES)})")
    if len(deals) != len(states) or min(deals, default=0) < 0 or samples < 2 or run.get("processes", 1) < 1:
        raise ValueError("a count of deals ≥ 0 for each state, samples ≥ 2 and processes ≥ 1")
    if objective == "match" and table is None:
        table = shipped_table()
    if play not in PLAYS:
        raise AltbaumerError(f"unknown play {play!r} (choose from {', '.join(PLAYS)})")
    classes = [_Settings(seed, samples, objective, state, table if objective == "match" else None, play)
               for state in states]
    bounds = list(itertools.accumulate(deals))
    total = [OutcomeCounts() for _ in classes]
    for counts in run_ranges(partial(_count_range, classes, bounds), sum(deals), chunk_max=_CHUNK_MAX, **run):
        for mine, theirs in zip(total, counts):
            mine.merge(theirs)
    return total


def policy_description(samples: int, objective: str, state: Optional[MatchState] = None, play: str = "dd",
                       at: Optional[str] = None) -> str:
    """The decisions of a run in words, for the table's provenance (``at``:
    the score they are rated at in words, if not ``state``).

    >>> policy_description(100, "net")[:60]
    'the cutter takes the Trees; accept or refuse, the discard an'
    """
    at = f" at {at or _rated_at(state)} (seen from each deal's makers' side)" if objective == "match" else ""
    return (f"the cutter takes the Trees; accept or refuse, the discard and each lone declaration are the option "
            f"with the best mean objective in a PIMC rating from the deciding seat's own knowledge over {samples:,} "
            f"sampled worlds (every world when there are no more; exact ties drawn at random), objective "
            f"{objective}{at}, successive elimination on; "
            + ("card play double dummy on the full deal" if play == "dd" else
               f"card play realistic: every card of every seat the best mean of a rating from its own knowledge "
               f"over {CARD_WORLDS} worlds"))


def _rated_at(state: Optional[MatchState]) -> str:
    return "0:0 rounds 0:0" if state is None else state.describe()


def pass_record(counts: OutcomeCounts, *, seed: int, samples: int, objective: str,
                state: Optional[MatchState] = None, seconds: float = 0.0, processes: int = 1,
                command: str = "", date: Optional[str] = None, play: str = "dd") -> dict[str, Any]:
    """One run of :func:`estimate_outcomes`, as the provenance of a table records it."""
    return {"deals": counts.deals, "seed": seed, "samples": samples, "objective": objective, "play": play,
            "rated_at": _rated_at(state) if objective == "match" else None,
            "policy": policy_description(samples, objective, state, play), **counts.to_dict(),
            "seconds": round(seconds, 1), "processes": processes,
            "seconds_per_deal": round(seconds / counts.deals, 4) if counts.deals else None,
            "date": date or datetime.now(timezone.utc).date().isoformat(), "command": command}


def equity_table(counts: OutcomeCounts, record: dict[str, Any], base: Optional[EquityTable] = None) -> EquityTable:
    """The match equity table of ``counts``. Its provenance lists the passes
    that led to it: those of ``base``, the table the decisions of a ``match``
    run were rated with, then ``record`` (:func:`pass_record`)."""
    earlier: Sequence[Any] = base.provenance.get("passes", []) if base is not None else []
    passes = [*earlier, record]
    return EquityTable.from_counts(counts.counts, provenance={"passes": passes, "policy": record["policy"]})
