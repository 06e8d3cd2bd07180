"""Speed of the world dealer (:mod:`altbaumer.hidden.worlds`) inside a review.

Reviews the first ``--boards`` boards of a file for one player, as
``altbaumer review FILE --player NAME -j 1`` does (one solver thread), and
prints the whole time and the time spent in the dealer: in its public
functions (the outermost call) and in each of its internals that exists
(``_table``, ``_places``, ``_build``, ...), timed by wrappers: under cProfile
three boards ran for over 25 minutes instead of about 11 s. Every call to the
public functions is recorded on the way; ``--replay N`` then times those
calls alone, N passes in the order the review made them (the tables' cache
emptied before each pass), which measures the dealer without the noise of the
rest of the review. ``--against OLD.py`` replays them also with the
functions of another copy of ``worlds.py`` (say one saved from an earlier
commit), the two in turn pass by pass, and checks that both deal the same
worlds.

    python benchmarks/bench_worlds.py [--boards 4] [--player heuristic] [--replay 5] [FILE]
    git show HEAD:solver/hidden/worlds.py > /tmp/worlds_head.py
    python benchmarks/bench_worlds.py --against /tmp/worlds_head.py
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections import defaultdict
from types import ModuleType
from typing import Any, Callable

import numpy as np

from altbaumer.abn.files import load_boards
from altbaumer.hidden import worlds as worlds_module
from altbaumer.report.review import review_board, seats_of

PUBLIC = ("count_worlds", "enumerate_worlds", "sample_worlds", "ranked_worlds", "worlds_for")
INTERNAL = ("_table", "_table_of", "_unrank", "_places", "_masks", "_build")

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


def instrument() -> tuple[list[Call], dict[str, list[float]]]:
    """Wrap the dealer's public functions wherever they were imported, and its
    internals in the module; returns the recorded outermost public calls and
    the seconds and count of calls of each name (under "" the seconds of the
    outermost calls)."""
    calls: list[Call] = []
    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    depth = [0]  # the dealer's public functions call each other: only the outermost call counts

    def timed(name: str, function: Callable[..., Any], public: bool) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            outermost = public and depth[0] == 0
            if outermost:
                calls.append((name, args, kwargs))
            depth[0] += public
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                depth[0] -= public
                seconds = time.perf_counter() - started
                spent[name][0] += seconds
                spent[name][1] += 1
                if outermost:
                    spent[""][0] += seconds
        return wrapper

    originals: dict[str, Callable[..., Any]] = {name: getattr(worlds_module, name) for name in PUBLIC}
    for module in list(sys.modules.values()):
        for name, function in originals.items():
            if module is not None and module is not worlds_module and getattr(module, name, None) is function:
                setattr(module, name, timed(name, function, public=True))
    for name in PUBLIC[:-1]:  # as worlds_for calls them
        setattr(worlds_module, name, timed(name, originals[name], public=True))
    for name in INTERNAL:
        if hasattr(worlds_module, name):
            setattr(worlds_module, name, timed(name, getattr(worlds_module, name), public=False))
    return calls, spent


def clear_caches(module: ModuleType) -> None:
    """Empty a dealer's caches, so that a pass starts as the review did."""
    for name in dir(module):
        cached = getattr(module, name)
        if callable(cached) and hasattr(cached, "cache_clear"):
            cached.cache_clear()


def load(path: str) -> ModuleType:
    """Another copy of worlds.py, as a module of its own."""
    spec = importlib.util.spec_from_file_location("worlds_against", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def replay(module: ModuleType, calls: list[Call]) -> tuple[float, list[Any]]:
    """The seconds of one pass over ``calls`` with ``module``'s functions, and what they returned."""
    clear_caches(module)
    results = []
    started = time.perf_counter()
    for name, call_args, call_kwargs in calls:
        results.append(getattr(module, name)(*call_args, **call_kwargs))
    return time.perf_counter() - started, results


def same(a: Any, b: Any) -> bool:
    if isinstance(a, int):
        return a == b
    return all(np.array_equal(getattr(a, name), getattr(b, name)) for name in ("hands", "stock", "out")) \
        and (a.exact, a.total) == (b.exact, b.total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", default="examples/games.abn")
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--player", default="heuristic")
    parser.add_argument("--replay", type=int, default=5, help="passes over the recorded calls (0: none)")
    parser.add_argument("--against", metavar="OLD.py", default=None, help="another worlds.py to replay the calls with")
    args = parser.parse_args()
    boards = load_boards(args.file)[: args.boards]
    saved = {name: getattr(worlds_module, name) for name in PUBLIC + INTERNAL if hasattr(worlds_module, name)}
    calls, spent = instrument()
    started = time.perf_counter()
    for board in boards:
        review_board(board, seats=seats_of(board, {args.player}, None), threads=1)
    whole = time.perf_counter() - started
    inside = spent.pop("")[0]
    print(f"{len(boards)} boards of {args.file} for {args.player}: {whole:.2f} s, {len(calls)} calls to the dealer, "
          f"{inside:.3f} s in it ({inside / whole:.1%})")
    for name, (seconds, count) in sorted(spent.items(), key=lambda item: -item[1][0]):
        print(f"  {name:18s} {count:6d} calls {seconds * 1000:9.1f} ms {seconds / count * 1000:8.3f} ms a call")
    if args.replay:
        for name, function in saved.items():
            setattr(worlds_module, name, function)
        modules = {"this": worlds_module}
        if args.against:
            modules[args.against] = load(args.against)
        times: dict[str, list[float]] = {label: [] for label in modules}
        for _ in range(args.replay):
            results = {}
            for label, module in modules.items():
                seconds, results[label] = replay(module, calls)
                times[label].append(seconds)
            if args.against and not all(map(same, results["this"], results[args.against])):
                raise SystemExit(f"{args.against} deals other worlds than this worlds.py")
        for label, passes in times.items():
            print(f"  replay of the {len(calls)} calls with {label}: median {statistics.median(passes) * 1000:.1f} ms "
                  f"(min {min(passes) * 1000:.1f}, max {max(passes) * 1000:.1f}) over {args.replay} passes")
        if args.against:
            print("  the same worlds from both")

if __name__ == "__main__":
    main()
