"""Playouts per second per core: a realistic rating's worlds played out, timed end to end.

Runs on any release that has ``altbaumer.play.realistic.rate_realistic`` with
a fixed number of playouts: the decision of ``examples/forehand-view.abn``
(forehand's six discards, each played on to the end with every later
decision and card made by the seats' PIMC players) is rated on one thread
with ``--playouts`` worlds an option, and the time is divided by the
playouts made (worlds × options). The double-dummy worlds of a rating that
has them are kept to ``--playouts`` as well, so that nearly all the time is
the playouts. To compare two installs, run it with each one's Python:

    .venv/bin/python benchmarks/bench_playouts.py --playouts 40
    ../prev/.venv/bin/python benchmarks/bench_playouts.py --playouts 40

or both at once with ``--against PYTHON`` (the other install's interpreter),
which alternates the two, ``--runs`` times each, and prints the ratio.
"""

from __future__ import annotations

import argparse
import inspect
import json
import subprocess
import sys
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "forehand-view.abn"


def measure(playouts: int) -> dict[str, float]:
    """One timed rating (after an untimed warm-up of two playouts an option)."""
    from altbaumer.abn import load_boards
    from altbaumer.abn.record import replay
    from altbaumer.play.realistic import rate_realistic

    record = replay(load_boards(EXAMPLE)[0])
    view = record.view(record.state.to_act)
    takes = inspect.signature(rate_realistic).parameters
    extra = {"samples": playouts, "threads": 1} if "samples" in takes else {}
    rate_realistic(view, playouts=2, seed=99, **extra)
    started = time.perf_counter()
    rating = rate_realistic(view, playouts=playouts, seed=1, **extra)
    seconds = time.perf_counter() - started
    made = sum(o.worlds for o in rating.options)
    return {"playouts": made, "seconds": seconds, "per_second": made / seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playouts", type=int, default=40, help="worlds played out an option")
    parser.add_argument("--against", help="the Python of another install, measured in turn with this one")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="one measurement as JSON (used by --against)")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.playouts)))
        return
    if not args.against:
        result = measure(args.playouts)
        print(f"{result['playouts']:.0f} playouts in {result['seconds']:.2f} s: {result['per_second']:,.0f} a second")
        return
    rates: dict[str, list[float]] = {"this": [], "other": []}
    for _ in range(args.runs):
        for name, python in (("this", sys.executable), ("other", args.against)):
            out = subprocess.run([python, __file__, "--playouts", str(args.playouts), "--json"], check=True,
                                 capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent)
            rates[name].append(json.loads(out.stdout.strip().splitlines()[-1])["per_second"])
    best = {name: max(values) for name, values in rates.items()}
    for name, values in rates.items():
        print(f"{name}: " + ", ".join(f"{v:,.1f}" for v in values) + " playouts a second (one core)")
    print(f"ratio, best against best: {best['this'] / best['other']:.1f}x")


if __name__ == "__main__":
    main()
