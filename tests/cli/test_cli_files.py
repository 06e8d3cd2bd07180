"""The commands that read and write deal files: check, convert, solve FILE,
table FILE, deal -o and simulate --record."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from altbaumer.dd import solver as search
from altbaumer.abn import boards_from_json, boards_to_json, load_boards, read_boards
from altbaumer.game.cards import Card, CardSet
from altbaumer.game.actions import DeclareAlone, Discard, Phase, Play, Refuse
from altbaumer.game.deal import Deal
from altbaumer.game.position import Position
from altbaumer.abn.record import IncompleteBoard, replay
from altbaumer.game.seats import Seat
from altbaumer.hidden.table import perfect_information_table

from support import cards, cset

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOOD_EXAMPLES = sorted(p for p in EXAMPLES.glob("*.abn") if p.name != "errors.abn")


def dealer_lines(path: Path) -> list[int]:
    """The line of each board's [Dealer] tag, found by eye, so to speak."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [i for i, line in enumerate(lines, 1) if line.startswith("[Dealer ")]


def one_error_line(result) -> str:
    """A bad input: exit code 2, no traceback, one line on stderr."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("altbaumer: error: "), result.stderr
    return lines[0]


def json_of(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- check ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_check_passes_every_example(run, path):
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    boards = read_boards(path.read_text(encoding="utf-8"))
    assert len(out) == len(boards) == len(dealer_lines(path))
    for line, number, board in zip(out, dealer_lines(path), boards):
        assert line.startswith(f"{path}:{number}: ok board {board.number}: dealer {board.dealer}"), line


def test_check_reports_each_mistake_of_errors_abn_as_documented(run, monkeypatch):
    """The lines docs/format.md shows for `altbaumer check examples/errors.abn`."""
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    block = doc.split("$ altbaumer check examples/errors.abn\n", 1)[1].split("```", 1)[0]
    expected = block.strip().splitlines()
    assert len(expected) == 10  # one deliberate mistake per board
    monkeypatch.chdir(ROOT)
    result = run("check", "examples/errors.abn")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stdout.splitlines() == expected


def test_check_json(run, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("check", "--json", "examples/errors.abn", "examples/refusal.abn")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False and len(data["boards"]) == 11
    first, *_, last = data["boards"]
    assert first == {"file": "examples/errors.abn", "line": 8, "board": "twice", "ok": False,
                     "message": "card 9S appears twice: in stock card 2 and in stock card 4"}
    assert last["file"] == "examples/refusal.abn" and last["ok"] is True and last["line"] == 5
    assert last["message"] == "dealer S, clubs trump (after refusal), all 5 tricks, makers E-W took 3"
    malformed = [b for b in data["boards"] if b["line"] == 18][0]
    assert malformed["board"] is None and malformed["message"].startswith("in the play: malformed card 'XJ'")
    good = json_of(run("check", "--json", "examples/lone.abn"))
    assert good["ok"] is True and [b["board"] for b in good["boards"]] == ["lone"]


def test_check_many_files_and_json_files(run, tmp_path):
    json_file = tmp_path / "refusal.json"
    assert run("convert", str(EXAMPLES / "refusal.abn"), "--to", "json", "-o", str(json_file)).exit_code == 0
    result = run("check", str(EXAMPLES / "lone.abn"), str(json_file))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[1].startswith(f"{json_file}: ok board refusal: dealer S")


def test_check_reads_on_after_a_broken_board(run, tmp_path):
    """An unclosed commentary breaks its own board; the boards before it still check."""
    text = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8") + '\n[Dealer "N"] {oops\n[Board "x"]\n'
    path = tmp_path / "open.abn"
    path.write_text(text, encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        f"{path}:5: ok board refusal: dealer S, clubs trump (after refusal), all 5 tricks, makers E-W took 3",
        f"{path}:20: error commentary opened with '{{' is never closed with '}}'",
    ]


@pytest.mark.parametrize("text", ['[Dealer "[/x]"]\n', '[Board "[/b]"]\n[Dealer "S"]\n', '[Board "[bold]x"]\n[Dealer "S"]\n'])
def test_check_prints_file_text_as_it_is(run, tmp_path, text):
    """Board names and messages quote the file; rich must not read them as markup."""
    path = tmp_path / "[red]odd.abn"
    path.write_text(text, encoding="utf-8")
    result = run("check", str(path))
    assert "Traceback" not in result.output
    assert result.stdout.startswith(f"{path}:")
    for quoted in re.findall(r"\[/?\w+\]", text):
        assert quoted in result.stdout


# -- convert ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_convert_round_trip_is_byte_identical(run, tmp_path, path):
    abn = run("convert", str(path), "--to", "abn")
    assert abn.exit_code == 0, abn.output
    as_json = run("convert", str(path), "--to", "json")
    data = json.loads(as_json.stdout)
    assert data["format"] == "abn-json" and len(data["boards"]) == len(dealer_lines(path))
    json_file = tmp_path / "boards.json"
    json_file.write_text(as_json.stdout, encoding="utf-8")
    back = run("convert", str(json_file), "--to", "abn")
    assert back.exit_code == 0, back.output
    assert back.stdout == abn.stdout
    assert read_boards(back.stdout) == load_boards(path)
    again = run("convert", str(json_file), "--to", "json")  # JSON → JSON is stable too
    assert again.stdout == as_json.stdout


def test_convert_recognises_json_without_the_extension(run, tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text(run("convert", str(EXAMPLES / "lone.abn"), "--to", "json").stdout, encoding="utf-8")
    assert run("convert", str(path), "--to", "abn").stdout == (EXAMPLES / "lone.abn").read_text(encoding="utf-8")


def test_convert_output_file_is_written_atomically(run, tmp_path):
    target = tmp_path / "out.json"
    result = run("convert", str(EXAMPLES / "match.abn"), "--to", "json", "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert target.read_text(encoding="utf-8") == run("convert", str(EXAMPLES / "match.abn"), "--to", "json").stdout
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left behind
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # like any file the user writes
    # Overwriting replaces the file whole.
    assert run("convert", str(EXAMPLES / "lone.abn"), "--to", "json", "-o", str(target)).exit_code == 0
    assert len(json.loads(target.read_text(encoding="utf-8"))["boards"]) == 1


def test_convert_errors(run, tmp_path):
    line = one_error_line(run("convert", str(EXAMPLES / "lone.abn"), "--to", "json",
                              "-o", str(tmp_path / "no-such-dir" / "out.json")))
    assert "no-such-dir/out.json: cannot write" in line
    assert not (tmp_path / "no-such-dir").exists() and list(tmp_path.iterdir()) == []
    copy = tmp_path / "in.abn"
    copy.write_text((EXAMPLES / "lone.abn").read_text(encoding="utf-8"), encoding="utf-8")
    assert "refusing to overwrite the input file" in one_error_line(run("convert", str(copy), "--to", "abn",
                                                                        "-o", str(copy)))
    assert copy.read_text(encoding="utf-8") == (EXAMPLES / "lone.abn").read_text(encoding="utf-8")
    # The whole file is read before any board is checked: the first malformed text comes first.
    line = one_error_line(run("convert", str(EXAMPLES / "errors.abn"), "--to", "json"))
    assert line.endswith("errors.abn:18: in the play: malformed card 'XJ' (write it like QC, 10H, T♥)")
    twice = _write(tmp_path, "twice.abn", (EXAMPLES / "errors.abn").read_text(encoding="utf-8").split("\n\n")[1])
    assert one_error_line(run("convert", str(twice), "--to", "json")).endswith(
        "twice.abn:5: card 9S appears twice: in stock card 2 and in stock card 4")
    assert "malformed JSON" in one_error_line(run("convert", str(_write(tmp_path, "bad.json", "{oops")), "--to", "abn"))


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- solve FILE -------------------------------------------------------------------------------------------


def _solved_position(board) -> tuple[str, Position]:
    """Where solve FILE solves a board: where its record stops, or a finished record's opening lead."""
    record = replay(board)
    if record.state.phase is Phase.DONE:
        return "opening", record.node_position(record.cards()[0])
    return "end", record.position()


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_solve_file_equals_the_solver_on_each_board(run, path):
    boards = load_boards(path)
    try:
        positions = [_solved_position(b) for b in boards]
    except IncompleteBoard as error:  # forehand-view.abn: only one hand is known
        assert str(error) in one_error_line(run("solve", str(path)))
        return
    data = json_of(run("solve", str(path), "--json"))
    assert [b["board"] for b in data["boards"]] == [b.number for b in boards]
    assert [b["line"] for b in data["boards"]] == dealer_lines(path)
    for got, (at, pos) in zip(data["boards"], positions):
        assert got["at"] == at
        solution = search.solve(pos)
        assert got["makers_tricks"] == solution.makers_tricks
        assert got["moves"] == {c.ascii(): v for c, v in solution.moves.items()}
        assert sorted(got["best_cards"]) == sorted(c.ascii() for c in solution.best_cards)
        assert got["trump"] == pos.trump.letter and got["to_play"] == (None if pos.to_act is None else str(pos.to_act))


def test_solve_mid_trick_example_matches_the_deal_played_out():
    """The same position reached through the Deal state machine, without the replay."""
    (b,) = load_boards(EXAMPLES / "mid-trick.abn")
    deal = Deal.from_hands(Seat.S, b.hands, cards("JS 9S QC AH"))
    for action in [Refuse(), Discard((Card.parse("QH"),)), DeclareAlone(False), DeclareAlone(False)]:
        deal.apply(action)
    for card in cards("QC TC 9C JC AC 9H JD 9D QD JH"):
        deal.apply(Play(card))
    assert deal.to_act is Seat.W
    expected = search.solve(Position.from_deal(deal))
    assert replay(b).position() == Position.from_deal(deal)
    assert expected.moves == search.solve(replay(b).position()).moves


def test_solve_board_selection(run):
    path = str(EXAMPLES / "match.abn")
    by_tag = json_of(run("solve", path, "--board", "1.4", "--json"))["boards"]
    assert [b["board"] for b in by_tag] == ["1.4"] and by_tag[0]["lone"] == "N" and by_tag[0]["line"] == 81
    by_place = json_of(run("solve", path, "--board", "3", "--json"))["boards"]
    assert [b["board"] for b in by_place] == ["1.3"]
    line = one_error_line(run("solve", path, "--board", "99"))
    assert line == (f"altbaumer: error: {path}: no board 99 (the file has: "
                    "1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 1.10)")
    text = run("solve", path, "--board", "1.7")  # finished: solved at its opening lead
    flat = " ".join(text.stdout.split())  # rich wraps the line where the path's length puts it
    assert text.exit_code == 0 and "board 1.7" in flat and "at the opening lead" in flat


def test_solve_file_errors(run, tmp_path):
    refusal = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")
    hidden = _write(tmp_path, "hidden.abn", refusal.replace("T.QT.J9.", "-").split("[Result")[0] + '[Play "E"]\n')
    line = one_error_line(run("solve", str(hidden)))
    assert "the hand of N is not known" in line and "altbaumer rate" in line
    assert "cannot be combined with a FILE" in one_error_line(run("solve", str(EXAMPLES / "lone.abn"), "--seed", "3"))
    assert "--board needs a FILE" in one_error_line(run("solve", "--board", "1"))
    line = one_error_line(run("solve", str(EXAMPLES / "errors.abn")))
    assert "errors.abn:18: in the play: malformed card 'XJ'" in line
    unplayed = _write(tmp_path, "unplayed.abn", refusal.split("[Turn")[0])
    assert "records no trump making" in one_error_line(run("solve", str(unplayed)))


# -- table FILE --------------------------------------------------------------------------------------------

# A hand-checked deal where refusing is clairvoyantly better than accepting (after
# tests/test_making.py, turned round the table and with spades and diamonds swapped).
# Dealer S: forehand E, makers E-W.
#   E: Q♣ J♣ K♥ 10♥ Q♥    N: A♣ 10♣ K♣ Q♠ J♠    W: A♦ 10♦ K♦ Q♦ J♦    S: A♠ K♠ 10♠ J♥ 9♥
#   stock 9♠ A♥ 9♣ 9♦.
# Accept: spades are trump and E takes 9♠. The makers' trumps are Q♣ J♣ 9♠; S holds A♠ K♠ 10♠,
# which outrank 9♠, and N holds Q♠ J♠. S plays one card to each trick (every trick is played
# out, and a defender never sits out), so S's three spades fall in three different tricks; only
# two tricks can hold a Tree, so one of them holds a spade of S and no Tree, and its highest trump
# is a defender's. The makers take at most 4 tricks, +1, whatever the discard or lone choice.
# Refuse: 9♠ is refused, A♥ is another suit, so hearts are trump and E takes A♥. E holds Q♣ J♣
# A♥ K♥ 10♥ Q♥, and the only other trumps are J♥ 9♥ (S). After any discard, E leads a trump to
# every trick and nobody can beat it: a march, +2, with W at the table or E alone. The
# clairvoyant rule then prefers playing together and the lowest card index to discard: J♣.
HAND_CHECKED = """% Refusing is clairvoyantly better than accepting.
[Board "hand-checked"]
[Dealer "S"]
[Deal "E:QJ..KQT. AKT.QJ.. ...AKQJT .AKT.J9."]
[Stock "9S AH 9C 9D"]
"""


def test_table_of_a_hand_checked_refusal(run, tmp_path):
    path = _write(tmp_path, "refuse.abn", HAND_CHECKED)
    assert run("check", str(path)).exit_code == 0
    (board,) = json_of(run("table", str(path), "--json"))["boards"]
    rows = board["rows"]
    accept = [r for r in rows if r["turn"] == "accept"]
    refuse = [r for r in rows if r["turn"] == "refuse"]
    assert len(accept) == 6 * 3 and len(refuse) == 6 * 3  # six discards, three lone choices each
    assert all(r["trump"] == "S" and r["taken"] == ["9S"] for r in accept)
    assert all(r["makers_tricks"] <= 4 and r["makers_points"] <= 1 for r in accept)
    assert all(r["trump"] == "H" and r["taken"] == ["AH"] and r["exposed"] == ["9S"] for r in refuse)
    assert all(r["makers_tricks"] == 5 and r["makers_points"] == 2 for r in refuse if r["lone"] != "W")
    best = board["best"]
    equity = best.pop("equity")  # a lone march takes the round: E alone beats marching together
    assert best == {"turn": "refuse", "trump": "H", "taken": ["AH"], "exposed": ["9S"], "discard": ["JC"],
                    "lone": "E", "makers_tricks": 5, "makers_points": 2, "defenders_points": 0}
    assert equity > max(r["equity"] for r in refuse if r["lone"] is None) and board["state"]["text"] == "0:0 rounds 0:0"
    best["equity"] = equity
    assert rows[board["best_index"]] == best and board["recorded_index"] is None
    text = run("table", str(path))
    assert text.exit_code == 0 and "Clairvoyant forehand (E): refuse" in text.stdout and "★" in text.stdout


def test_table_equals_the_library_on_a_deal_file(run, tmp_path):
    path = tmp_path / "deals.abn"
    assert run("deal", "--seed", "40", "-n", "3", "-o", str(path)).exit_code == 0
    data = json_of(run("table", str(path), "--json"))
    assert [b["board"] for b in data["boards"]] == ["1", "2", "3"]
    for got, seed in zip(data["boards"], (40, 41, 42)):
        expected = perfect_information_table(Deal.from_seed(seed)).to_dict()
        assert got["rows"] == expected["rows"] and got["best"] == expected["best"]
        assert got["hands"] == expected["hands"] and got["stock"] == expected["stock"]


def test_table_marks_the_line_the_board_records(run):
    (board,) = json_of(run("table", str(EXAMPLES / "refusal.abn"), "--json"))["boards"]
    hands = {Seat.E: "AC KC KS QH QD", Seat.N: "TC QS TS JH 9H", Seat.W: "9C KH TH JD TD", Seat.S: "JC AS AD KD 9D"}
    deal = Deal.from_hands(Seat.S, {s: cset(h) for s, h in hands.items()}, cards("JS 9S QC AH"))
    expected = perfect_information_table(deal).to_dict()
    assert board["rows"] == expected["rows"]
    # The board records: refuse, discard QH, nobody alone.
    recorded = [i for i, r in enumerate(board["rows"]) if (r["turn"], r["discard"], r["lone"]) == ("refuse", ["QH"], None)]
    assert recorded == [board["recorded_index"]]
    assert "◆" in run("table", str(EXAMPLES / "refusal.abn")).stdout


def test_table_errors(run, tmp_path):
    line = one_error_line(run("table", str(EXAMPLES / "forehand-view.abn")))
    assert "the table needs every hand and stock card" in line
    assert "errors.abn:18:" in one_error_line(run("table", str(EXAMPLES / "errors.abn")))
    odd = _write(tmp_path, "[b]odd.abn", HAND_CHECKED.replace('"hand-checked"', '"[/i]"'))
    result = run("table", str(odd))
    assert result.exit_code == 0 and "[b]odd.abn" in result.stdout and "board [/i]" in result.stdout


# -- deal -o and simulate --record ---------------------------------------------------------------------------


def test_deal_writes_a_file_of_deals_with_their_seeds(run, tmp_path):
    path = tmp_path / "deals.abn"
    result = run("deal", "--seed", "5", "-n", "3", "-o", str(path))
    assert result.exit_code == 0 and "wrote 3 deals" in result.stdout
    boards = load_boards(path)
    assert [(b.number, b.tags["Seed"]) for b in boards] == [("1", "5"), ("2", "6"), ("3", "7")]
    for b, seed in zip(boards, (5, 6, 7)):
        deal = Deal.from_seed(seed)
        assert b.dealer is deal.dealer and b.hands == deal.dealt and b.stock == deal.stock
        assert b.cut_trees == deal.cut_trees and b.accepted is None and b.tricks == []
        assert replay(b).deal(as_dealt=True).to_dict() == {**deal.to_dict(), "cut": None}
    check = run("check", str(path))
    assert check.exit_code == 0 and check.stdout.count(": ok board ") == 3
    as_json = tmp_path / "deals.json"
    assert run("deal", "--seed", "5", "-n", "3", "-o", str(as_json)).exit_code == 0
    assert boards_from_json(as_json.read_text(encoding="utf-8")) == boards
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.abn", "deals.json"]
    assert "cannot write" in one_error_line(run("deal", "-n", "2", "-o", str(tmp_path / "none" / "x.abn")))


def test_deal_names_the_file_as_it_is(run, tmp_path):
    (tmp_path / "a[").mkdir()
    for name in ("[bold]x.abn", "a[/b].abn"):  # rich markup, and a closing tag rich would reject
        result = run("deal", "--seed", "1", "-o", str(tmp_path / name))
        assert result.exit_code == 0, result.output
        assert result.stdout.split()[-2:] == ["to", str(tmp_path / name)]  # (rich may wrap the line)
        assert len(load_boards(tmp_path / name)) == 1


def test_deal_leave_trees_and_dealer_options_are_recorded(run, tmp_path):
    """Whatever the options, the file holds the deal that was shown."""
    path = tmp_path / "deals.abn"
    seed = next(s for s in range(200) if Deal.from_seed(s, Seat.N).cut_trees)  # a Tree shows at the cut
    assert run("deal", "--seed", str(seed), "--leave-trees", "--dealer", "N", "-o", str(path)).exit_code == 0
    (b,) = load_boards(path)
    deal = Deal.from_seed(seed, Seat.N, take_trees=False)
    assert b.dealer is Seat.N and b.hands == deal.dealt and b.cut_trees == CardSet() and b.stock == deal.stock
    assert replay(b).state.cut_seen == deal.cut_seen


@pytest.mark.parametrize("suffix", [".abn", ".json"])
def test_simulate_records_every_deal_with_its_play(run, tmp_path, suffix):
    path = tmp_path / f"match{suffix}"
    result = run("simulate", "--matches", "3", "--seed", "4", "--processes", "1", "--record", str(path), "--json")
    stats = json_of(result)
    assert f"recorded {stats['deals']} deals" in result.stderr
    text = path.read_text(encoding="utf-8")
    boards = boards_from_json(text) if suffix == ".json" else read_boards(text)
    assert len(boards) == stats["deals"]
    assert len({b.number for b in boards}) == len(boards)
    per_match = Counter(b.tags["Match"] for b in boards)
    assert sorted(per_match) == ["1", "2", "3"]
    assert (min(per_match.values()), max(per_match.values())) == (stats["deals_per_match"]["min"],
                                                                  stats["deals_per_match"]["max"])
    results = Counter()
    for b in boards:
        state = replay(b).state
        assert state.phase is Phase.DONE and len(b.tricks) == 5 and b.result == state.makers_tricks
        results[str(b.result)] += 1
    assert results == {k: v for k, v in stats["makers"]["tricks_histogram"].items() if v}
    assert sum(b.accepted for b in boards) == stats["trump_making"]["accepted"]
    check = run("check", str(path))
    assert check.exit_code == 0 and check.stdout.count(": ok board ") == len(boards)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_the_match_example_is_what_simulate_records(run, tmp_path):
    """examples/match.abn says it was made by `simulate --matches 1 --seed 4 --record`."""
    path = tmp_path / "match.abn"
    assert run("simulate", "--matches", "1", "--seed", "4", "--processes", "1", "--record", str(path), "--json").exit_code == 0
    expected = load_boards(EXAMPLES / "match.abn")
    assert expected[0].notes and all(not b.notes for b in expected[1:])
    expected[0].notes = []  # the file's comment lines
    assert load_boards(path) == expected


# -- bad input: one line, exit code 2, never a traceback -----------------------------------------------------


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    refusal = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")
    short_stock = json.loads(boards_to_json(read_boards(refusal)))
    short_stock["boards"][0]["stock"] = ["JS", "9S", "QC"]  # three cards, and N's hand unknown
    short_stock["boards"][0]["hands"]["N"] = None
    binary = tmp_path / "binary.abn"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    return {
        "binary": binary,
        "empty": _write(tmp_path, "empty.abn", "\n% only a note\n"),
        "garbage": _write(tmp_path, "garbage.json", '{"boards": [{"dealer": 7}]}'),
        "short": _write(tmp_path, "short.json", json.dumps(short_stock)),
        "markup": _write(tmp_path, "markup.abn", '[Board "[/x]"]\n[Dealer "[/y]"]\n'),
        "unplayed": _write(tmp_path, "unplayed.abn", refusal.replace("T.QT.J9.", "-")),
    }


BAD_INVOCATIONS = [
    ("check", "{missing}"), ("check", "{binary}"), ("check", "{empty}"), ("check", "{garbage}"), ("check", "{short}"),
    ("check", "{markup}"), ("check", "--json", "{short}"),
    ("convert", "{missing}", "--to", "json"), ("convert", "{binary}", "--to", "json"),
    ("convert", "{garbage}", "--to", "abn"), ("convert", "{short}", "--to", "abn"), ("convert", "{empty}", "--to", "abn"),
    ("solve", "{missing}"), ("solve", "{short}"), ("solve", "{markup}"), ("solve", "{unplayed}"),
    ("solve", "{errors}", "--json"), ("solve", "{lone}", "--trump", "H"), ("solve", "{lone}", "--board", "x"),
    ("table", "{missing}"), ("table", "{garbage}"), ("table", "{unplayed}"), ("table", "{errors}", "--json"),
    ("simulate", "--matches", "1", "--processes", "1", "--record", "{nodir}"),
    ("deal", "-o", "{nodir}"),
]


@pytest.mark.parametrize("args", BAD_INVOCATIONS, ids=lambda a: " ".join(a))
def test_bad_input_never_shows_a_traceback(run, tmp_path, args):
    files = {k: str(v) for k, v in _bad_files(tmp_path).items()}
    files.update(missing=str(tmp_path / "missing.abn"), nodir=str(tmp_path / "no" / "dir.abn"),
                 errors=str(EXAMPLES / "errors.abn"), lone=str(EXAMPLES / "lone.abn"))
    result = run(*[a.format(**files) for a in args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    if args[0] != "check":
        assert len(result.stderr.strip().splitlines()) == 1 and result.stderr.startswith("altbaumer: error: ")
    elif "--json" in args:
        assert json.loads(result.stdout)["ok"] is False
    else:
        assert result.stdout.strip() and all(": error " in line for line in result.stdout.splitlines()
                                             if ": ok " not in line)
