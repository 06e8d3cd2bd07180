"""The command line, end to end through click's runner."""

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from altbaumer import __version__
from altbaumer.cli.app import COMMANDS, main

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_help_and_version(run):
    result = run("--help")
    assert result.exit_code == 0 and "deal" in result.output and "simulate" in result.output
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


def _cli_modules_after(*args: str) -> set[str]:
    """The modules of the command line (their names in it) a fresh process has loaded after ``altbaumer ARGS``."""
    return {m.removeprefix("cli.") for m in _package_modules_after(*args) if m.startswith("cli.")}


def _package_modules_after(*args: str) -> set[str]:
    """The package's modules (``cli.app``) that a fresh process has loaded after ``altbaumer ARGS``."""
    code = ("import sys\nfrom altbaumer.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(' '.join(m for m in sys.modules if m.startswith('altbaumer.')))")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # the last line: the command's own output comes first
    return {m.removeprefix("altbaumer.") for m in done.stdout.splitlines()[-1].split()}


def test_each_command_is_imported_only_when_looked_up():
    assert _cli_modules_after("--version") == {"app", "output"}
    loaded = _cli_modules_after("rate", "--help")
    assert "rate" in loaded and not loaded & {"annotate", "review", "serve", "play", "bench", "equity", "arena"}
    group = click.Context(main)
    for name in COMMANDS:
        assert main.get_command(group, name).name == name
    assert main.list_commands(group) == sorted(COMMANDS)


def test_a_rating_loads_neither_the_report_page_nor_the_table():
    """A wing's package loads a module when one of its names is first used, so that a command
    pays only for its own stack: the rating needs a board's replay, not the annotation, the HTML
    page or the match at the table."""
    loaded = _package_modules_after("rate", str(EXAMPLES / "lone.abn"), "--at", "alone:partner", "--play", "dd",
                                    "-j", "1", "--json")
    assert {"report.board_rate", "hidden.rating", "play.batch_rating"} <= loaded
    assert not loaded & {"report.annotate", "report.html", "report.score_tree", "report.review", "play.table",
                         "play.tutor", "play.arena"}


def test_deal_diagram_shows_every_seat_and_the_stock(run):
    result = run("deal", "--seed", "5")
    assert result.exit_code == 0
    for word in ("N", "E", "S", "W", "dealer", "forehand", "stock", "turned"):
        assert word in result.output


def test_deal_json_is_complete_and_reproducible(run):
    first = json.loads(run("deal", "--seed", "42", "--json").output)
    again = json.loads(run("deal", "--seed", "42", "--json").output)
    assert first == again and first["seed"] == 42
    all_cards = [c for hand in first["hands"].values() for c in hand] + first["stock"]
    assert len(all_cards) == 24 == len(set(all_cards))
    assert first["turned"] == first["stock"][0]


def test_deal_dealer_option(run):
    data = json.loads(run("deal", "--seed", "1", "--dealer", "s", "--json").output)
    assert data["dealer"] == "S" and data["forehand"] == "E" and data["cutter"] == "W"


def test_simulate_json(run):
    result = run("simulate", "--matches", "20", "--seed", "1", "--json", "--processes", "1")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["matches"] == 20 and sum(data["match_wins"].values()) == 20
    assert data["policies"] == {"N-S": "heuristic", "E-W": "heuristic"}


def test_simulate_table(run):
    result = run("simulate", "-n", "10", "--seed", "2", "--ns", "random", "--processes", "1")
    assert result.exit_code == 0
    assert "Makers" in result.output and "Lone play" in result.output and "Matches won" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", "x"],
        ["deal", "--dealer", "Q"],
        ["simulate", "--matches", "0"],
        ["simulate", "--ns", "clever"],
        ["frobnicate"],
        ["deal", "--no-such-option"],
    ],
)
def test_bad_options_exit_2_without_traceback(run, args):
    result = run(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
