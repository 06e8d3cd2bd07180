"""Speed of rating decisions: worlds rated per second for each kind of
decision, as rows of ``altbaumer bench`` (:class:`~altbaumer.dd.bench.BenchRow`:
``positions`` are worlds, ``nodes_per_position`` the search nodes per world
over every option's lines). Nothing here prints.

The double-dummy wing's benchmark (:mod:`altbaumer.dd.bench`) may not import
this wing, so the caller hands these rows to it (``run_benchmark(extra=
rating_plan(views))``); the views come from a recorded game (the command
line and ``benchmarks/bench_rating.py`` take them from
``examples/refusal.abn``, which the package ships as
``altbaumer/hidden/refusal.abn``).

Each row rates its decision with :func:`~altbaumer.hidden.rating.rate_view`
on ``samples`` sampled worlds (``exact_limit=0``: never enumerated), after
an untimed warm-up on 200, again and again with the next seeds until its
``seconds`` are used. One :class:`~altbaumer.dd.solver.Solver` serves a row's
ratings, so its tables carry over from one to the next, as they do across
an annotation's decisions; the partner's choices kept from earlier rows are
forgotten first, so each row measures its decision alone.

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(4)
>>> row = rating_row("turn", deal.view(deal.forehand), seconds=0.0, samples=100)
>>> row.workload, row.solver, row.positions, row.nodes_per_position > 0, row.ns_per_node > 0
('rate-turn', 'altbaumer', 100, True, True)
"""

from __future__ import annotations

import time
from typing import Callable, Mapping, Optional

from altbaumer.dd.bench import RATING_WORKLOADS, BenchRow, ExtraRow, node_figures
from altbaumer.dd.solver import Solver
from altbaumer.game.view import SeatView
from altbaumer.hidden.partner import forget_choices
from altbaumer.hidden.rating import rate_view

__all__ = ["DECISION_KINDS", "RATING_SAMPLES", "RATING_TT_MIB", "rating_row", "rating_plan", "rating_rows"]

DECISION_KINDS = ("turn", "discard", "alone", "card")
"""The decisions measured, each a workload ``rate-<kind>``: accept or refuse,
the discard, lone play, a card to play."""

RATING_SAMPLES = 2000
"""Worlds per rating: ``altbaumer bench`` runs each decision at this size
until the row's seconds are used."""

RATING_TT_MIB = 2.0  # rate_view's own Solver's table
_WARM_UP_SAMPLES = 200

assert all(f"rate-{kind}" in RATING_WORKLOADS for kind in DECISION_KINDS)


def rating_row(kind: str, view: SeatView, seconds: float = 1.0, samples: int = RATING_SAMPLES,
               threads: Optional[int] = 1, seed: int = 0) -> BenchRow:
    """Rate the decision ``view`` faces (``kind``: one of :data:`DECISION_KINDS`)
    on ``samples`` worlds with seed ``seed + 1``, then ``seed + 2`` and so on,
    until ``seconds`` of rating are spent (at least once: ``seconds=0`` rates
    once). ``threads``: the solver's (None: every core)."""
    if kind not in DECISION_KINDS:
        raise ValueError(f"unknown decision kind {kind!r} (one of {', '.join(DECISION_KINDS)})")
    if samples < 1 or seconds < 0:
        raise ValueError("samples must be at least 1 and seconds not negative")
    rate_view(view, samples=_WARM_UP_SAMPLES, seed=seed, exact_limit=0, threads=threads)  # warm-up, untimed
    # Each row from scratch: the partner's choices kept from an earlier row of the same deal
    # (altbaumer.hidden.partner) would flatter this one.
    forget_choices()
    worlds, spent, cpu, ratings = 0, 0.0, 0.0, 0
    solver = Solver(RATING_TT_MIB, threads=threads)
    with solver:
        while ratings == 0 or spent < seconds:
            c0 = time.process_time()
            t0 = time.perf_counter()
            rating = rate_view(view, samples=samples, seed=seed + 1 + ratings, exact_limit=0, solver=solver)
            spent += time.perf_counter() - t0
            cpu += time.process_time() - c0
            worlds += rating.worlds
            ratings += 1
        used, tt_bytes, nodes = solver.threads, solver.tt_bytes, solver.batch_nodes
    per_world, per_node = node_figures(nodes, worlds, spent, used)
    options = len(rating.options)
    return BenchRow(
        f"rate-{kind}", "altbaumer", used, worlds / spent, worlds, spent, "hidden.rating.rate_view",
        nodes_per_position=per_world, ns_per_node=per_node, tt_bytes=tt_bytes, cpu_per_wall=cpu / spent,
        note=(f"{rating.decision}, {options} option{'s' if options != 1 else ''}, best {rating.best.option}; "
              f"{ratings} rating{'s' if ratings != 1 else ''} of {samples:,} sampled worlds"),
    )


def rating_plan(views: Mapping[str, SeatView], seconds: float = 1.0, samples: int = RATING_SAMPLES,
                threads: int = 1, seed: int = 0) -> list[ExtraRow]:
    """The rows of :func:`rating_row` for each decision of ``views`` (kind →
    the deciding seat's view, in :data:`DECISION_KINDS` order), ready for
    ``run_benchmark(extra=...)``: measured when the benchmark reaches them."""
    def measure(kind: str) -> Callable[[], BenchRow]:
        return lambda: rating_row(kind, views[kind], seconds, samples, threads, seed)

    return [((f"rate-{kind}", "altbaumer", threads), measure(kind)) for kind in DECISION_KINDS if kind in views]


def rating_rows(views: Mapping[str, SeatView], seconds: float = 1.0, samples: int = RATING_SAMPLES,
                threads: int = 1, seed: int = 0) -> list[BenchRow]:
    """Every row of :func:`rating_plan`, measured now."""
    return [measure() for _, measure in rating_plan(views, seconds, samples, threads, seed)]
