"""Speed of `altbaumer review`: seconds a board, and where they go.

Reviews a file on one thread in this process (`review FILE --player P -j 1`)
with a clock around every call into the compiled code: the double-dummy
search (`Solver.solve*`), the playouts (`Engine.play_out`) and the world
dealer in C (the partner's worlds). Their sum is the
floor, what the review would cost if the Python around them took no time;
`now/floor` is the review's time over it. With `--processes N` it then times
the same review in N worker processes against one, each a fresh command.

    python benchmarks/bench_review.py [FILE] [--player NAME] [--processes 2] [--repeat 3]

The figures are in benchmarks/README.md (Review).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from click.testing import CliRunner

import altbaumer.hidden.partner as partner_worlds
from altbaumer.abn import load_boards
from altbaumer.cli import main as cli
from altbaumer.dd.solver import Solver
from altbaumer.play.engine import Engine

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games.abn"
SPENT: dict[str, float] = defaultdict(float)
_CLOCKED = {"search": [(Solver, name) for name in ("solve", "solve_batch", "solve_batch_class", "solve_batch_moves",
                                                   "solve_moves", "value", "can_reach")],
            "playouts": [(Engine, "play_out")],
            "dealer": [(partner_worlds, "deal_partner_worlds")]}


_DEPTH = [0]


def _clocked(kind: str, call: Callable[..., Any]) -> Callable[..., Any]:
    """``call`` timed into ``SPENT[kind]`` when it is the outermost compiled call (a search inside a
    playout's setup is not counted twice)."""
    def timed(*args: Any, **kwargs: Any) -> Any:
        outermost = _DEPTH[0] == 0
        _DEPTH[0] += 1
        started = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            _DEPTH[0] -= 1
            if outermost:
                SPENT[kind] += time.perf_counter() - started
    return timed


@contextmanager
def clocks() -> Iterator[None]:
    """Every compiled entry point timed while the block runs."""
    saved = []
    for kind, places in _CLOCKED.items():
        for owner, name in places:
            original = getattr(owner, name)
            saved.append((owner, name, original))
            setattr(owner, name, _clocked(kind, original))
    try:
        yield
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)


def in_process(file: Path, player: str) -> float:
    """The review on one thread here, in seconds."""
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["review", str(file), "--player", player, "-j", "1", "--json", "--no-progress"])
    if result.exit_code != 0:
        raise SystemExit(result.output)
    return time.perf_counter() - started


def command(file: Path, player: str, *options: str) -> float:
    """The review as a fresh command, in seconds."""
    started = time.perf_counter()
    subprocess.run([str(Path(sys.executable).with_name("altbaumer")), "review", str(file), "--player", player,
                    "--json", "--no-progress", *options], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", type=Path, default=GAMES)
    parser.add_argument("--player", default="heuristic")
    parser.add_argument("--processes", type=int, default=0, help="also time N worker processes against one")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each timing; the fastest counts")
    args = parser.parse_args()
    in_process(args.file, args.player)  # warm-up: imports, the shipped tables, the solver's first tables
    best: tuple[float, dict[str, float]] = (float("inf"), {})
    for _ in range(args.repeat):
        SPENT.clear()
        with clocks():
            seconds = in_process(args.file, args.player)
        if seconds < best[0]:
            best = (seconds, dict(SPENT))
    seconds, spent = best
    boards = len(load_boards(args.file))
    floor = sum(spent.values())
    print(f"{args.file.name}, --player {args.player}, -j 1: {boards} boards, {seconds / boards:.3f} s a board")
    for kind in _CLOCKED:
        print(f"  compiled {kind:<9} {spent.get(kind, 0.0) / boards:7.3f} s a board  "
              f"({100 * spent.get(kind, 0.0) / seconds:4.1f}%)")
    python = seconds - floor
    print(f"  Python around them {python / boards:7.3f} s a board  ({100 * python / seconds:4.1f}%)")
    print(f"  now/floor = {seconds / floor:.2f}")
    if args.processes > 1:
        one = min(command(args.file, args.player, "--processes", "1") for _ in range(args.repeat))
        many = min(command(args.file, args.player, "--processes", str(args.processes)) for _ in range(args.repeat))
        print(f"  as a command: 1 process {one:.2f} s, {args.processes} processes {many:.2f} s: {one / many:.2f}x")


if __name__ == "__main__":
    main()
