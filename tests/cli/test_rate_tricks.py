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
    """The rating table's column headings (its first row of ┃ cells)."""
    line = next(line for line in result.stdout.splitlines() if line.startswith("┃"))
    return [cell.strip() for cell in line.strip("┃").split("┃")]


@pytest.mark.parametrize("at", ["turn", "discard", "alone", "1.2"])
def test_rate_shows_the_tricks_only_with_the_option(run, at):
    args = ("rate", REFUSAL, "--at", at, "--samples", "300", "--seed", "2")
    plain, counted = run(*args), run(*args, "--tricks")
    assert plain.exit_code == 0 == counted.exit_code, plain.output + counted.output
    assert "tricks" not in headings(plain) and "tricks" in headings(counted)
    assert headings(plain) == [h for h in headings(counted) if h != "tricks"]
    # Nor do the lines under the table speak of tricks they did not solve.
    assert "tricks" not in flat(plain) and "tricks: the " in flat(counted)
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
    assert headings(plain)[1:5] == ["P(3+)", "P(5)", "P(0)", "points"]
    assert headings(counted)[1:6] == ["tricks", "P(3+)", "P(5)", "P(0)", "points"]
    assert "points: the makers'; P(3+), P(5), P(0): they take 3 or more" in flat(plain)
    assert "tricks, points: the makers'; P(3+), P(5), P(0): they take 3 or more" in flat(counted)


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
