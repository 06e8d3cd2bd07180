"""``altbaumer solve``: the double-dummy analysis of a seeded deal's first lead,
and the library function behind it (:func:`altbaumer.game.opening.opening_position`)."""

from __future__ import annotations

import json
import re

import pytest

from altbaumer.dd import solver as search
from altbaumer.game.cards import Card, Suit
from altbaumer.game.deal import Deal
from altbaumer.errors import AltbaumerError
from altbaumer.game.opening import line_tricks, opening_position
from altbaumer.game.seats import SEATS, Seat


def solve_json(run, *args: str) -> dict:
    result = run("solve", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)



@pytest.mark.parametrize("seed", [1, 7, 11, 2024])
def test_json_has_the_fields_and_agrees_with_the_library(run, seed):
    data = solve_json(run, "--seed", str(seed))
    for key in ("seed", "dealer", "hands", "trump", "leader", "lone", "makers", "makers_tricks", "moves", "pv",
                "nodes", "best_cards", "tricks"):
        assert key in data
    deal = Deal.from_seed(seed)
    assert data["seed"] == seed and data["dealer"] == str(deal.dealer)
    assert data["hands"] == {str(s): [c.ascii() for c in deal.dealt[s]] for s in SEATS}  # as dealt
    assert data["trump"] == deal.stock[0].suit.letter and data["leader"] == str(deal.forehand)
    assert data["makers"] == str(deal.makers) and data["lone"] is None
    solution = search.solve(opening_position(deal))
    assert data["makers_tricks"] == solution.makers_tricks
    assert max(data["moves"].values()) == data["makers_tricks"]  # forehand, a maker, leads
    assert sorted(data["moves"]) == sorted(data["hands"][data["leader"]])  # every card may lead
    assert set(data["best_cards"]) == {c for c, v in data["moves"].items() if v == data["makers_tricks"]}
    assert len(data["pv"]) == 20 and data["pv"][0] in data["best_cards"]
    assert all(re.fullmatch(r"[9TJQKA][CSHD]", c) for c in data["pv"])
    assert sorted(data["pv"]) == sorted(c for hand in data["hands"].values() for c in hand)
    assert len(data["tricks"]) == 5 and data["nodes"] > 0
    makers_won = sum(1 for t in data["tricks"] if Seat.parse(t["winner"]).team.value == ("N-S", "E-W").index(data["makers"]))
    assert makers_won == data["makers_tricks"]  # the line achieves the value


def test_trump_option(run):
    deal = Deal.from_seed(7)
    for suit in Suit:
        data = solve_json(run, "--seed", "7", "--trump", suit.letter.lower())
        assert data["trump"] == suit.letter
        assert data["makers_tricks"] == search.solve(opening_position(deal, trump=suit)).makers_tricks
    assert solve_json(run, "--seed", "7", "--trump", "♥")["trump"] == "H"


def test_lone_forehand(run):
    deal = Deal.from_seed(7)
    data = solve_json(run, "--seed", "7", "--lone", str(deal.forehand))
    absent = deal.forehand.partner
    assert data["lone"] == str(deal.forehand) and data["leader"] == str(deal.forehand)
    assert data["hands"][str(absent)] == [] and len(data["pv"]) == 15
    assert max(data["moves"].values()) == data["makers_tricks"]
    pos = opening_position(deal, lone=deal.forehand)
    assert data["makers_tricks"] == search.solve(pos).makers_tricks


def test_lone_partner_sets_forehand_aside_and_the_next_seat_leads(run):
    deal = Deal.from_seed(11)
    partner = deal.forehand.partner
    data = solve_json(run, "--seed", "11", "--lone", str(partner).lower())
    assert data["lone"] == str(partner) and data["hands"][str(deal.forehand)] == []
    assert data["leader"] == str(deal.forehand.next())  # a defender leads
    assert min(data["moves"].values()) == data["makers_tricks"]  # the defender picks the smallest
    assert len(data["pv"]) == 15 and len(data["tricks"]) == 5
    assert all(len(t["cards"]) == 3 for t in data["tricks"])


def test_lone_defender_is_one_line_and_exit_2(run):
    deal = Deal.from_seed(7)
    defender = deal.forehand.next()
    result = run("solve", "--seed", "7", "--lone", str(defender))
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("altbaumer: error:") and "defender" in lines[0]
    assert "Traceback" not in result.output
    with pytest.raises(AltbaumerError):
        opening_position(deal, lone=defender)


@pytest.mark.parametrize("args", [["--trump", "X"], ["--lone", "Q"], ["--seed", "x"], ["--dealer", "Z"]])
def test_bad_options_exit_2_without_traceback(run, args):
    result = run("solve", "--seed", "3", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_diagram_shows_every_seat_the_values_and_the_line(run):
    result = run("solve", "--seed", "11")
    assert result.exit_code == 0
    out = result.stdout
    for seat in SEATS:
        assert re.search(rf"─ {seat}\b", out), f"no panel for {seat}"
    for text in ("trump", "makers", "Opening cards", "★ best", "Optimal line", "search nodes"):
        assert text in out
    data = solve_json(run, "--seed", "11")
    assert f"take {data['makers_tricks']}" in out


def test_diagram_ascii_and_lone(run):
    deal = Deal.from_seed(7)
    result = run("solve", "--seed", "7", "--lone", str(deal.forehand), "--ascii")
    assert result.exit_code == 0
    out = result.stdout
    assert "(out of play)" in out and "alone" in out
    assert out.isascii()  # --ascii draws the panels in ASCII too
    for seat in SEATS:
        assert re.search(rf"- {seat}\b", out)


def test_line_tricks_follow_the_principal_variation():
    pos = opening_position(Deal.from_seed(5))
    solution = search.solve(pos)
    tricks = line_tricks(pos, solution.pv)
    assert len(tricks) == 5 and tricks[0].leader is pos.leader
    assert [c for t in tricks for c in t.cards] == list(solution.pv)
    for before, after in zip(tricks, tricks[1:]):
        assert after.leader is before.winner
    assert all(isinstance(c, Card) for t in tricks for c in t.cards)
