"""Speed of the world dealer (:mod:`altbaumer.hidden.worlds`) inside a review.

Reviews the first ``--boards`` boards of a file for one player, as
``altbaumer review FILE --player NAME -j 1`` does, under cProfile, and prints
the whole time and the time in the functions of ``worlds.py``. Every call to
the dealer's public functions is recorded on the way; ``--replay N`` then
times those calls alone, N times over in the order the review made them (the
counting tables' cache emptied before each pass), which measures the dealer
without the noise of the rest of the review.

    python benchmarks/bench_worlds.py [--boards 3] [--player heuristic] [--replay 5] [FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from typing import Any, Callable

from altbaumer.abn.files import load_boards
from altbaumer.hidden import worlds as worlds_module
from altbaumer.report.review import review_board, seats_of

PUBLIC = ("count_worlds", "enumerate_worlds", "sample_worlds", "ranked_worlds", "worlds_for")


def record_calls() -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    """Wrap the dealer's public functions wherever they were imported; the
    outermost call of each is recorded (a ``worlds_for`` calls the others)."""
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    depth = [0]

    def wrap(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if depth[0] == 0:
                calls.append((name, args, kwargs))
            depth[0] += 1
            try:
                return function(*args, **kwargs)
            finally:
                depth[0] -= 1
        return wrapper

    originals = {name: getattr(worlds_module, name) for name in PUBLIC}
    wrappers = {name: wrap(name, function) for name, function in originals.items()}
    for module in list(sys.modules.values()):
        for name, function in originals.items():
            if module is not None and getattr(module, name, None) is function:
                setattr(module, name, wrappers[name])
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", default="examples/games.abn")
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--player", default="heuristic")
    parser.add_argument("--replay", type=int, default=5, help="passes over the recorded calls (0: none)")
    args = parser.parse_args()
    boards = load_boards(args.file)[: args.boards]
    calls = record_calls()
    options = dict(threads=1)
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    for board in boards:
        review_board(board, seats=seats_of(board, {args.player}, None), **options)
    profile.disable()
    whole = time.perf_counter() - started
    stats = pstats.Stats(profile)
    rows = [(key, value) for key, value in stats.stats.items()  # type: ignore[attr-defined]
            if key[0].endswith("hidden/worlds.py")]
    print(f"{len(boards)} boards of {args.file} for {args.player}: {whole:.2f} s under cProfile, "
          f"{len(calls)} calls to the dealer")
    top = {name: value for (_, _, name), value in rows}
    inside = sum(top[name][3] for name in PUBLIC if name in top)  # cumulative time of the public entries
    print(f"  in worlds.py: {inside:.3f} s ({inside / whole:.1%})")
    print(f"  {'function':24s} {'calls':>9s} {'tottime':>9s} {'cumtime':>9s}")
    for (_, _, name), (_, ncalls, tottime, cumtime, _) in sorted(rows, key=lambda r: -r[1][3]):
        print(f"  {name:24s} {ncalls:9d} {tottime:9.4f} {cumtime:9.4f}")
    if args.replay:
        times = []
        for _ in range(args.replay):
            worlds_module._table.cache_clear()
            started = time.perf_counter()
            for name, call_args, call_kwargs in calls:
                getattr(worlds_module, name)(*call_args, **call_kwargs)
            times.append(time.perf_counter() - started)
        print(f"  replay of the {len(calls)} calls: median {statistics.median(times) * 1000:.1f} ms "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}) over {args.replay} passes")


if __name__ == "__main__":
    main()
