"""``--tricks`` of ``rate`` and ``annotate``: the mean tricks, solved exactly,
only when asked for (docs/rating.md, Score classes)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REFUSAL = str(EXAMPLES / "refusal.abn")


def flat(result) -> str:
    """stdout with rich's line wrapping undone."""
    return " ".join(result.stdout.split())


def headings(result) -> list[str]:
    """The rating table's column headings in words (its rows of ┃ cells, a head on one line or more)."""
    lines = result.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("┃"))
    last = next(i for i, line in enumerate(lines) if line.startswith("┡"))
    rows = [[cell.strip() for cell in line.strip("┃").split("┃")] for line in lines[first:last]]
    return [" ".join(part for part in column if part) for column in zip(*rows)]


@pytest.mark.parametrize("at", ["turn", "discard", "alone", "1.2"])
def test_rate_shows_the_tricks_only_with_the_option(run, at):
    args = ("rate", REFUSAL, "--at", at, "--samples", "300", "--seed", "2")
    plain, counted = run(*args), run(*args, "--tricks")
    assert plain.exit_code == 0 == counted.exit_code, plain.output + counted.output
    assert "tricks on average" not in headings(plain) and "tricks on average" in headings(counted)
    assert headings(plain) == [h for h in headings(counted) if h != "tricks on average"]
    # Nor do the lines under the table speak of tricks they did not solve.
    assert "tricks on average" not in flat(plain) and "tricks on average = tricks" in flat(counted)
    data, exact = (json.loads(run(*args, *extra, "--json").stdout)["boards"][0] for extra in ((), ("--tricks",)))
    for option, other in zip(data["options"], exact["options"]):
        assert option["mean_tricks"] is None and option["ci95"]["mean_tricks"] is None
        assert option["for_decider"]["tricks"] is None and option["for_decider"]["ci95"]["tricks"] is None
        assert isinstance(other["mean_tricks"], float) and isinstance(other["for_decider"]["tricks"], float)
        assert f'{other["for_decider"]["tricks"]:.2f}' in flat(counted)
        assert (option["equity"], option["p_make"], option["delta_ci95"], option["mark"]) == (
            other["equity"], other["p_make"], other["delta_ci95"], other["mark"])


def test_rate_with_another_objective_keeps_the_points_column(run):
    args = ("rate", REFUSAL, "--at", "discard", "--samples", "300", "--objective", "net")
    plain, counted = run(*args), run(*args, "--tricks")
    words = ["chance to make 3 tricks", "to take all five", "to take none", "points", "net points", "gives up"]
    assert headings(plain)[1:] == words
    assert headings(counted)[1:] == ["tricks on average", *words]
    assert ("chance to make 3 tricks = P(3+), 3 or more; to take all five = P(5); to take none = P(0); points: "
            "the makers' points a deal; net points = net") in flat(plain)
    assert "tricks on average = tricks; chance to make 3 tricks = P(3+)" in flat(counted)


def test_annotate_rates_the_decisions_with_tricks_only_when_asked(run):
    args = ("annotate", REFUSAL, "--samples", "200", "--json")
    for extra, solved in (((), False), (("--tricks",), True)):
        result = run(*args, *extra)
        assert result.exit_code == 0, result.output
        decisions = json.loads(result.stdout)["boards"][0]["decisions"]
        assert decisions and all((o["mean_tricks"] is not None) == solved
                                 for d in decisions for o in d["rating"]["options"])


def test_the_option_is_in_the_help_of_both_commands(run):
    for command in ("rate", "annotate"):
        text = " ".join(run(command, "--help").stdout.split())
        assert re.search(r"--tricks\s+Also solve the exact tricks", text), command
