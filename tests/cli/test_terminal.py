"""What reaches a terminal: user text shown, never obeyed; the notation in
symbols or ASCII on any encoding; usage errors in one line; plain words in
file order."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from altbaumer.abn import boards_to_json, read_boards
from altbaumer.cli import main
from altbaumer.cli.output import plural, printable

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
REFUSAL = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")
VIEW = (EXAMPLES / "forehand-view.abn").read_text(encoding="utf-8")

# One board named like a closing tag of rich's markup, one with an escape sequence, an :emoji: code and a
# right-to-left override, and a player called like an opening tag: each must be shown as it is written.
HOSTILE_TAGS = {"[/b]": "[bold]Ann", "\x1b[31mred :ok:\u202e": "Bo\x1b]0;title\x07"}


def _hostile(text: str, board: str, north: str) -> str:
    text = text.replace('[Event "altbaumer example"]', '[Event "\x1b[31mred"]')
    return re.sub(r'\[Board "[^"]*"\]', f'[Board "{board}"]\n[North "{north}"]', text, count=1)


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, str]:
    """Deal files whose tags try to style, move or forge the terminal's lines."""
    full = tmp_path / "hostile.abn"
    full.write_text("\n".join(_hostile(REFUSAL, b, n) for b, n in HOSTILE_TAGS.items()), encoding="utf-8")
    view = tmp_path / "view.abn"
    view.write_text(_hostile(VIEW, "[/b]", "[bold]Ann"), encoding="utf-8")
    boards = [read_boards(REFUSAL)[0], read_boards(REFUSAL)[0]]
    boards[0].tags["Board"] = "a\nb: ok"  # only the JSON form can hold a line break in a tag
    broken = tmp_path / "broken.json"
    broken.write_text(boards_to_json(boards), encoding="utf-8")
    return {"full": str(full), "view": str(view), "json": str(broken)}


def _terminal_safe(text: str) -> None:
    """No control character but the line break, nothing rich read as markup or emoji."""
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]", text), repr(text)
    assert "🆗" not in text


HOSTILE_RUNS = [
    ("check", "{full}"), ("check", "{json}"), ("solve", "{full}"), ("solve", "{json}"), ("table", "{full}", "-j", "1"),
    ("rate", "{view}", "--samples", "20", "--exact-limit", "0", "-j", "1"),
    ("annotate", "{full}", "--no-decisions", "-j", "1"),
]


@pytest.mark.parametrize("args", HOSTILE_RUNS, ids=" ".join)
def test_user_text_is_shown_never_obeyed(run, hostile, args, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # whole names in the tables' cells
    result = run(*[a.format(**hostile) for a in args])
    assert result.exit_code == 0, result.output
    _terminal_safe(result.stdout)
    out = " ".join(result.stdout.split())  # rich wraps long lines at spaces
    if "{json}" in args:
        assert "a\\nb: ok" in out
    elif "{view}" in args:
        assert "board [/b]" in out
    else:
        assert "[/b]" in out and "\\x1b[31mred :ok:\\u202e" in out
    if args[0] == "annotate":
        assert "[bold]Ann" in out and "Bo\\x1b]0;title\\x07" in out  # the players, by the names in the file


def test_a_line_break_in_a_tag_forges_no_check_line(run, hostile):
    lines = run("check", hostile["json"]).stdout.splitlines()
    assert len(lines) == 2 and all(re.match(rf"{re.escape(hostile['json'])}: ok board ", line) for line in lines)


def test_error_lines_show_what_the_user_typed(run, tmp_path):
    result = run("deal", "--dealer", "\x1b[2J\nQ")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "'\\x1b[2J\\nQ'" in result.stderr
    missing = tmp_path / "a\nb.abn"
    result = run("check", str(missing))
    assert result.stdout.count("\n") == 1 and "a\\nb.abn" in result.stdout


def test_printable_keeps_printable_unicode():
    assert printable("Röthenbach ♠ 𝄞 日本") == "Röthenbach ♠ 𝄞 日本"
    assert printable("\t\x00\x7f\x85\u2028\u2066\udcff") == "\\t\\x00\\x7f\\x85\\u2028\\u2066\\udcff"


# -- notation: symbols where they can be shown, ASCII on request or where they cannot -------------------


ASCII_RUNS = [
    ("deal", "--seed", "7"), ("solve", "--seed", "7"), ("solve", "{refusal}"), ("table", "{refusal}", "-j", "1"),
    ("rate", "{view}", "--samples", "20", "--exact-limit", "0", "-j", "1"),
    ("annotate", "{refusal}", "--samples", "20", "--exact-limit", "0", "-j", "1"),
    ("simulate", "-n", "2", "--processes", "1"), ("check", "{refusal}"),
]
SHIPPED = {"refusal": str(EXAMPLES / "refusal.abn"), "view": str(EXAMPLES / "forehand-view.abn")}


def _args(args: tuple[str, ...]) -> list[str]:
    return [a.format(**SHIPPED) for a in args]


@pytest.mark.parametrize("args", ASCII_RUNS, ids=" ".join)
def test_ascii_is_ascii_everywhere(run, args):
    for invocation in ([*_args(args), "--ascii"], ["--ascii", *_args(args)]):
        result = run(*invocation)
        assert result.exit_code == 0, result.output
        assert result.stdout.isascii(), [c for c in result.stdout if not c.isascii()]


@pytest.mark.parametrize("args", ASCII_RUNS, ids=" ".join)
def test_an_output_without_the_symbols_gets_ascii(args):
    result = CliRunner(charset="latin-1").invoke(main, _args(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.isascii()


def test_rate_and_annotate_write_cards_as_the_diagrams_do(run):
    rate = run("rate", SHIPPED["view"], "--samples", "20", "--exact-limit", "0", "-j", "1").stdout
    annotate = run("annotate", str(EXAMPLES / "match.abn"), "--no-decisions", "-j", "1").stdout
    assert "Q♦" in rate and "QD" not in rate
    assert "5>4" in annotate and "9♦" in annotate and "9D" not in annotate


def test_the_last_resort_replaces_what_the_stream_cannot_encode(tmp_path):
    path = tmp_path / "names.abn"
    path.write_text(REFUSAL.replace('[Board "refusal"]', '[Board "Röthenbach ☃"]'), encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "COLUMNS": "200"}
    for args, expected in ((["solve", str(path)], "board Röthenbach ?".encode("latin-1")),
                           (["convert", str(path), "--to", "abn"], path.read_bytes())):
        done = subprocess.run([sys.executable, "-c", "from altbaumer.cli import main; main()", *args],
                              capture_output=True, env=env, timeout=60)
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
        assert expected in done.stdout  # the terminal gets latin-1; a deal file stays UTF-8


# -- usage errors: one line, exit code 2 ---------------------------------------------------------------


USAGE_ERRORS = [
    ("deal", "--seed", "x"), ("deal", "--dealer", "Q"), ("deal", "-n", "0"),
    ("simulate", "--matches", "0"), ("simulate", "--ns", "clever"),
    ("solve", "--trump", "H", "--threads", "0"), ("table", "{refusal}", "--threads", "x"),
    ("rate", "{view}", "--objective", "luck"), ("rate", "{view}", "--samples", "1"),
    ("annotate", "{refusal}", "--format", "pdf"), ("annotate",),
    ("check",), ("convert", "{refusal}"), ("convert", "{refusal}", "--to", "pdf"),
    ("bench", "--seconds", "0"),
]
COMMANDS = ["deal", "simulate", "solve", "table", "rate", "annotate", "check", "convert", "bench"]


def _one_usage_line(result, command: str) -> str:
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    where = f"{command}: " if command else ""
    assert re.fullmatch(rf"altbaumer: error: {where}\S.* \(see 'altbaumer {command + ' ' if command else ''}--help'\)",
                        lines[0]), lines[0]
    return lines[0]


@pytest.mark.parametrize("args", USAGE_ERRORS, ids=" ".join)
def test_a_bad_value_is_one_line(run, args):
    _one_usage_line(run(*_args(args)), args[0])


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_option_is_one_line(run, command):
    line = _one_usage_line(run(command, "--no-such-option"), command)
    assert "no such option '--no-such-option'" in line


def test_the_group_s_usage_errors_are_one_line(run):
    assert "no such command 'frobnicate'" in _one_usage_line(run("frobnicate"), "")
    assert "no such option '--bogus'" in _one_usage_line(run("--bogus", "deal"), "")
    assert run().exit_code == 2 and "Commands:" in run().output  # no arguments: the help, as before


@pytest.mark.parametrize("command", ["solve", "table", "rate"])
def test_a_board_number_in_other_digits_is_no_board(run, command):
    result = run(command, SHIPPED["refusal"], "--board", "²")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.splitlines() == [f"altbaumer: error: {SHIPPED['refusal']}: no board ² (the file has: refusal)"]


# -- plain words, in the order of the file -----------------------------------------------------------------


def test_plural():
    assert [plural(n, "board") for n in (0, 1, 2, 1000)] == ["0 boards", "1 board", "2 boards", "1,000 boards"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"


def test_one_of_each_is_singular(run, tmp_path):
    annotate = run("annotate", SHIPPED["refusal"], "--no-decisions", "-j", "1").stdout
    assert annotate.startswith("1 board annotated") and "0 double-dummy errors, 1 trick lost)" in annotate
    assert "0 decisions; 0 inaccuracies (?!), 0 mistakes (?), 0 blunders (??)" in annotate
    deal = run("deal", "--seed", "7", "-o", str(tmp_path / "one.abn")).stdout
    assert deal.startswith("wrote 1 deal (seed 7) to ")
    assert run("simulate", "-n", "1", "--processes", "1").stdout.startswith("1 match, ")


def test_errors_come_in_line_order(run, tmp_path):
    errors = (EXAMPLES / "errors.abn").read_text(encoding="utf-8")
    path = tmp_path / "mixed.abn"
    path.write_text(REFUSAL + "\n" + errors + "\n" + REFUSAL.replace('"refusal"', '"again"'), encoding="utf-8")
    check = run("check", str(path)).stdout.splitlines()
    checked = [int(line.split(":")[1]) for line in check]
    assert checked == sorted(checked) and len(checked) == 12
    annotate = run("annotate", str(path), str(EXAMPLES / "lone.abn"), "--no-decisions", "-j", "1")
    assert annotate.exit_code == 2
    lines = [int(line.split(":")[3]) for line in annotate.stderr.splitlines()]
    assert lines == [n for n, line in zip(checked, check) if ": error " in line]
