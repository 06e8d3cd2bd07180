"""Every numeric option has a bound, stated in --help, and a value past it is
one line and exit code 2; the worlds of a rating are refused before they are
made when they would not fit in memory (docs/rating.md, docs/format.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.deal import Deal
from altbaumer.game.seats import Seat
from altbaumer.hidden import worlds as worlds_module
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.worlds import count_worlds, memory_budget, worlds_for
from altbaumer.cli.output import SEED_MAX

ROOT = Path(__file__).resolve().parents[2]
VIEW = str(ROOT / "examples" / "forehand-view.abn")
MATCH = str(ROOT / "examples" / "match.abn")


def one_error_line(result) -> str:
    """A bad input: exit code 2, no traceback, one line on stderr."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    return lines[0]


# -- the worlds' memory ------------------------------------------------------------------------------


def test_samples_past_the_memory_budget_are_refused_with_what_fits(run):
    line = one_error_line(run("rate", VIEW, "--samples", "1000000000000", "--exact-limit", "0", "-j", "1"))
    assert re.fullmatch(r"altbaumer: error: --samples 1,000,000,000,000 needs about [\d,.]+ [GT]B for the worlds; "
                        r"at most [\d,]+ fit in [\d.]+ [GM]B \(a quarter of this machine's memory\)", line), line


def small_budget(monkeypatch, budget: int) -> None:
    monkeypatch.setattr(worlds_module, "memory_budget", lambda: budget)


def test_the_figure_that_fits_fits(monkeypatch):
    small_budget(monkeypatch, 2_000_000)
    info = InfoSet.from_view(Deal.from_seed(3, dealer=Seat.N).view(Seat.S))
    with pytest.raises(AltbaumerError) as caught:
        worlds_for(info, exact_limit=0, samples=100_000, seed=1)
    fits = int(re.search(r"at most ([\d,]+) fit", str(caught.value)).group(1).replace(",", ""))
    assert 1_000 < fits < 100_000 and len(worlds_for(info, exact_limit=0, samples=fits, seed=1)) == fits


def test_an_exact_limit_that_would_enumerate_too_many_worlds_is_refused(monkeypatch):
    small_budget(monkeypatch, 2_000_000)
    info = InfoSet.from_view(Deal.from_seed(1).view(Seat.N))
    total = count_worlds(info)
    with pytest.raises(AltbaumerError, match=rf"--exact-limit {total:,} asks for all {total:,} worlds, which need "
                                             r"about .*; at most [\d,]+ fit in .*: a lower --exact-limit samples"):
        worlds_for(info, exact_limit=total, samples=10, seed=1)


def test_the_budget_is_a_quarter_of_physical_memory():
    import os

    assert memory_budget() == os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 4


# -- the other numeric options -------------------------------------------------------------------------


@pytest.mark.parametrize("args, option", [
    (("deal", "-n", "10001"), "'-n' / '--count'"),
    (("deal", "-n", "0"), "'-n' / '--count'"),
    (("simulate", "-n", "1000001"), "'--matches' / '-n'"),
    (("simulate", "-n", "2001", "--record", "{tmp}/r.abn"), "--record"),
    (("simulate", "-n", "1", "--processes", "{cores_plus_one}"), "'--processes'"),
    (("rate", VIEW, "--samples", "1"), "'--samples'"),
    (("rate", VIEW, "--exact-limit", "-1"), "'--exact-limit'"),
    (("equity", "--deals", "0", "-o", "{tmp}/e.json"), "'--deals'"),
    (("equity", "--deals", "10", "--samples", "1", "-o", "{tmp}/e.json"), "'--samples'"),
    (("equity", "--deals", "10", "--processes", "{cores_plus_one}"), "'--processes'"),
])
def test_a_number_out_of_bounds_is_one_line(run, tmp_path, args, option):
    import os

    cores = os.cpu_count() or 1
    line = one_error_line(run(*[a.format(tmp=tmp_path, cores_plus_one=cores + 1) for a in args]))
    assert option in line, line
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", [("deal",), ("simulate", "-n", "1"), ("solve",), ("rate", VIEW),
                                     ("annotate", VIEW), ("equity", "--deals", "1")])
@pytest.mark.parametrize("seed", ["-1", str(SEED_MAX + 1)])
def test_a_seed_out_of_bounds_is_one_line(run, command, seed):
    assert "'--seed'" in one_error_line(run(*command, "--seed", seed))


def test_the_largest_seed_deals_and_no_deal_goes_past_it(run):
    assert run("deal", "--seed", str(SEED_MAX), "--json").exit_code == 0
    line = one_error_line(run("deal", "--seed", str(SEED_MAX), "-n", "2"))
    assert f"seeds past {SEED_MAX}" in line, line


def test_a_board_number_of_thousands_of_digits_is_one_line(run):
    line = one_error_line(run("solve", MATCH, "--board", "9" * 5_000))
    assert "no board 999" in line


@pytest.mark.parametrize("command, bounds", [
    ("deal", ["1<=x<=10000", f"0<=x<={SEED_MAX}"]),
    ("simulate", ["1<=x<=1000000", "at most 2,000 matches", f"0<=x<={SEED_MAX}", "the cores"]),
    ("rate", ["x>=2", "a quarter of this machine's memory", f"0<=x<={SEED_MAX}"]),
    ("annotate", ["x>=2", "a quarter of this machine's memory", f"0<=x<={SEED_MAX}"]),
    ("solve", [f"0<=x<={SEED_MAX}"]),
    ("equity", ["1<=x<=100000", "2<=x<=10000", f"0<=x<={SEED_MAX}"]),
])
def test_help_states_each_bound(run, command, bounds):
    text = " ".join(run(command, "--help").stdout.split())
    for bound in bounds:
        assert bound in text, (bound, text)
