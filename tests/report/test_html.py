"""The HTML report of annotated games (altbaumer.report.html): the page's
structure without a browser, then the page rendered by a real headless Chromium."""

from __future__ import annotations

import copy
import doctest
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
from altbaumer.report.annotate import annotate_board, report
from altbaumer.report.html import card_html, render_html

EXAMPLES = Path(__file__).parents[2] / "examples"
# lone: three-card tricks and a seat that sits out; mid-trick: an unfinished play;
# compulsory: a ?? blunder and a decision error; refusal: a plain deal.
FILES = ("lone.abn", "compulsory.abn", "mid-trick.abn", "refusal.abn")
EVIL = "<script>alert(1)</script>"
ERROR = 'examples/errors.abn:69: N held "QC" & <b>twice</b>'


@pytest.fixture(scope="module")
def data() -> dict:
    """A real report: every card and decision rated (few samples, for speed),
    with a hostile tag value and one board that could not be annotated."""
    boards = [b for name in FILES for b in load_boards(EXAMPLES / name)]
    notes = [annotate_board(b, decisions=True, single_dummy=True, samples=100) for b in boards]
    result = report(notes, [ERROR])
    result["boards"][0]["tags"]["Event"] = EVIL
    return result


@pytest.fixture(scope="module")
def page(data: dict) -> str:
    return render_html(data)


def sections(page: str) -> list[str]:
    return re.findall(r'<section class="board" id="board-\d+">.*?</section>', page, re.S)


def played(section: str) -> list[tuple[str, str, str]]:
    """(seat, card, mark) of every card in a board's play table, in page order."""
    return re.findall(r'<span class="played" data-seat="(\w)" data-card="(\w\w)" data-mark="([^"]*)"', section)


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
    assert "<title>altbaumer annotation</title>" in page


def test_header_has_totals_matches_and_players(data: dict, page: str):
    header = page.split("</header>")[0]
    for heading in ("Totals", "Matches", "Players", "Boards"):
        assert f"<h2>{heading}</h2>" in header
    for name in list(data["matches"]) + list(data["players"]):
        assert f"<td class=l>{name}</td>" in header
    assert f'<td>{data["total"]["cards"]}</td>' in header


def test_every_board_and_every_card_in_order(data: dict, page: str):
    found = sections(page)
    assert len(found) == len(data["boards"]) == 4
    for board, section in zip(data["boards"], found):
        assert f"Board {board['board']}" in section
        expected = [(c["seat"], c["card"], c["mark"]) for c in board["cards"]]
        assert played(section) == expected
        assert len(expected) == {"lone": 15, "mid-trick": 10}.get(board["board"], 20)


def test_marks_are_styled(data: dict, page: str):
    marks = [c["mark"] for b in data["boards"] for c in b["cards"]]
    assert "?" in marks and "??" in marks
    boards = "".join(sections(page))
    assert len(re.findall(r'<span class="mark q1" title="[^"]*">\?</span>', boards)) == marks.count("?")
    assert len(re.findall(r'<span class="mark q2" title="[^"]*">\?\?</span>', boards)) == marks.count("??")
    assert re.search(r"\.mark\.q1\{color:#[0-9a-f]{6}\}", page) and re.search(r"\.mark\.q2\{color:#", page)


def test_double_dummy_commentary(data: dict, page: str):
    board, section = data["boards"][1], sections(page)[1]
    for card in board["cards"]:
        if card["mark"]:
            best = " ".join(card_html(c) for c in card["best"])
            assert f'dd {card["before"]}&gt;{card["after"]} best {best}' in section


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
    it loses a trick double dummy, and the commentary on the turn."""
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
    assert (first["card"], first["mark"], first["player_mark"], first["player_comment"]) == \
        ("QC", "?", "!", "the Big Tree first")
    assert all(c["player_mark"] == "" and c["player_comment"] is None for c in board["cards"][1:])
    assert board["player_comments"] == {"Turn": "only one spade in hand"}
    section = sections(render_html(own))[0]
    assert played(section)[0] == ("E", "QC", "?") and player_marks(section) == ["!"] + [""] * 19
    cell = section.split('data-card="QC" data-mark="?"')[1].split("</td>")[0]
    assert re.search(r'<span class="pmark" title="[^"]*">!</span><span class="mark q1" title="[^"]*">\?</span>', cell)
    assert '<div class="pc" title="the player\'s own commentary, from the file">the Big Tree first</div>' in cell
    assert '<li data-tag="Turn"><b>[Turn]</b> only one spade in hand</li>' in section


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
    engine = re.findall(r"\.mark\.q[12]\{color:(#[0-9a-f]{6})\}", css)
    assert len(engine) == 2 and player not in engine


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


def test_decision_tables(data: dict, page: str):
    for board, section in zip(data["boards"], sections(page)):
        tables = re.findall(r'<div class="decision".*?</table>', section, re.S)
        assert len(tables) == len(board["decisions"]) > 0
        for decision, table in zip(board["decisions"], tables):
            options = decision["rating"]["options"]
            assert table.count("<tr class=") == len(options)
            assert table.count("★ best") == sum(o["best"] for o in options) == 1
            assert table.count("◀ chosen") == 1
            assert ('<tr class="chosen error">' in table or '<tr class="best chosen error">' in table) \
                == decision["error"]
            assert ("error: loses" in table) == decision["error"]
            for head in ("P(win)", "P(5)", "net ± CI", "Δ ± CI"):
                assert f"<th>{head}</th>" in table
            # The figures are the deciding side's (docs/rating.md), makers' or defenders'.
            side = decision["rating"]["side"]
            assert f"figures for the {side}" in table
            best = next(o for o in options if o["best"])
            assert f'{100 * best["for_decider"]["p_win"]:.1f}%' in table
    assert any(d["error"] for b in data["boards"] for d in b["decisions"])


def test_errors_listed(page: str):
    assert '<section id="errors">' in page
    assert "<li>examples/errors.abn:69: N held &quot;QC&quot; &amp; &lt;b&gt;twice&lt;/b&gt;</li>" in page
    assert '<section id="errors">' not in render_html({"boards": [], "errors": []})


def test_text_from_the_report_is_escaped(data: dict, page: str):
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script" not in page and "<b>twice" not in page
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
    assert "<script" not in evil and "<img" not in evil
    assert evil.count("&lt;script&gt;") >= 8


def test_no_network_resources(page: str):
    for bad in ("http://", "https://", "//", "src=", "url(", "@import", "<link", "<script", "<iframe"):
        assert bad not in page, bad
    assert set(re.findall(r'href="([^"]*)"', page)) == {f"#board-{i}" for i in range(1, 5)}


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
    assert "<svg" not in page


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
    table) and ``--screenshot`` paints it. The page has no script, so any
    console message would be a real problem (an uncaught error, a blocked
    resource); none may appear."""
    binary = browser()
    html_file = tmp_path / "report.html"
    html_file.write_text(page, encoding="utf-8")

    dom = run_browser(binary, html_file, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert dom.stdout.count('<section class="board"') == 4
    assert dom.stdout.count("<svg") == 4 and dom.stdout.count("<polyline") == 4
    assert dom.stdout.count('<div class="decision"') == page.count('<div class="decision"') > 0
    assert console_messages(dom.stderr) == []

    png = tmp_path / "report.png"
    shot = run_browser(binary, html_file, f"--screenshot={png}", "--window-size=1200,2000")
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert console_messages(shot.stderr) == []
    assert png.exists() and png.stat().st_size > 1000
    width, height, pixels = colours(png)
    assert (width, height) == (1200, 2000)
    assert len(pixels) > 20, "the screenshot is blank"
    assert any(r > 150 and g < 90 and b < 90 for r, g, b in pixels), "no red suit symbols painted"
    assert any(r < 80 and g < 80 and b < 80 for r, g, b in pixels), "no dark text painted"


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
