"""``altbaumer rate`` says its answer in words first: the advice in one sentence, the table's
heads in words with one ★ (on the option the advice names), the deals the figures come from,
and the figures "if every card were open" explained once a run; the JSON carries the same
advice and each option in words (docs/rating.md, In words first)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest
from click.testing import Result

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REFUSAL = ("rate", str(EXAMPLES / "refusal.abn"), "--at", "turn", "--play", "dd", "--samples", "50", "--no-progress")
HEADS = ("chance to win the match", "to win the round", "to make 3 tricks", "to take all five", "gives up")


def flat(text: str) -> str:
    """Text with rich's line wrapping undone."""
    return " ".join(text.split())


def table_lines(text: str, ascii_: bool = False) -> list[str]:
    """The rows of the options table (between its head's rule and its bottom)."""
    lines = text.splitlines()
    rule, bottom = ("|-", "+-") if ascii_ else ("┡", "└")
    start = next(i for i, line in enumerate(lines) if line.startswith(rule))
    end = next(i for i, line in enumerate(lines) if i > start and line.startswith(bottom))
    return lines[start + 1:end]


def heads(text: str, ascii_: bool = False) -> str:
    """The table's head, its lines joined column by column."""
    lines = text.splitlines()
    bar, rule = ("|", "|-") if ascii_ else ("┃", "┡")
    first = next(i for i, line in enumerate(lines) if line.startswith(bar))
    end = next(i for i, line in enumerate(lines) if line.startswith(rule))
    rows = [[cell.strip() for cell in line.strip(bar).split(bar)] for line in lines[first:end]]
    return " | ".join(" ".join(part for part in column if part) for column in zip(*rows))


def test_the_advice_comes_first_then_the_table_in_words(run: Callable[..., Result]) -> None:
    result = run(*REFUSAL)
    assert result.exit_code == 0, result.output
    board = json.loads(run(*REFUSAL, "--json").stdout)["boards"][0]
    advice = board["advice"]
    assert advice.startswith(("Accept: it gives you about ", "Refuse: it gives you about "))
    assert flat(result.stdout).startswith(advice)  # the very first thing said
    best = "accept" if advice.startswith("Accept") else "refuse"
    assert board["best"] == best
    assert heads(result.stdout) == "option | " + " | ".join(HEADS)
    rows = table_lines(result.stdout)
    assert sum("★" in row for row in rows) == 1 and any(f"{best} ★" in row for row in rows)
    assert "recorded ◆ refuse: Refusing " in flat(result.stdout)
    said = flat(result.stdout)
    assert "chance to win the match = P(match)" in said and "gives up = -Δ P(match)" in said
    assert "from 50 of the 205,837,632 deals of the unseen cards that fit what you know, each solved with every " \
           "card open" in said
    assert "If every card were open" not in said  # double dummy alone: nothing beside it


def test_ascii_has_one_star_as_an_asterisk(run: Callable[..., Result]) -> None:
    result = run(*REFUSAL, "--ascii")
    assert result.exit_code == 0, result.output
    assert "★" not in result.stdout and "◆" not in result.stdout
    rows = table_lines(result.stdout, ascii_=True)
    assert sum("*" in row for row in rows) == 1
    assert heads(result.stdout, ascii_=True) == "option | " + " | ".join(HEADS)


def test_the_json_has_the_advice_and_each_option_in_words(run: Callable[..., Result]) -> None:
    board = json.loads(run(*REFUSAL, "--json").stdout)["boards"][0]
    assert [(o["option"], o["words"]) for o in board["options"]] == [("accept", "accepting"), ("refuse", "refusing")]
    for key in ("decision", "options", "best", "verdict", "chosen", "loss", "mark", "error", "double_dummy"):
        assert key in board  # the keys it always had stay


@pytest.fixture
def two_deals(run: Callable[..., Result], tmp_path: Path) -> str:
    """Two fresh deals, each at forehand's accept or refuse."""
    path = tmp_path / "two.abn"
    assert run("deal", "--seed", "4", "-n", "2", "-o", str(path)).exit_code == 0
    return str(path)


def test_realistic_play_has_the_open_cards_figures_beside_explained_once(run: Callable[..., Result],
                                                                        two_deals: str) -> None:
    args = ("rate", two_deals, "--samples", "100", "--playouts", "8", "--no-progress")
    result = run(*args)
    assert result.exit_code == 0, result.output
    said = flat(result.stdout)
    boards = json.loads(run(*args, "--json").stdout)["boards"]
    assert len(boards) == 2 and said.startswith(boards[0]["advice"]) and boards[1]["advice"] in said
    assert said.count("each played to the end by players who see only their own cards") == 2
    assert said.count('The line "If every card were open" gives each option as if every player saw every card') == 1
    assert said.count("If every card were open (100 deals), your chance to win the match: accept ") == 2
    for board in boards:
        dd = board["double_dummy"]
        assert [o["words"] for o in dd["options"]] == ["accepting", "refusing"]
        words = next(o["words"] for o in dd["options"] if o["option"] == dd["best"])
        assert ("— the same advice" if dd["best"] == board["best"] else f"— other advice: {words}") in said
    # One ★ a board, on the realistic advice; none in the line of the open cards' figures.
    assert sum("★" in line for line in result.stdout.splitlines() if line.startswith("│")) == 2
    assert result.stdout.count("★") == 2
