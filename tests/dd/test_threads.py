"""Threads: a Solver owns its pool and stops it; the module functions give
each Python thread its own Solver."""

from __future__ import annotations

import gc
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from altbaumer.dd.workloads import full_deal_rows
from altbaumer.dd.solver import Solver, default_solver, encode_batch, solve, solve_batch
from support import random_position

ROWS = full_deal_rows(512, seed=11)


def _pool_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("altbaumer-solver")}


def test_threads_are_at_least_one_or_every_core():
    assert Solver(threads=3).threads == 3
    assert Solver().threads >= 1
    with pytest.raises(ValueError):
        Solver(threads=0)


def test_close_stops_the_pool_and_the_solver_stays_usable():
    before = _pool_threads()
    solver = Solver(threads=2)
    want = Solver(threads=1).solve_batch(ROWS)
    assert np.array_equal(solver.solve_batch(ROWS), want)
    started = _pool_threads() - before
    assert started, "a batch of 512 rows on 2 threads runs on the pool"
    solver.close()
    assert not any(t.is_alive() for t in started)
    solver.close()  # twice is harmless
    assert np.array_equal(solver.solve_batch(ROWS), want)  # a new pool
    solver.close()


def test_the_context_manager_closes():
    before = _pool_threads()
    with Solver(threads=2) as solver:
        solver.solve_batch(ROWS)
        started = _pool_threads() - before
        assert started
    assert not any(t.is_alive() for t in started)


def test_a_dropped_solver_stops_its_threads():
    before = _pool_threads()
    solver = Solver(threads=2)
    solver.solve_batch(ROWS)
    started = _pool_threads() - before
    del solver
    gc.collect()
    for t in started:
        t.join(timeout=10)
    assert not any(t.is_alive() for t in started)


def test_each_python_thread_has_its_own_default_solver():
    rng = random.Random(5)
    positions = [random_position(rng, rng.randint(2, 5), rng.random() < 0.5) for _ in range(60)]
    boundary = [p for p in positions if not p.trick]
    want_batch = Solver(threads=1).solve_batch(encode_batch(boundary))
    fresh = Solver(threads=1)
    want = [fresh.solve(p).makers_tricks for p in positions]
    start = threading.Barrier(2)

    def work(seed: int) -> tuple[Solver, list[int], list[bool]]:
        order = list(range(len(positions)))
        random.Random(seed).shuffle(order)
        start.wait()  # both threads solve at the same time, through the module functions
        values = {i: solve(positions[i]).makers_tricks for i in order}
        batches = [np.array_equal(solve_batch(encode_batch(boundary)), want_batch) for _ in range(3)]
        return default_solver(), [values[i] for i in range(len(positions))], batches

    with ThreadPoolExecutor(max_workers=2) as pool:
        (one, values_one, batches_one), (two, values_two, batches_two) = pool.map(work, [1, 2])
    assert one is not two and default_solver() not in (one, two)
    assert values_one == want and values_two == want
    assert all(batches_one) and all(batches_two)
    assert one.threads == 1 and default_solver() is default_solver()
