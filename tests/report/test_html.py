"""The HTML report of annotated games (altbaumer.report.html): the page's
structure without a browser, then the page rendered by a real headless Chromium."""

from __future__ import annotations

import copy
import doctest
import html
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from typing import Optional, Union

import pytest

import altbaumer.report.html as report_html
from altbaumer.abn import load_boards, read_boards
from altbaumer.abn.match_states import board_scores
from altbaumer.abn.record import replay
from altbaumer.game.cards import Card
from altbaumer.game.seats import Seat
from altbaumer.report.annotate import CardNote, _summary as annotate_summary, accuracy, annotate_board, report
from altbaumer.report.annotate import strip_annotations
from altbaumer.report.html import card_html, page_title, render_html
from altbaumer.report.html_viewer import VIEWER_JS
from altbaumer.report.html_summaries import player_sentence

EXAMPLES = Path(__file__).parents[2] / "examples"
# lone: three-card tricks and a seat that sits out; mid-trick: an unfinished play;
# compulsory: a ?? blunder and a decision error; refusal: a plain deal. Each is a match of its own
# whose score is not known (rated as the first deal of a match).
FILES = ("lone.abn", "compulsory.abn", "mid-trick.abn", "refusal.abn")
EVIL = "<script>alert(1)</script>"
ERROR = 'examples/errors.abn:69: N held "QC" & <b>twice</b>'
MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
# The page's own scripts: each board's step data (JSON, its < > & escaped) and the one inline script.
OUR_SCRIPTS = re.compile(r'<script type="application/json" class="viewer-data">[^<]*</script>|<script>'
                         + re.escape(VIEWER_JS) + "</script>")


def foreign(page: str) -> str:
    """The page without its own scripts: what is left must hold none (nothing injected)."""
    return OUR_SCRIPTS.sub("", page)


@pytest.fixture(scope="module")
def data() -> dict:
    """A real report: every card and decision rated (few samples, for speed),
    with the mean tricks (``annotate --tricks``), a hostile tag value and one
    board that could not be annotated."""
    boards = [b for name in FILES for b in load_boards(EXAMPLES / name)]
    notes = [annotate_board(b, decisions=True, single_dummy=True, samples=100, tricks=True) for b in boards]
    result = report(notes, [ERROR])
    result["boards"][0]["tags"]["Event"] = EVIL
    return result


@pytest.fixture(scope="module")
def page(data: dict) -> str:
    return render_html(data)


@pytest.fixture(scope="module")
def match_data() -> dict:
    """The shipped ten-deal match, each deal rated from the score replayed
    from the deals before it (as ``altbaumer annotate`` does)."""
    boards = load_boards(EXAMPLES / "match.abn")
    scores = board_scores([replay(strip_annotations(b)) for b in boards])
    return report([annotate_board(b, samples=100, score=s) for b, s in zip(boards, scores)])


@pytest.fixture(scope="module")
def match_page(match_data: dict) -> str:
    return render_html(match_data)


@pytest.fixture(scope="module")
def net_data() -> dict:
    """Two deals rated by expected net points: no score, no match graph."""
    boards = load_boards(EXAMPLES / "match.abn")[:2]
    return report([annotate_board(b, samples=100, objective="net") for b in boards])


def sections(page: str) -> list[str]:
    return re.findall(r'<section class="board" id="board-\d+">.*?</section>', page, re.S)


def played(section: str) -> list[tuple[str, str, str]]:
    """(seat, card, mark) of every card in a board's play table, in page order."""
    return re.findall(r'<span class="played" data-seat="(\w)" data-card="(\w\w)" data-mark="([^"]*)"', section)


def engine_marks(section: str) -> list[tuple[str, str, str]]:
    """(data-mark, class, text) of the annotator's mark on every card in a
    board's play table, in page order (class and text empty without a mark)."""
    return re.findall(r'<span class="played" [^>]*data-mark="([^"]*)"[^>]*><span class="seatlbl">\w</span>'
                      r'<span class="card [^"]*" data-card="\w\w">[^<]*</span>'
                      r'(?:<span class="pmark"[^>]*>[^<]*</span>)?'
                      r'(?:<span class="mark (\w+)" title="[^"]*">([^<]*)</span>)?</span>', section)


def table_after(page: str, heading: str) -> str:
    """The first table after an ``<h2>`` heading."""
    return page.split(f"<h2>{heading}</h2>")[1].split("</table>")[0]


def header_cells(table: str) -> list[str]:
    """The text of a table's heading cells (tooltips and markup dropped)."""
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<th[^>]*>(.*?)</th>", table)]


def player_marks(section: str) -> list[str]:
    """The player's own mark of every card in a board's play table, in page order."""
    return re.findall(r'<span class="played" [^>]*data-player-mark="([^"]*)">', section)


# -- structure ----------------------------------------------------------------------------


def test_docstring_examples():
    result = doctest.testmod(report_html)
    assert result.attempted > 0 and result.failed == 0


def test_one_html5_document(page: str):
    assert page.startswith("<!DOCTYPE html>\n<html")
    assert page.rstrip().endswith("</html>")
    assert page.count("<html") == page.count("<body") == page.count("<style>") == 1
    assert '<meta charset="utf-8">' in page
    # the title names the first board's Event tag (here a hostile one, escaped)
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; — altbaumer annotation</title>" in page


def test_header_has_totals_matches_and_players(data: dict, page: str):
    header = page.split("</header>")[0]
    for heading in ("Totals", "Matches", "Players", "Boards"):
        assert f"<h2>{heading}</h2>" in header
    for name in list(data["matches"]) + list(data["players"]):
        assert f"<td class=l>{name}</td>" in header
    assert f'<td>{data["total"]["cards"]}</td>' in header


SUMMARY_HEADINGS = ["cards", "decisions", "?!", "?", "??", "DD marked", "SD marked", "decisions marked",
                    "tricks lost", "DD lost", "lost", "accuracy"]


def test_players_table_has_the_new_columns(match_data: dict, match_page: str):
    """Cards, decisions, ?! ? ?? counts, tricks lost and what was lost in
    percent of the match-winning chance, with a line saying what each means."""
    table = table_after(match_page, "Players")
    assert header_cells(table) == ["player"] + SUMMARY_HEADINGS
    assert "points_lost" not in match_page and "points lost" not in match_page
    for name, row in match_data["players"].items():
        cells = re.findall(r"<td[^>]*>(.*?)</td>", table.split(f"<td class=l>{name}</td>")[1].split("</tr>")[0])
        assert cells == [str(row[k]) for k in ("cards", "decisions", "inaccuracies", "mistakes", "blunders",
                                               "dd_errors", "sd_errors", "decision_errors", "tricks_lost")] + \
            [f'{100 * row["dd_lost"]:.1f}%', f'{100 * row["lost"]:.1f}%', f'{row["accuracy"]:.1f}%']
    assert header_cells(table_after(match_page, "Totals")) == ["", "boards"] + SUMMARY_HEADINGS
    assert header_cells(table_after(match_page, "Matches")) == ["match", "boards"] + SUMMARY_HEADINGS
    legend = match_page.split("<h2>Players</h2>")[1].split("<h2>Boards</h2>")[0]
    for said in ("<b>?!</b> <b>?</b> <b>??</b>: inaccuracies, mistakes and blunders", "<b>tricks lost</b>",
                 "<b>lost</b>: the chance to win the match", "in percentage points"):
        assert said in legend


def test_accuracy_in_the_json(match_data: dict):
    """Every summary gains ``accuracy`` (added: the version stays 2): the share
    of the rated cards and decisions not marked ?!, ? or ??, in percent."""
    assert match_data["version"] == 2
    rows = [match_data["total"], *match_data["players"].values(), *match_data["matches"].values(),
            *(b["summary"] for b in match_data["boards"])]
    for row in rows:
        rated = row["cards"] + row["decisions"]
        marked = row["inaccuracies"] + row["mistakes"] + row["blunders"]
        assert row["accuracy"] == round(100 * (rated - marked) / rated, 1)


def test_accuracy_of_a_constructed_annotation():
    """Four cards, one ?! and one ?? among them, and one board with nothing rated."""
    def card(mark: str) -> CardNote:
        return CardNote(trick=1, seat=Seat.parse("N"), card=Card.parse("QC"), maker=True, before=5,
                        after=4 if mark else 5, best=(Card.parse("9D"),), mark=mark)

    summary = annotate_summary([card("?!"), card(""), card("??"), card("")], [])
    assert (summary["inaccuracies"], summary["blunders"], summary["accuracy"]) == (1, 1, 50.0)
    assert annotate_summary([], [])["accuracy"] is None
    assert accuracy(3, 1) == 66.7


def test_a_sentence_per_player(match_data: dict, match_page: str):
    row = {"cards": 20, "decisions": 2, "inaccuracies": 1, "mistakes": 2, "blunders": 0, "dd_lost": 0.05,
           "lost": 0.18, "accuracy": 86.4}
    assert player_sentence("North", row, "match") == (
        "North made 1 inaccuracy and 2 mistakes in 20 cards and 2 decisions, giving up 18.0% of the chance to "
        "win the match beyond the noise (the cards 5.0% double dummy); accuracy 86.4%.")
    assert player_sentence("E <b>", {**row, "inaccuracies": 0, "mistakes": 0}, "net").startswith(
        "E &lt;b&gt; made no marked error in 20 cards and 2 decisions, giving up 0.18 net points beyond the noise "
        "(the cards 0.05 net points double dummy)")
    assert player_sentence("West", {"cards": 0, "decisions": 0, "accuracy": None}, "match") == ""
    players = match_page.split("<h2>Players</h2>")[1].split("<table>")[0]
    (name, figures), = match_data["players"].items()
    assert re.findall(r'<p class="players">(.*?)</p>', players) == [player_sentence(name, figures, "match")]
    assert f'accuracy {figures["accuracy"]:.1f}%.' in players
    sparse = render_html({"players": {"p": {"cards": 0, "decisions": 0}}})
    assert 'class="players"' not in sparse


def test_the_legend_names_every_summary_column(match_page: str):
    legend = re.findall(r'<p class="legend">Columns: (.*?)</p>', match_page)[0]
    for heading in ["boards"] + SUMMARY_HEADINGS:
        assert f"<b>{heading}</b>" in legend, heading
    assert "<b>accuracy</b>: the share of the rated cards and decisions not marked ?!, ? or ??" in legend


def test_the_match_header(match_data: dict, match_page: str):
    """The match's result, and the score before each deal (as in the board index), each linked to its board."""
    (name, match), = match_data["matches"].items()
    assert match["final"] == {"text": "0:0 rounds 2:0", "describe": "match won by N-S", "winner": "N-S"}
    head = match_page.split(f'<div class="match-head" data-match="{name}">')[1].split("</div>")[0]
    assert f"<b>{name}</b>: N-S won the match after 10 deals (final score 0:0 rounds 2:0)." in head
    listed = re.findall(r'<li><a href="#board-(\d+)">board ([^<]*)</a>: ([^<]*)</li>', head)
    index = re.findall(r"<tr><td.*?</tr>", table_after(match_page, "Boards"))
    assert listed == [(str(i), b["board"], b["score"]["state"]["text"]) for i, b in enumerate(match_data["boards"], 1)]
    assert [re.findall(r"<td[^>]*>(.*?)</td>", row)[2] for row in index] == [s for _, _, s in listed]
    # a match not over, and one whose score is not known
    assert "not over after 2 deals here: the score stands at 3:1, rounds 0:0, N-S make trump." in render_html(
        {"matches": {"m": {"boards": 2, "final": {"text": "3:1 rounds 0:0", "describe": "3:1, rounds 0:0, N-S make trump",
                                                  "winner": None}}}})
    assert "the final result is not known" in render_html({"matches": {"m": {"boards": 1, "final": None}}})


def test_the_title_names_the_event(match_page: str):
    assert "<title>altbaumer simulate --seed 4 — altbaumer annotation</title>" in match_page
    assert "<h1>altbaumer simulate --seed 4 — altbaumer annotation</h1>" in match_page
    assert page_title({"boards": [{"tags": {}, "source": "games/club.abn"}]}) == "club.abn — altbaumer annotation"
    assert page_title({}) == "altbaumer annotation"
    assert "<title>mine</title>" in render_html({}, title="mine")


def test_a_print_stylesheet(match_page: str):
    css = match_page.split("<style>")[1].split("</style>")[0]
    printed = css.split("@media print{")[1]
    for rule in (".scroll{overflow:visible}", "break-inside:avoid", "background:#fff;color:#000"):
        assert rule in printed, rule
    # every table scrolls inside its own box, never the page
    assert match_page.count("<table>") == match_page.count('<div class="scroll"><table>')


def test_board_index_has_the_score_and_the_new_counts(match_data: dict, match_page: str):
    table = table_after(match_page, "Boards")
    assert header_cells(table) == ["board", "source", "score before", "N-S P(match) before → after", "dealer",
                                   "trump", "DD start", "result", "cards", "?!", "?", "??", "lost"]
    rows = re.findall(r"<tr><td.*?</tr>", table)
    assert len(rows) == len(match_data["boards"]) == 10
    for i, (board, row) in enumerate(zip(match_data["boards"], rows), 1):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        score, summary = board["score"], board["summary"]
        assert cells[0] == f'<a href="#board-{i}">{board["board"]}</a>'
        assert cells[2] == score["state"]["text"]
        assert cells[3] == f'{100 * score["ns_equity_before"]:.1f}% → {100 * score["ns_equity_after"]:.1f}%'
        assert cells[8:] == [str(summary[k]) for k in ("cards", "inaccuracies", "mistakes", "blunders")] + \
            [f'{100 * summary["lost"]:.1f}%']


def test_score_before_each_deal(data: dict, page: str, match_data: dict, match_page: str):
    """Each board says the score before its deal in words, and N-S's chance
    to win the match before and after it."""
    for report_data, html_page in ((data, page), (match_data, match_page)):
        for board, section in zip(report_data["boards"], sections(html_page)):
            score = board["score"]
            line = re.search(r'<p class="score" data-source="(\w+)">(.*?)</p>', section).group(1, 2)
            assert line[0] == score["source"]
            before, after = score["ns_equity_before"], score["ns_equity_after"]
            said = (f'Score before the deal: {score["describe"]}. N-S win the match: <span class="chance">'
                    f'{100 * before:.1f}%</span> before the deal')
            if after is None:  # mid-trick.abn: the play stops in the third trick
                assert line[1] == said + "; after it not known (the play is not complete)."
                continue
            assert line[1] == said + f', <span class="chance">{100 * after:.1f}%</span> after it ' \
                f'({100 * (after - before):+.1f} pp).'
    assert "Score before the deal: 1:1, rounds 1:0, E-W make trump (replayed from boards 1.1–1.6)." in \
        sections(match_page)[6]
    assert "Score before the deal: unknown: rated as at the start of a match." in sections(page)[0]
    assert [b["score"]["ns_equity_after"] is None for b in data["boards"]] == [False, False, True, False]


def graph_dots(figure: str) -> list[tuple[str, str, str, str]]:
    """(href, cx, cy, tooltip) of every deal's dot in a match graph."""
    return re.findall(r'<a href="([^"]*)"><circle class="deal" cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+">'
                      r"<title>(.*?)</title></circle></a>", figure)


def test_match_graph(match_data: dict, match_page: str):
    """One graph for the match, before the boards: a dot per deal at N-S's
    chance before it, linked to the deal's board, the chance after the last, a 50% line."""
    header = match_page.split("</header>")[0]
    figures = re.findall(r'<figure class="match-graph" data-match="([^"]*)">(.*?)</figure>', header, re.S)
    (name, graph), = match_data["matches"].items()
    assert [f[0] for f in figures] == [name]
    figure, deals = figures[0][1], graph["graph"]
    assert len(deals) == 10 and figure.count("<svg") == 1
    dots = graph_dots(figure)
    assert len(dots) == len(deals) == figure.count("<circle class=\"deal\"")
    ids = dict(re.findall(r'<section class="board" id="([^"]+)">\n<h2>Board (\S+) ', match_page))
    for (href, _, _, tooltip), deal in zip(dots, deals):
        assert href.startswith("#") and ids[href[1:]] == deal["board"]  # the link goes to the deal's own board
        assert tooltip == (f'board {deal["board"]}, score {deal["score"]}: N-S {100 * deal["before"]:.1f}% to win '
                           f'the match before the deal, {100 * deal["after"]:.1f}% after '
                           f'({100 * (deal["after"] - deal["before"]):+.1f} pp)')
    points = [tuple(map(float, p.split(","))) for p in
              re.search(r'<polyline class="line" points="([^"]+)"', figure).group(1).split()]
    chances = [d["before"] for d in deals] + [deals[-1]["after"]]
    assert len(points) == len(chances) == 11
    assert [(float(cx), float(cy)) for _, cx, cy, _ in dots] == points[:-1]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)  # the deals in order, left to right
    # y grows downwards: y is a straight line of the chance, a higher chance higher up
    scale = (ys[0] - ys[4]) / (chances[4] - chances[0])
    assert scale > 0 and all(abs(y - (ys[0] - (c - chances[0]) * scale)) < 0.2 for y, c in zip(ys, chances))
    end = re.search(r'<circle class="end" cx="([\d.]+)" cy="([\d.]+)"', figure)
    assert end and (float(end.group(1)), float(end.group(2))) == points[-1]
    zero, half, full = (float(re.search(rf'<line class="(?:grid|make)" x1="[\d.]+" y1="([\d.]+)"[^>]*/><text '
                                        rf'class="axis" [^>]*>{p}%</text>', figure).group(1)) for p in (0, 50, 100))
    assert abs(half - (zero + full) / 2) < 0.01 and f'<line class="make" x1="52.0" y1="{half:.1f}"' in figure
    for label in ("N-S win the match", "deal (board)", "1.1", "1.10", "end"):
        assert f">{label}</text>" in figure
    swing = max(deals, key=lambda d: abs(d["after"] - d["before"]))
    assert f'the largest swing: board {swing["board"]} ({100 * (swing["after"] - swing["before"]):+.1f} pp)' in figure
    assert header.index("<h2>Matches</h2>") < header.index("match-graph") < header.index("<h2>Players</h2>")


def test_a_graph_for_every_match_with_one(data: dict, page: str):
    """Four files, four one-deal matches, whose score is not known: four graphs."""
    header = page.split("</header>")[0]
    figures = re.findall(r'<figure class="match-graph" data-match="([^"]*)">(.*?)</figure>', header, re.S)
    assert [f[0] for f in figures] == list(data["matches"])
    for (_, figure), board in zip(figures, data["boards"]):
        (href, _, _, tooltip), = graph_dots(figure)
        assert href == f'#board-{data["boards"].index(board) + 1}'
        assert tooltip.startswith(f'board {board["board"]}, score not known: N-S ')
    empty = copy.deepcopy(data)
    for match in empty["matches"].values():
        match["graph"] = []
    assert "match-graph" not in render_html(empty) and "<h2>Matches</h2>" in render_html(empty)


def test_a_net_report_has_no_match_parts(net_data: dict):
    """Rated by net points: no score line, no graph, no P(match); losses in points."""
    assert net_data["objective"] == "net" and all(b["score"] is None for b in net_data["boards"])
    assert all(m["graph"] == [] for m in net_data["matches"].values())
    html_page = render_html(net_data)
    for absent in ("match-graph", "Score before the deal", "P(match)", "P(round)", "score before", "(pp)",
                   "percentage points", "chance to win the match"):
        assert absent not in html_page, absent
    assert len(sections(html_page)) == 2 and "<dt>rated by</dt><dd>net points</dd>" in html_page
    row = net_data["players"]["heuristic"]
    assert f'<td>{row["lost"]:.2f}</td><td>{row["accuracy"]:.1f}%</td></tr>' in table_after(html_page, "Players")
    assert "gives up at least 0.1, 0.2 or 0.4 net points" in html_page
    for board, section in zip(net_data["boards"], sections(html_page)):
        for decision, table in zip(board["decisions"], re.findall(r'<div class="decision".*?</table>', section, re.S)):
            assert header_cells(table) == ["option", "P(win)", "P(5)", "P(0)", "points", "net ± CI",
                                           "Δ ± CI", "mark", "best", "chosen"]
            best = next(o for o in decision["rating"]["options"] if o["best"])["for_decider"]
            assert f'<td>{best["delta"]:+.2f} ± {best["delta_ci95"]:.2f}</td>' in table
            if decision["error"]:
                assert f'loses {decision["loss"]:.2f} net points' in table


def test_every_board_and_every_card_in_order(data: dict, page: str):
    found = sections(page)
    assert len(found) == len(data["boards"]) == 4
    for board, section in zip(data["boards"], found):
        assert f"Board {board['board']}" in section
        expected = [(c["seat"], c["card"], c["mark"]) for c in board["cards"]]
        assert played(section) == expected
        assert len(expected) == {"lone": 15, "mid-trick": 10}.get(board["board"], 20)


def test_marks_are_styled(data: dict, page: str, match_data: dict, match_page: str):
    """Every card's ?!, ? or ?? (by the match-winning chance it gave up)
    stands in its own class, each class in its own colour."""
    for report_data, html_page in ((data, page), (match_data, match_page)):
        for board, section in zip(report_data["boards"], sections(html_page)):
            expected = [(c["mark"], MARK_CLASS.get(c["mark"], ""), c["mark"]) for c in board["cards"]]
            assert engine_marks(section) == expected
    found = {c["mark"] for r in (data, match_data) for b in r["boards"] for c in b["cards"]}
    assert "??" in found and len(found - {""}) >= 2  # the real reports: a ?? in compulsory.abn, ?! in the match
    # Every class, ?! too, on a report whose marks are set by hand.
    marked = copy.deepcopy(match_data)
    cards = marked["boards"][0]["cards"]
    for card, mark in zip(cards, ("?!", "?", "??", "")):
        card["mark"] = mark
    section = sections(render_html(marked))[0]
    assert engine_marks(section)[:4] == [("?!", "inaccuracy", "?!"), ("?", "mistake", "?"), ("??", "blunder", "??"),
                                         ("", "", "")]
    css = page.split("</style>")[0]
    colours = [re.search(rf"\.mark\.{cls}\{{color:(#[0-9a-f]{{6}})", css).group(1) for cls in MARK_CLASS.values()]
    assert len(set(colours)) == 3
    backgrounds = [re.search(rf'\.played\[data-mark="{re.escape(m)}"\]\{{background:(#[0-9a-f]{{6}})', css).group(1)
                   for m in MARK_CLASS]
    assert len(set(backgrounds)) == 3


def test_double_dummy_commentary(data: dict, page: str, match_data: dict, match_page: str):
    """A marked card shows the makers' tricks before and after it, the
    chance it gave up in percentage points and the cards that kept the value."""
    seen = 0
    for report_data, html_page in ((data, page), (match_data, match_page)):
        for board, section in zip(report_data["boards"], sections(html_page)):
            for card in board["cards"]:
                dd = f'dd {card["before"]}&gt;{card["after"]}'
                if card["mark"]:
                    best = " ".join(card_html(c) for c in card["best"])
                    assert f'{dd} ({-100 * card["loss"]:+.1f} pp) best {best}</div>' in section
                    seen += 1
                else:
                    assert f"{dd}</div>" in section
    assert seen >= 3


def test_deal_diagram_around_the_compass(data: dict, page: str):
    for board, section in zip(data["boards"], sections(page)):
        for seat, cards in board["abn"]["hands"].items():
            panel = re.search(rf'<div class="hand seat-{seat}[^"]*" data-seat="{seat}">(.*?)</div></div>', section, re.S)
            assert panel, seat
            assert sorted(re.findall(r'data-card="(\w\w)"', panel.group(1))) == sorted(cards)
    css = page.split("</style>")[0]
    for seat, place in (("N", "grid-column:2;grid-row:1"), ("S", "grid-column:2;grid-row:3"),
                        ("W", "grid-column:1;grid-row:2"), ("E", "grid-column:3;grid-row:2")):
        assert f".seat-{seat}{{{place}}}" in css


def test_lone_partner_sits_out(page: str):
    lone = sections(page)[0]  # W plays alone: E's hand is set aside
    assert 'class="hand seat-E out"' in lone and "W alone, E sits out" in lone


# -- the record's facts, the player's own notes ---------------------------------------------

CLUB = '<span class="suit black">♣</span>'


@pytest.fixture(scope="module")
def own() -> dict:
    """The refusal deal as a player might write it: no [Trump] tag (the stock
    and the refusal fix clubs), the opening Q♣ marked ! with a comment although
    it loses a trick double dummy (one that changes nothing in the match, so the
    annotator leaves it unmarked), and the commentary on the turn."""
    text = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8").replace('[Trump "C"]\n', "")
    text = text.replace("\nQC TC 9C JC\n", "\nQC! {the Big Tree first} TC 9C JC\n")
    assert "[Trump" not in text and "QC!" in text
    return report([annotate_board(read_boards(text)[0], decisions=False)])


def test_trump_comes_from_the_record_not_the_optional_tag(own: dict) -> None:
    board = own["boards"][0]
    assert board["abn"]["trump"] is None  # the file's content: the tag is optional
    assert (board["trump"], board["makers"], board["lone"]) == ("C", "E-W", None)
    page = render_html(own)
    index, section = page.split("</header>")[0], sections(page)[0]
    assert f"<td>{CLUB}</td>" in index
    assert f'<div class="centre">trump {CLUB}<br>' in section
    assert f"<dt>trump</dt><dd>{CLUB}</dd>" in section and "<dt>makers</dt><dd>E-W</dd>" in section
    assert "trump —" not in page


def test_the_players_marks_and_commentary_beside_the_annotators(own: dict) -> None:
    board = own["boards"][0]
    first = board["cards"][0]
    assert (first["card"], first["lost"], first["mark"], first["player_mark"], first["player_comment"]) == \
        ("QC", 1, "", "!", "the Big Tree first")
    assert all(c["player_mark"] == "" and c["player_comment"] is None for c in board["cards"][1:])
    assert board["player_comments"] == {"Turn": "only one spade in hand"}
    section = sections(render_html(own))[0]
    assert played(section)[0] == ("E", "QC", "") and player_marks(section) == ["!"] + [""] * 19
    cell = section.split('data-card="QC" data-mark=""')[1].split("</td>")[0]
    assert re.search(r'<span class="pmark" title="[^"]*">!</span></span>', cell)
    assert '<span class="mark' not in cell
    assert '<div class="pc" title="the player\'s own commentary, from the file">the Big Tree first</div>' in cell
    assert '<li data-tag="Turn"><b>[Turn]</b> only one spade in hand</li>' in section


def test_the_players_mark_beside_the_annotators_blunder() -> None:
    """compulsory.abn's K♣ is a ?? (it hands the makers a trick that turns
    the deal); the player marks it ! all the same: both marks stand, each in its style."""
    text = (EXAMPLES / "compulsory.abn").read_text(encoding="utf-8")
    text = text.replace("\nAC 9C KC 9D\n", "\nAC 9C KC! {a Tree, surely} 9D\n")
    assert "KC!" in text
    data = report([annotate_board(read_boards(text)[0], decisions=False)])
    kc = next(c for c in data["boards"][0]["cards"] if c["card"] == "KC")
    assert (kc["mark"], kc["player_mark"], kc["player_comment"]) == ("??", "!", "a Tree, surely")
    section = sections(render_html(data))[0]
    cell = section.split('data-card="KC" data-mark="??"')[1].split("</td>")[0]
    assert re.search(r'<span class="pmark" title="[^"]*">!</span><span class="mark blunder" '
                     r'title="the annotator\'s blunder, double dummy">\?\?</span>', cell)
    assert f'({-100 * kc["loss"]:+.1f} pp) best' in cell and "a Tree, surely</div>" in cell


def test_the_players_own_question_mark_is_not_the_annotators(data: dict, page: str) -> None:
    """mid-trick.abn's player marks J♣ ?, with a comment: shown in the
    player's style, whatever the annotator makes of the card."""
    board, section = data["boards"][2], sections(page)[2]
    jc = next(i for i, c in enumerate(board["cards"]) if c["card"] == "JC")
    assert board["cards"][jc]["player_mark"] == "?"
    assert player_marks(section)[jc] == "?"
    assert section.count('<span class="pmark"') == 1
    assert "the Little Tree falls under the Big Tree</div>" in section
    assert "<b>[Alone]</b> a lone march" in sections(page)[0]
    css = page.split("</style>")[0]
    player = re.search(r"\.pmark\{[^}]*color:(#[0-9a-f]{6})", css).group(1)
    engine = re.findall(r"\.mark\.(?:inaccuracy|mistake|blunder)\{color:(#[0-9a-f]{6})", css)
    assert len(engine) == 3 and player not in engine


def test_suits_coloured_and_trees_green():
    assert card_html("QC") == '<span class="card tree" data-card="QC">Q♣</span>'
    assert card_html("JC") == '<span class="card tree" data-card="JC">J♣</span>'
    assert card_html("AC") == '<span class="card black" data-card="AC">A♣</span>'
    assert card_html("KS") == '<span class="card black" data-card="KS">K♠</span>'
    assert card_html("TH") == '<span class="card red" data-card="TH">10♥</span>'
    assert card_html("9D") == '<span class="card red" data-card="9D">9♦</span>'
    assert card_html("<x>") == "&lt;x&gt;"


def test_chart_follows_the_double_dummy_value(data: dict, page: str):
    for board, section in zip(data["boards"], sections(page)):
        assert section.count("<svg") == 1
        points = re.search(r'<polyline class="line" points="([^"]+)"', section).group(1).split()
        values = [board["start"]] + [c["after"] for c in board["cards"]]
        assert len(points) == len(values)
        ys = [float(p.split(",")[1]) for p in points]
        # y grows downwards: more tricks, higher on the chart
        assert all((a < b) == (va > vb) for a, b, va, vb in zip(ys, ys[1:], values, values[1:]))
        turned = sum(a != b for a, b in zip(values, values[1:]))
        assert section.count('<circle class="turned"') == turned
        assert ("where the deal turned" in section) == bool(turned)


def test_decision_tables(data: dict, page: str, match_data: dict, match_page: str):
    """For the match objective: the deciding side's P(match) and P(round),
    Δ in percentage points and every option's mark; E[tricks] only when the
    mean tricks were solved (``data``: ``annotate --tricks``; ``match_data``: not)."""
    seen = {"marked": 0}
    for report_data, html_page, tricks in ((data, page, True), (match_data, match_page, False)):
        for board, section in zip(report_data["boards"], sections(html_page)):
            tables = re.findall(r'<div class="decision".*?</table>', section, re.S)
            assert len(tables) == len(board["decisions"]) > 0
            for decision, table in zip(board["decisions"], tables):
                options = decision["rating"]["options"]
                assert table.count("<tr class=") == len(options)
                assert table.count("★ best") == sum(o["best"] for o in options) == 1
                assert table.count("◀ chosen") == 1
                assert ('<tr class="chosen error">' in table or '<tr class="best chosen error">' in table) \
                    == decision["error"] == bool(decision["mark"])
                head = ["option", "P(match)", "P(round)", *(["E[tricks]"] if tricks else []), "P(win)", "P(5)",
                        "P(0)", "points", "net", "Δ ± CI (pp)", "mark", "best", "chosen"]
                assert header_cells(table) == head
                # The figures are the deciding side's (docs/rating.md), makers' or defenders'.
                side = decision["rating"]["side"]
                assert f"figures for the {side}" in table
                rows = re.findall(r"<tr class=[^>]*>(.*?)</tr>", table)
                for option, row in zip(options, rows):
                    cells = dict(zip(head, re.findall(r"<td[^>]*>(.*?)</td>", row)))
                    mine = option["for_decider"]
                    assert cells["option"] == card_html(option["option"])
                    assert cells["P(match)"] == f'{100 * mine["equity"]:.1f}% ± {100 * mine["ci95"]["equity"]:.1f}'
                    assert cells["P(round)"] == f'{100 * mine["p_round"]:.1f}%'
                    assert cells["P(win)"] == f'{100 * mine["p_win"]:.1f}%'
                    assert (mine["tricks"] is not None) == tricks
                    if tricks:
                        assert cells["E[tricks]"] == f'{mine["tricks"]:.2f}'
                    assert cells["Δ ± CI (pp)"] == f'{100 * mine["delta"]:+.1f} ± {100 * mine["delta_ci95"]:.1f}'
                    mark = option["mark"]
                    assert re.sub(r' title="[^"]*"', "", cells["mark"]) == \
                        (f'<span class="mark {MARK_CLASS[mark]}">{mark}</span>' if mark else "")
                    seen["marked"] += bool(mark)
                verdict = table.split("</div>")[0]
                assert "worlds played out, every seat from its own knowledge" in verdict  # realistic by default
                dd = decision["rating"]["double_dummy"]
                after = section.split(table, 1)[1].split('<div class="decision"', 1)[0]
                assert "double dummy (every player sees all cards after the decision): ★ " \
                    + card_html(dd["best"]) in after
                assert ("loses" in verdict) == decision["error"]
                if decision["error"]:
                    assert f'loses {100 * decision["loss"]:.1f}% of the chance to win the match' in verdict
    assert any(d["error"] for r in (data, match_data) for b in r["boards"] for d in b["decisions"])
    assert seen["marked"] > 0
    assert "E[tricks] its mean tricks" in page and "E[tricks]" not in match_page  # the legend too
    # The cells are the decider's figures, not the options' own (the makers'): every decision of
    # these deals is a maker's, so a defender's figures are set by hand.
    mirrored = copy.deepcopy(match_data)
    decision = mirrored["boards"][0]["decisions"][0]
    decision["rating"].update(maker=False, side="defenders")
    option = decision["rating"]["options"][0]
    option["for_decider"].update(equity=0.1234, p_round=0.4321, delta=-0.0567)
    table = re.findall(r'<div class="decision".*?</table>', sections(render_html(mirrored))[0], re.S)[0]
    assert "(defender)" in table and "figures for the defenders" in table
    assert "<td>12.3% ± " in table and "<td>43.2%</td>" in table and "<td>-5.7 ± " in table


def test_errors_listed(page: str):
    assert '<section id="errors">' in page
    assert "<li>examples/errors.abn:69: N held &quot;QC&quot; &amp; &lt;b&gt;twice&lt;/b&gt;</li>" in page
    assert '<section id="errors">' not in render_html({"boards": [], "errors": []})


def test_text_from_the_report_is_escaped(data: dict, page: str):
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script" not in foreign(page) and "<b>twice" not in page
    hostile = copy.deepcopy(data)
    board = hostile["boards"][1]
    board["tags"] = {'"><img src=x onerror=alert(1)>': EVIL, "North": EVIL}
    board["abn"]["notes"] = [EVIL]
    board["skipped"] = [EVIL]
    board["player_comments"] = {EVIL: EVIL}
    board["cards"][0].update(player_mark=EVIL, player_comment=EVIL)
    board["decisions"][0]["chosen"] = EVIL
    hostile["players"] = {EVIL: hostile["total"]}
    hostile["matches"] = {EVIL: hostile["total"]}
    evil = render_html(hostile, title=EVIL)
    assert "<script" not in foreign(evil) and "<img" not in evil
    assert evil.count("&lt;script&gt;") >= 8


def test_hostile_names_in_the_match_parts_are_escaped(match_data: dict):
    """A player, a match, a board number and a score from a file, hostile, in
    the players table, the graph (its heading, tooltips and labels) and the score line."""
    hostile = copy.deepcopy(match_data)
    (name, match), = hostile["matches"].items()
    hostile["matches"] = {EVIL: match}
    hostile["players"] = {EVIL: hostile["players"]["heuristic"], '"><img src=x>': hostile["total"]}
    match["graph"][0].update(board=EVIL, score=EVIL)
    board = hostile["boards"][0]
    board["board"] = EVIL
    board["tags"].update(Match=EVIL, North=EVIL)
    board["score"].update(describe=EVIL, source=EVIL)
    board["score"]["state"]["text"] = EVIL
    board["decisions"][0]["rating"]["state"]["text"] = EVIL
    page = render_html(hostile)
    assert "<script" not in foreign(page) and "<img" not in page
    assert "<td class=l>&lt;script&gt;alert(1)&lt;/script&gt;</td>" in table_after(page, "Players")
    assert "<td class=l>&quot;&gt;&lt;img src=x&gt;</td>" in table_after(page, "Players")
    figure = page.split('<figure class="match-graph" data-match="&lt;script&gt;alert(1)&lt;/script&gt;">')[1]
    figure = figure.split("</figure>")[0]
    assert "<h3>&lt;script&gt;alert(1)&lt;/script&gt;: N-S" in figure
    assert graph_dots(figure)[0][3].startswith("board &lt;script&gt;alert(1)&lt;/script&gt;, score &lt;script&gt;")
    assert ">&lt;script&gt;alert(1)&lt;/script&gt;</text>" in figure
    assert 'data-source="&lt;script&gt;alert(1)&lt;/script&gt;">Score before the deal: &lt;script&gt;' in page


def test_no_network_resources(page: str):
    for bad in ("http://", "https://", "//", "src=", "url(", "@import", "<link", "<script", "<iframe"):
        assert bad not in foreign(page), bad
    # The page's own script reaches nothing outside the page either.
    for bad in ("http", "//", "fetch", "XMLHttpRequest", "WebSocket", "import", "src", "sendBeacon", "eval(",
                "localStorage", "cookie"):
        assert bad not in VIEWER_JS, bad
    assert set(re.findall(r'href="([^"]*)"', page)) == {f"#board-{i}" for i in range(1, 5)}


def test_no_network_resources_in_the_match_page(match_page: str):
    for bad in ("http://", "https://", "//", "src=", "url(", "@import", "<link", "<script", "<iframe", "xlink"):
        assert bad not in foreign(match_page), bad
    anchors = set(re.findall(r'<section class="board" id="([^"]+)">', match_page))
    assert {h[1:] for h in re.findall(r'href="([^"]*)"', match_page)} == anchors == {f"board-{i}" for i in range(1, 11)}


def test_sparse_reports_render():
    assert "<h2>" not in render_html({})
    board = {"board": "x", "cards": [], "decisions": [], "skipped": ["card play: no play recorded"],
             "abn": {"hands": {"N": ["QC", "bogus"]},
                     "play": {"tricks": [[{"card": "AH", "mark": "?", "comment": "<i>why</i>"}]]}}}
    page = render_html({"boards": [board]})
    assert "Play (not rated)" in page and "card play: no play recorded" in page and "bogus" in page
    # Unrated, every mark and comment on the board is the player's.
    assert '<span class="pmark" title="the player\'s own mark, from the file">?</span>' in page
    assert "&lt;i&gt;why&lt;/i&gt;</div>" in page and "trump —" in page
    assert "<svg" not in page and "Score before the deal" not in page
    # A score with none of its figures, a match without a graph, summaries of another version.
    board["score"] = {"describe": EVIL}
    sparse = render_html({"boards": [board], "matches": {"m": {"boards": 1, "graph": None, "new_count": 3}},
                          "players": {"p": {"cards": 1, "lost": None, "later": {"x": 1}}}})
    assert "Score before the deal: &lt;script&gt;alert(1)&lt;/script&gt;.</p>" in sparse
    assert "match-graph" not in sparse and "<th class=l>match</th>" in sparse and "<th>new_count</th>" in sparse
    assert "later" not in sparse and "<script" not in foreign(sparse)


# -- in a real browser --------------------------------------------------------------------

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser() -> str:
    """The Chromium binary. ``ALTBAUMER_NO_BROWSER=1`` skips the browser
    tests; so does a machine without a browser, with the reason, so that the
    README's test command passes on a fresh machine. Under CI (``CI`` set) a
    missing browser fails instead: ``.ci/run`` installs one, so none means the
    page was never rendered."""
    if os.environ.get("ALTBAUMER_NO_BROWSER") == "1":
        pytest.skip("ALTBAUMER_NO_BROWSER=1: the page is not rendered in a browser")
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    missing = (f"no browser found (tried {', '.join(BROWSERS)}): install Debian's chromium "
               "(apt-get install chromium) to render the page")
    if os.environ.get("CI", "").lower() not in ("", "0", "false"):
        pytest.fail(f"{missing}; under CI the browser tests must run")
    pytest.skip(missing)


@pytest.mark.parametrize("env, on_path, outcome", [
    ({}, "/usr/bin/chromium", "/usr/bin/chromium"),
    ({"CI": "true"}, "/usr/bin/chromium", "/usr/bin/chromium"),
    ({}, None, pytest.skip.Exception),
    ({"CI": "0"}, None, pytest.skip.Exception),
    ({"CI": "true"}, None, pytest.fail.Exception),
    ({"ALTBAUMER_NO_BROWSER": "1"}, "/usr/bin/chromium", pytest.skip.Exception),
    ({"ALTBAUMER_NO_BROWSER": "1", "CI": "true"}, None, pytest.skip.Exception),
], ids=["found", "found-ci", "missing", "missing-ci-0", "missing-ci", "opted-out", "opted-out-ci"])
def test_browser_detection(env: dict[str, str], on_path: Optional[str], outcome: Union[str, type[BaseException]],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CI", "ALTBAUMER_NO_BROWSER"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(shutil, "which", lambda name: on_path)
    if isinstance(outcome, str):
        assert browser() == outcome
        return
    with pytest.raises(outcome) as raised:
        browser()
    assert ("ALTBAUMER_NO_BROWSER" if "ALTBAUMER_NO_BROWSER" in env else "apt-get install chromium") \
        in str(raised.value)


def run_browser(binary: str, html_file: Path, *args: str) -> subprocess.CompletedProcess:
    command = [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
               f"--user-data-dir={html_file.parent / 'profile'}", "--enable-logging=stderr", "--v=0",
               *args, html_file.as_uri()]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def console_messages(stderr: str) -> list[str]:
    """What the page wrote to the JavaScript console, uncaught errors included.
    With ``--enable-logging=stderr`` Chromium logs every console message as a
    ``...:CONSOLE:<line>] "<message>", source: <url>`` line; the rest of stderr
    is browser noise (D-Bus, GPU, sandbox warnings) that says nothing about the page."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit non-interlaced PNG, decoded with
    zlib and struct only (each row: the pixels' channel bytes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        header, pos = body if kind == b"IHDR" else header, pos + 12 + length
        if kind == b"IDAT":
            idat.append(body)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and interlace == 0 and colour in (0, 2, 4, 6)
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    assert len(raw) == height * (stride + 1)
    rows, prior = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        prior = _unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), prior, bpp)
        rows.append(bytes(prior) if bpp == 3 else bytes(b for i, b in enumerate(prior) if i % bpp < 3))
    return width, height, rows


def _unfilter(kind: int, line: bytearray, prior: bytearray, bpp: int) -> bytearray:
    if kind == 1:
        for i in range(bpp, len(line)):
            line[i] = (line[i] + line[i - bpp]) & 255
    elif kind == 2:
        line = bytearray((a + b) & 255 for a, b in zip(line, prior))
    elif kind in (3, 4):
        for i in range(len(line)):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            if kind == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
                continue
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return line


def test_png_decoder_on_a_known_image():
    """The decoder itself: a 2×2 RGB image, one row Sub-filtered, one Paeth."""
    rows = b"\x01" + bytes([10, 20, 30, 5, 5, 5]) + b"\x04" + bytes([1, 1, 1, 0, 0, 0])
    ihdr = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + b"\0\0\0\0"  # the CRC is not checked

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    assert png_pixels(png) == (2, 2, [bytes([10, 20, 30, 15, 25, 35]), bytes([11, 21, 31, 15, 25, 35])])


def test_chromium_renders_the_page(page: str, tmp_path: Path):
    """Chromium loads the page from a file:// URL twice: ``--dump-dom`` prints
    the DOM after loading (so we can see it parsed every board, chart and
    table, and that its script drew the analysis boards) and ``--screenshot``
    paints it. Any console message would be a real problem (an uncaught
    error, a blocked resource); none may appear."""
    binary = browser()
    html_file = tmp_path / "report.html"
    html_file.write_text(page, encoding="utf-8")

    dom = run_browser(binary, html_file, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert dom.stdout.count('<section class="board"') == 4
    # a double-dummy chart per board, and a graph per match (here a file each, of one deal); the
    # script copies each board's chart beside its analysis board and shows a decision at its step
    assert page.count("<svg") == 8 and dom.stdout.count("<svg") == 8 + 4
    assert dom.stdout.count("<polyline") == 12 and dom.stdout.count('<figure class="match-graph"') == 4
    assert dom.stdout.count('<div class="decision"') > page.count('<div class="decision"') > 0
    assert dom.stdout.count('<div class="viewer"') == 4 and "hidden" not in dom.stdout.split('class="viewer"')[1][:80]
    assert console_messages(dom.stderr) == []

    png = tmp_path / "report.png"
    shot = run_browser(binary, html_file, f"--screenshot={png}", "--window-size=1200,3000")
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert console_messages(shot.stderr) == []
    assert png.exists() and png.stat().st_size > 1000
    width, height, pixels = colours(png)
    assert (width, height) == (1200, 3000)
    assert len(pixels) > 20, "the screenshot is blank"
    assert any(r > 150 and g < 90 and b < 90 for r, g, b in pixels), "no red suit symbols painted"
    assert any(r < 80 and g < 80 and b < 80 for r, g, b in pixels), "no dark text painted"


def test_chromium_renders_the_match_graph(match_page: str, tmp_path: Path):
    """In the browser's DOM the match graph keeps its ten linked dots inside
    the SVG, and the page loads without a console message."""
    binary = browser()
    html_file = tmp_path / "match.html"
    html_file.write_text(match_page, encoding="utf-8")
    dom = run_browser(binary, html_file, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    graph = dom.stdout.split('<figure class="match-graph"')[1].split("</figure>")[0]
    svg = graph.split("<svg")[1].split("</svg>")[0]
    assert len(re.findall(r'<a href="#board-\d+"><circle class="deal"', svg)) == 10
    assert console_messages(dom.stderr) == []


def colours(png: Path) -> tuple[int, int, set[tuple[int, ...]]]:
    """Width, height and the colours of every 4th pixel of every 4th row."""
    width, height, rows = png_pixels(png.read_bytes())
    return width, height, {tuple(row[i:i + 3]) for row in rows[::4] for i in range(0, len(row), 12)}


def test_the_browser_checks_can_fail(tmp_path: Path):
    """The checks above are not vacuous: a blank page whose script throws is
    caught both by the console check and by the blank-screenshot check."""
    binary = browser()
    html_file = tmp_path / "bad.html"
    html_file.write_text('<!DOCTYPE html><html><body style="background:#fff">'
                         '<script>throw new Error("broken page")</script></body></html>', encoding="utf-8")
    png = tmp_path / "bad.png"
    shot = run_browser(binary, html_file, f"--screenshot={png}", "--window-size=400,300")
    assert shot.returncode == 0
    assert any("Uncaught Error: broken page" in line for line in console_messages(shot.stderr))
    assert colours(png)[2] == {(255, 255, 255)}


def widths(dom: str) -> tuple[int, int]:
    """scrollWidth and innerWidth, as the probe script wrote them into the page's title."""
    found = re.search(r"<title>scrollWidth (\d+) innerWidth (\d+)</title>", dom)
    assert found, "the probe script did not run"
    return int(found[1]), int(found[2])


PROBE = ('<script>addEventListener("load", () => {document.title = "scrollWidth " + '
         'document.documentElement.scrollWidth + " innerWidth " + innerWidth})</script>')


@pytest.mark.parametrize("width", [390, 1280])
def test_no_sideways_scroll_of_the_page(match_page: str, tmp_path: Path, width: int):
    """The shipped match page at a phone's width (390 px) and a desktop's: the
    page is never wider than the window (wide tables scroll in their own box).
    The probe script goes into a copy in tmp_path; the page itself has none.
    Headless Chromium keeps its window at least 500 px wide, so the 390 px
    check also renders the copy in a 390 px iframe, whose viewport it is."""
    shipped = (EXAMPLES / "match.html").read_text(encoding="utf-8")
    assert "<script" not in foreign(shipped) and "<script" not in foreign(match_page)
    binary = browser()
    html_file = tmp_path / "probe.html"
    html_file.write_text(shipped.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom = run_browser(binary, html_file, f"--window-size={width},3000", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    scroll, inner = widths(dom.stdout)
    assert inner >= width * 0.9 and scroll <= inner, (scroll, inner)
    if width < 500:
        frame = tmp_path / "frame.html"
        frame.write_text(f'<!DOCTYPE html><html><head><title>none</title></head><body style="margin:0">'
                         f'<iframe id="f" width="{width}" height="3000" style="border:0" '
                         f'srcdoc="{html.escape(html_file.read_text(encoding="utf-8"), quote=True)}"></iframe>'
                         '<script>addEventListener("load", () => {document.title = '
                         'document.getElementById("f").contentDocument.title})</script></body></html>',
                         encoding="utf-8")
        dom = run_browser(binary, frame, "--window-size=500,3000", "--dump-dom")
        assert dom.returncode == 0, dom.stderr[-2000:]
        scroll, inner = widths(dom.stdout)
        assert inner == width and scroll <= inner, (scroll, inner)


def test_the_page_prints(match_page: str, tmp_path: Path):
    """The browser prints the page to a PDF (the print stylesheet applied)."""
    binary = browser()
    html_file = tmp_path / "match.html"
    html_file.write_text(match_page, encoding="utf-8")
    pdf = tmp_path / "match.pdf"
    printed = run_browser(binary, html_file, f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    assert printed.returncode == 0, printed.stderr[-2000:]
    assert pdf.exists() and pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 10_000
