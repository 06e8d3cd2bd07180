"""Edges of the command line's inputs and outputs: a file's extension names
its format, `convert` takes its format from `-o`, a usage error is one line,
and `annotate` writes nothing when no board could be annotated."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from altbaumer.abn import read_boards
from altbaumer.cli import main
from altbaumer.cli.app import usage_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REFUSAL = EXAMPLES / "refusal.abn"


# -- a .abn file is ABN whatever it opens with --------------------------------------------------------------


def test_an_abn_file_may_open_with_commentary(run, tmp_path):
    path = tmp_path / "noted.abn"
    path.write_text("{An opening note, before the tags}\n" + REFUSAL.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    assert " ok " in result.stdout and "JSON" not in result.output


def test_a_json_file_is_json_and_text_without_a_name_is_sniffed(run, tmp_path):
    as_json = run("convert", str(REFUSAL), "--to", "json").stdout
    named = tmp_path / "deals.json"
    named.write_text(as_json, encoding="utf-8")
    assert run("check", str(named)).exit_code == 0
    for text in (as_json, REFUSAL.read_text(encoding="utf-8")):  # standard input has no name: its text tells
        result = CliRunner().invoke(main, ["check", "-"], input=text)
        assert result.exit_code == 0, result.output


def test_a_json_name_is_read_as_json_even_if_it_opens_otherwise(run, tmp_path):
    path = tmp_path / "deals.json"
    path.write_text(REFUSAL.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 2 and "malformed JSON" in result.output


# -- convert: the format from -o's extension ---------------------------------------------------------------


@pytest.mark.parametrize("name, fmt", [("out.json", "json"), ("out.abn", "abn"), ("OUT.JSON", "json"),
                                       ("out", "abn")])
def test_convert_takes_the_format_from_the_output_name(run, tmp_path, name, fmt):
    target = tmp_path / name
    result = run("convert", str(REFUSAL), "-o", str(target))
    assert result.exit_code == 0, result.output
    text = target.read_text(encoding="utf-8")
    if fmt == "json":
        assert json.loads(text)["format"] == "abn-json"
    else:
        assert [b.number for b in read_boards(text)] == [b.number for b in read_boards(REFUSAL.read_text("utf-8"))]


def test_convert_to_wins_when_given(run, tmp_path):
    target = tmp_path / "out.txt"
    assert run("convert", str(REFUSAL), "--to", "json", "-o", str(target)).exit_code == 0
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "abn-json"
    assert read_boards(run("convert", str(REFUSAL), "--to", "abn").stdout)
    assert json.loads(run("convert", str(REFUSAL), "--to", "json").stdout)["format"] == "abn-json"


@pytest.mark.parametrize("args", [("-o", "{tmp}/out.txt"), ()], ids=["another extension", "standard output"])
def test_convert_without_a_format_asks_for_to(run, tmp_path, args):
    result = run("convert", str(REFUSAL), *(a.format(tmp=tmp_path) for a in args))
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("altbaumer: error: convert: ")
    assert "give --to abn|json" in lines[0]
    assert list(tmp_path.iterdir()) == []


# -- usage errors: one line, no escapes --------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ("check",),                                      # a missing argument
    ("convert", str(REFUSAL), "--to"),               # an option without its value
    ("solve", str(REFUSAL), "--no-such-option"),     # an unknown option
    ("convert", str(REFUSAL), "--to", "pdf"),        # a bad choice
    ("deal", "--seed", "x"),                         # a bad int
    ("deal", "-n", "0"),                             # an int out of range
], ids=" ".join)
def test_a_usage_error_is_one_line_without_escapes(run, args):
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("altbaumer: error: "), result.stderr
    assert "\\n" not in result.stderr and "\\t" not in result.stderr and "\t" not in result.stderr


def test_a_message_click_sets_over_lines_is_one_line():
    command = click.Command("convert", params=[click.Option(["--to"], type=click.Choice(["abn", "json"]),
                                                            required=True)])
    with pytest.raises(click.UsageError) as missing:
        command.make_context("convert", [])
    assert "\n" in missing.value.format_message()  # click lists the choices one a line
    line = usage_line(missing.value)
    assert "\n" not in line and "\t" not in line
    assert "missing option '--to'" in line and "abn, json" in line


# -- annotate: no report of nothing ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["report.html", "report.json", "report.abn"])
def test_annotate_writes_nothing_when_no_board_is_annotated(run, tmp_path, name):
    target = tmp_path / name
    result = run("annotate", str(EXAMPLES / "errors.abn"), "--no-decisions", "--no-progress", "-o", str(target))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "errors.abn:18:" in result.stderr
    assert "nothing written" in result.stdout and f"wrote {target}" not in result.stdout
    assert list(tmp_path.iterdir()) == []
    target.write_text("the report of before\n", encoding="utf-8")
    again = run("annotate", str(EXAMPLES / "errors.abn"), "--no-decisions", "--no-progress", "-o", str(target))
    assert again.exit_code == 2
    assert target.read_text(encoding="utf-8") == "the report of before\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # no temporary file left beside it


def test_annotate_of_an_unreadable_file_writes_nothing(run, tmp_path):
    bad = tmp_path / "bad.abn"
    bad.write_text('[Dealer "X"]\n', encoding="utf-8")
    target = tmp_path / "out.html"
    target.write_text("kept\n", encoding="utf-8")
    result = run("annotate", str(bad), "--no-progress", "-o", str(target))
    assert result.exit_code == 2 and result.stderr.startswith(f"altbaumer: error: {bad}:1: ")
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.abn", "out.html"]
