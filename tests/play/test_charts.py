"""Strategy charts: the hand classes are exact, and a slice of the chart
equals ``altbaumer rate`` run hand by hand on the same cards and seeds."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from altbaumer.cli import main
from altbaumer.game.cards import FULL_PACK, Card, CardSet, Suit
from altbaumer.play.charts import ChartSpec, chart_rows, hand_classes, hand_features, interchangeable_suits

SAMPLES = 60
SUIT_LETTERS = "CSHD"


def _permute(hand: CardSet, order: dict[Suit, Suit]) -> CardSet:
    return CardSet([Card(order.get(c.suit, c.suit), c.rank) for c in hand])


@pytest.mark.parametrize("turned, seen, alike", [("9H", "9C", 2), ("QC", "AS", 2), ("9C", "KC", 3), ("AD", "TS", 1)])
def test_classes_cover_every_hand_once(turned: str, seen: str, alike: int):
    """Every five of the 22 other cards falls in exactly one class, whose
    hand is the least of its suit swaps, with its count of hands."""
    up, down = Card.parse(turned), Card.parse(seen)
    suits = interchangeable_suits(up, down)
    assert len(suits) == alike
    classes = hand_classes(up, down)
    assert sum(n for _, n in classes) == math.comb(22, 5)
    orders = [dict(zip(suits, p)) for p in itertools.permutations(suits)]
    if alike == 3:
        return  # 26,334 hands times six swaps: the smaller cases check the rule
    found = {}
    for hand, count in classes:
        assert up not in hand and down not in hand and len(hand) == 5
        orbit = {_permute(hand, o).mask for o in orders}
        assert hand.mask == min(orbit) and count == len(orbit)
        found.update(dict.fromkeys(orbit, hand.mask))
    free = [c for c in FULL_PACK if c is not up and c is not down]
    assert len(found) == math.comb(22, 5) and all(CardSet(h).mask in found for h in itertools.combinations(free, 5))


def test_features():
    hand = CardSet([Card.parse(c) for c in ("QC", "JC", "AH", "AS", "9S")])
    assert hand_features(hand, Card.parse("9H")) == {"trumps": 3, "trees": 2, "aces": 1, "voids": 2}  # no plain club, no diamond


def _abn(hand: CardSet, turned: str, seen: str, extra: str = "") -> str:
    """Forehand E's view as a deal file (docs/format.md): its hand, the turned card and the card seen at the cut."""
    suits = ".".join("".join(c.rank.letter for c in sorted(hand, key=lambda c: -int(c.rank)) if c.suit is s)
                     for s in Suit)
    return (f'[Event "chart check"]\n[Board "1"]\n[Dealer "S"]\n[Deal "E:{suits} - - -"]\n'
            f'[Stock "{turned} - - {seen}"]\n{extra}')


def _rated(tmp_path: Path, text: str, seed: int) -> dict:
    path = tmp_path / "view.abn"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["rate", str(path), "--samples", str(SAMPLES), "--seed", str(seed), "--json",
                                       "--play", "dd"])
    assert result.exit_code == 0, result.output
    board = json.loads(result.output)["boards"][0]
    return {o["option"]: o["equity"] for o in board["options"]} | {"best": board["best"]}


def close(figure: float) -> object:
    """The chart keeps four places of each chance."""
    return pytest.approx(figure, abs=5e-5)


def test_a_slice_equals_rate_hand_by_hand(tmp_path: Path):
    """Three classes of the 9♥ chart: each of its three decisions, rated by
    ``altbaumer rate`` from the same view with the class's seed, gives the
    chart's figures and choice."""
    spec = ChartSpec(Card.parse("9H"), Card.parse("9C"), samples=SAMPLES, seed=3)
    rows = chart_rows(spec, first=4000, limit=3)
    assert [r["class"] for r in rows] == [4000, 4001, 4002]
    for row in rows:
        seed = 3 * 1_000_003 + row["class"]
        hand = CardSet([Card.parse(c) for c in row["hand"].split()])
        turn = _rated(tmp_path, _abn(hand, "9H", "9C"), seed)
        assert turn["best"] == row["turn_best"]
        assert turn["accept"] == close(row["accept_p"]) and turn["refuse"] == close(row["refuse_p"])
        discard = _rated(tmp_path, _abn(hand, "9H", "9C", '[Turn "accept"]\n'), seed)
        assert discard["best"] == row["discard_best"] and discard[row["discard_best"]] == close(row["discard_p"])
        alone = _rated(tmp_path, _abn(hand, "9H", "9C", f'[Turn "accept"]\n[Discard "{row["discard_best"]}"]\n'), seed)
        assert alone["best"] == row["alone_best"] and alone["alone"] == close(row["alone_p"])
        assert alone["together"] == close(row["together_p"])


def test_the_command_writes_the_chart(tmp_path: Path):
    folder = tmp_path / "chart"
    args = ["charts", "--turned", "QC", "--seen", "AS", "--samples", str(SAMPLES), "--first", "500", "--limit", "4",
            "-o", str(folder), "--processes", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "4 of 13,728 hand classes rated" in " ".join(result.output.split())
    document = json.loads((folder / "chart.json").read_text())
    assert document["rated"] == 4 and document["complete"] and document["spec"]["turned"] == "QC"
    table = list(csv.DictReader(io.StringIO((folder / "chart.csv").read_text())))
    assert [int(r["class"]) for r in table] == [500, 501, 502, 503]
    assert [r["hand"] for r in table] == [r["hand"] for r in document["rows"]]
    page = (folder / "chart.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "Accept the turned card?" in page
    again = CliRunner().invoke(main, args + ["--json"])
    assert again.exit_code == 0 and json.loads(again.output)["summary"] == document["summary"]


@pytest.mark.parametrize("args, said", [
    (["--turned", "XX"], "malformed card"),
    (["--turned", "9H", "--seen", "9H"], "must differ"),
    (["--first", "99999"], "there are 13,728 classes"),
    (["--score", "7:0"], "--score"),
    (["--limit", "0"], "--limit"),
])
def test_bad_chart_options(tmp_path: Path, args: list[str], said: str):
    result = CliRunner().invoke(main, ["charts", *args, "-o", str(tmp_path / "c")])
    assert result.exit_code == 2 and said in result.output, result.output
    assert not (tmp_path / "c").exists()


def test_the_output_must_be_a_folder(tmp_path: Path):
    taken = tmp_path / "file.txt"
    taken.write_text("mine")
    result = CliRunner().invoke(main, ["charts", "--limit", "1", "-o", str(taken)])
    assert result.exit_code == 2 and taken.read_text() == "mine"


def test_the_partners_chart_equals_rating_each_hand():
    """The partner's lone choice, forehand having accepted, discarded unseen
    and passed: rated from the partner's view with the class's seed, as the chart says."""
    from altbaumer.game.actions import Accept, DeclareAlone, Discard
    from altbaumer.game.deal import Deal
    from altbaumer.game.seats import Seat
    from altbaumer.hidden.rating import rate_view

    spec = ChartSpec(Card.parse("9H"), Card.parse("9C"), samples=SAMPLES, seed=1, who="partner")
    rows = chart_rows(spec, first=9000, limit=2)
    for row in rows:
        hand = CardSet([Card.parse(c) for c in row["hand"].split()])
        partner = Seat.S.next().partner
        deal = Deal.from_hands(Seat.S, {s: hand if s is partner else None for s in Seat},
                               [spec.turned, None, None, spec.seen], cut_seen=CardSet([spec.seen]))
        for action in (Accept(), Discard((None,)), DeclareAlone(False)):
            deal.apply(action)
        rating = rate_view(deal.view(partner), samples=SAMPLES, seed=1_000_003 + row["class"], threads=1)
        assert rating.best.option == row["alone_best"]
        assert rating.for_decider("alone").equity == close(row["alone_p"])
        assert rating.for_decider("together").equity == close(row["together_p"])
        assert "turn_best" not in row


def test_the_partners_chart_from_the_command(tmp_path: Path):
    result = CliRunner().invoke(main, ["charts", "--for", "partner", "--samples", "30", "--limit", "3", "--first",
                                       "9000", "-o", str(tmp_path / "p")])
    assert result.exit_code == 0, result.output
    header = (tmp_path / "p" / "chart.csv").read_text().splitlines()[0]
    assert "turn_best" not in header and "alone_best" in header
    page = (tmp_path / "p" / "chart.html").read_text()
    assert "Go alone?" in page and "Accept the turned card?" not in page


@pytest.mark.parametrize("turned, seen", [("9H", "9S"), ("9C", "KC"), ("QC", "AS"), ("9H", "TH")])
def test_the_count_without_listing(turned: str, seen: str):
    from altbaumer.play.charts import class_count, every_class_count
    assert class_count(Card.parse(turned), Card.parse(seen)) == len(hand_classes(Card.parse(turned), Card.parse(seen)))
    # 30 pairs of clubs (4,962 classes), 306 with two alike suits (13,728), 216 with none (26,334)
    assert every_class_count() == 30 * 4962 + 306 * 13728 + 216 * 26334


SHIPPED = Path(__file__).parents[2] / "examples" / "charts-9H-9C"


def test_the_shipped_chart_is_whole_and_reproducible():
    """examples/charts-9H-9C: every class of 9♥ turned and 9♣ seen, each
    hand counted once, the summary that of its rows, and two classes rated
    again here with their seeds give the shipped figures."""
    from altbaumer.report.strategy import chart_summary

    document = json.loads((SHIPPED / "chart.json").read_text())
    rows = list(csv.DictReader(io.StringIO((SHIPPED / "chart.csv").read_text())))
    assert document["complete"] and document["rated"] == document["classes"] == len(rows) == 13728
    assert sum(int(r["count"]) for r in rows) == math.comb(22, 5)
    assert [r["hand"] for r in rows] == [r["hand"] for r in document["rows"]]
    assert chart_summary(document["rows"]) == document["summary"]
    spec = ChartSpec(Card.parse("9H"), Card.parse("9C"), samples=document["spec"]["samples"],
                     seed=document["spec"]["seed"])
    for index in (17, 9876):
        again = chart_rows(spec, first=index, limit=1)[0]
        shipped = document["rows"][index]
        assert again == shipped
    page = (SHIPPED / "chart.html").read_text()
    assert all(rule in page for rule in document["summary"]["rules"])


def test_ctrl_c_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Interrupted after the first range, the command shows what it rated, writes no file and exits 130;
    the resume file keeps the range, and the next run with it finishes the chart."""
    import altbaumer.play.charts as charts

    real = charts._rate_range
    calls = []

    def stopping(*args):  # the second range is Ctrl-C
        calls.append(args)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(charts, "_rate_range", stopping)
    folder, resume = tmp_path / "c", tmp_path / "c.resume"
    args = ["charts", "--samples", "20", "--limit", "16", "-o", str(folder), "--processes", "1",
            "--resume", str(resume)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130 and "nothing written" in result.output and not folder.exists()
    monkeypatch.setattr(charts, "_rate_range", real)
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0 and json.loads((folder / "chart.json").read_text())["rated"] == 16
