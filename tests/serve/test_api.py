"""The analysis server's JSON API through Starlette's test client: the
answers equal the commands' and the solver's, the rating jobs run, report
and cancel, every rule of the guard holds, and bad input gets one line."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from altbaumer.abn import read_boards, replay
from altbaumer.cli import main
from altbaumer.dd.solver import Solver
from altbaumer.game.position import Position
from altbaumer.serve import create_app
from altbaumer.serve.lines import line_state, recorded_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MATCH = EXAMPLES / "match.abn"
TOKEN = "test-token"
AUTH = {"Authorization": f"token {TOKEN}"}


@pytest.fixture()
def client() -> Any:
    with TestClient(create_app(str(MATCH), token=TOKEN), base_url="http://127.0.0.1:8765") as c:
        yield c


def _cli_json(*args: str) -> Any:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _abn() -> str:
    return MATCH.read_text(encoding="utf-8")


def _wait(client: Any, job: str, limit: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = client.get(f"/api/jobs/{job}", headers=AUTH).json()
        if state["state"] != "running":
            return state
        time.sleep(0.05)
    raise AssertionError(f"job {job} still running after {limit} s")


def test_solve_answers_what_the_command_prints(client: Any) -> None:
    for board, after in (("1.2", "2.3"), ("1.10", None), (None, None)):
        args = ["solve", str(MATCH), "--json"] + (["--board", board] if board else []) + \
            (["--after", after] if after else [])
        body = {"abn": _abn(), "name": str(MATCH), **({"board": board} if board else {}),
                **({"after": after} if after else {})}
        answer = client.post("/api/solve", json=body, headers=AUTH)
        assert answer.status_code == 200, answer.text
        assert answer.json() == _cli_json(*args)


def test_a_rating_job_gives_the_board_entry_of_rate(client: Any) -> None:
    options = {"play": "dd", "samples": 400, "seed": 3, "at": "discard", "board": "1.3"}
    started = client.post("/api/rate", json={"abn": _abn(), "name": str(MATCH), **options}, headers=AUTH)
    assert started.status_code == 200, started.text
    done = _wait(client, started.json()["job"])
    assert done["state"] == "done" and done["error"] is None
    assert done["stage"] == "rating" and done["done"] == done["total"] and done["unit"] == "worlds"
    expected = _cli_json("rate", str(MATCH), "--json", "--play", "dd", "--samples", "400", "--seed", "3",
                         "--at", "discard", "--board", "1.3")["boards"][0]
    result = done["result"]
    assert result.pop("seconds") >= 0 and expected.pop("seconds") >= 0
    assert result == expected


def test_a_rating_job_weighs_by_the_cards_and_solves_the_endgame_as_rate_does(client: Any) -> None:
    options = {"play": "dd", "samples": 300, "seed": 2, "at": "4.1", "board": "1.3", "infer_cards": True,
               "endgame": True}
    started = client.post("/api/rate", json={"abn": _abn(), "name": str(MATCH), **options}, headers=AUTH)
    result = _wait(client, started.json()["job"])["result"]
    expected = _cli_json("rate", str(MATCH), "--json", "--play", "dd", "--samples", "300", "--seed", "2",
                         "--at", "4.1", "--board", "1.3", "--infer-cards", "--endgame")["boards"][0]
    assert result.pop("seconds") >= 0 and expected.pop("seconds") >= 0
    assert result == expected and result["play"] == "endgame" and result["weighting"] is not None


def test_a_realistic_rating_reports_its_playouts_and_can_be_cancelled(client: Any) -> None:
    body = {"abn": _abn(), "board": "1.3", "at": "discard", "samples": 2000, "playouts": 4000}
    job = client.post("/api/rate", json=body, headers=AUTH).json()["job"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/jobs/{job}", headers=AUTH).json()["stage"] != "playing out":
        assert time.monotonic() < deadline, "the playouts never started"
        time.sleep(0.05)
    cancelled = client.delete(f"/api/jobs/{job}", headers=AUTH)
    assert cancelled.status_code == 200
    end = _wait(client, job, limit=30)
    assert end["state"] == "cancelled" and end["result"] is None


def test_the_event_stream_follows_a_job_to_its_end(client: Any) -> None:
    body = {"abn": _abn(), "board": "1.3", "at": "discard", "play": "dd", "samples": 300}
    job = client.post("/api/rate", json=body, headers=AUTH).json()["job"]
    with client.stream("GET", f"/api/jobs/{job}/events", headers=AUTH) as stream:
        events = [json.loads(line[6:]) for line in stream.iter_lines() if line.startswith("data: ")]
    assert events[-1]["state"] == "done" and events[-1]["result"]["options"]
    assert [e["version"] for e in events] == sorted(set(e["version"] for e in events))


def test_at_most_two_ratings_run_at_once(client: Any) -> None:
    body = {"abn": _abn(), "board": "1.3", "at": "discard", "samples": 2000, "playouts": 4000}
    jobs = [client.post("/api/rate", json=body, headers=AUTH) for _ in range(3)]
    assert [j.status_code for j in jobs] == [200, 200, 429]
    assert "2 ratings are running" in jobs[2].json()["error"]
    for j in jobs[:2]:
        client.delete(f"/api/jobs/{j.json()['job']}", headers=AUTH)
        assert _wait(client, j.json()["job"], limit=30)["state"] == "cancelled"


def test_position_values_are_the_solvers(client: Any) -> None:
    record = replay(read_boards(_abn())[1])
    line = recorded_line(record)[:9]  # after the first trick's first card of board 1.2
    answer = client.post("/api/position", json={"abn": _abn(), "board": "1.2", "line": line}, headers=AUTH).json()
    state = line_state(record, line)
    with Solver() as solver:
        solution = solver.solve(Position.from_deal(state))
    maker = state.to_act.team is state.makers
    assert answer["to_act"] == str(state.to_act) and answer["line"] == line
    assert {o["action"]: o["value"] for o in answer["options"]} == \
        {c.ascii(): v if maker else 5 - v for c, v in solution.moves.items()}
    assert {o["action"] for o in answer["options"] if o["best"]} == {c.ascii() for c in solution.best_cards}
    assert answer["makers_tricks"] == solution.makers_tricks


def test_a_card_off_the_recorded_line_starts_a_position_of_its_own(client: Any) -> None:
    first = client.post("/api/position", json={"abn": _abn(), "board": "1.2"}, headers=AUTH).json()
    line = first["recorded"][:5]
    at = client.post("/api/position", json={"abn": _abn(), "board": "1.2", "line": line}, headers=AUTH).json()
    other = next(o["action"] for o in at["options"] if o["action"] != first["recorded"][5]) \
        if len(at["options"]) > 1 else None
    if other is None:  # a forced card here: step on to a choice
        line = first["recorded"][:6]
        at = client.post("/api/position", json={"abn": _abn(), "board": "1.2", "line": line}, headers=AUTH).json()
        other = next(o["action"] for o in at["options"] if o["action"] != first["recorded"][6])
    branched = client.post("/api/position", json={"abn": _abn(), "board": "1.2", "line": line + [other]},
                           headers=AUTH).json()
    assert branched["trick"]["cards"][-1] == other and branched["recorded"] == first["recorded"]


def test_an_illegal_line_is_one_line_naming_its_place(client: Any) -> None:
    line = recorded_line(replay(read_boards(_abn())[1]))[:4] + ["QC"]
    answer = client.post("/api/position", json={"abn": _abn(), "board": "1.2", "line": line}, headers=AUTH)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("line action 5 (QC): ")


def test_export_writes_the_variations_and_keeps_the_commentary(client: Any) -> None:
    text = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")
    opened = client.post("/api/open", json={"abn": text}, headers=AUTH).json()
    tree, line = opened["boards"][0]["tree"], opened["boards"][0]["line"]
    first_card = next(i for i, a in enumerate(line) if len(a) == 2)
    at = next(k for k in range(first_card, len(line))  # the first card with a choice beside it
              if len(client.post("/api/position", json={"abn": text, "line": line[:k]}, headers=AUTH)
                     .json()["options"]) > 1)
    options = client.post("/api/position", json={"abn": text, "line": line[:at]}, headers=AUTH).json()["options"]
    other = next(o["action"] for o in options if o["action"] != line[at])
    parent = tree
    for _ in range(at):
        parent = parent["children"][0]
    parent["children"].append({"action": other, "children": []})
    tree["children"].append({"action": "accept" if tree["children"][0]["action"] == "refuse" else "refuse",
                             "children": []})
    exported = client.post("/api/export", json={"abn": text, "tree": tree}, headers=AUTH)
    assert exported.status_code == 200, exported.text
    assert exported.json()["dropped"] == 1
    board = read_boards(exported.json()["abn"])[0]
    replay(board)
    original = read_boards(text)[0]
    card = [c for t in board.tricks for c in t][at - first_card]
    assert [v[0].card.ascii() for v in card.variations] == [other]
    assert [(c.card, c.mark, c.comment) for t in board.tricks for c in t] == \
        [(c.card, c.mark, c.comment) for t in original.tricks for c in t]
    assert board.comments == original.comments
    again = client.post("/api/open", json={"abn": exported.json()["abn"]}, headers=AUTH).json()
    assert again["boards"][0]["tree"] == tree | {"children": tree["children"][:1]}


@pytest.mark.parametrize("headers, query, status", [
    ({}, "", 401),
    ({"Authorization": "token wrong"}, "", 403),
    ({}, "?token=wrong", 403),
    ({}, f"?token={TOKEN}", 200),
    (AUTH, "", 200),
    ({"Authorization": f"Bearer {TOKEN}"}, "", 401),
])
def test_every_request_needs_the_token(client: Any, headers: dict[str, str], query: str, status: int) -> None:
    assert client.get(f"/api/start{query}", headers=headers).status_code == status
    assert client.get(f"/{query}", headers=headers).status_code == status


def test_the_page_is_served_with_the_token_and_loads_nothing_else(client: Any) -> None:
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "http://" not in page.text and "https://" not in page.text


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.evil.example", ""])
def test_a_foreign_host_header_is_refused(client: Any, host: str) -> None:
    answer = client.get("/api/start", headers={**AUTH, "Host": host})
    assert answer.status_code == 403 and "host" in answer.json()["error"]


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:1", "[::1]:8765", "LOCALHOST"])
def test_the_loopback_names_are_the_servers(client: Any, host: str) -> None:
    assert client.get("/api/start", headers={**AUTH, "Host": host}).status_code == 200


def test_a_large_body_is_refused(client: Any) -> None:
    answer = client.post("/api/open", content=b"{" + b" " * (1 << 20) + b"}", headers=AUTH)
    assert answer.status_code == 413
    chunks = (b" " * 65536 for _ in range(20))  # no length announced: counted as it comes
    assert client.post("/api/open", content=chunks, headers=AUTH).status_code == 413


def test_start_gives_the_file_and_nothing_else(client: Any) -> None:
    assert client.get("/api/start", headers=AUTH).json() == {"name": str(MATCH), "abn": _abn()}
    bare = TestClient(create_app(token=TOKEN), base_url="http://127.0.0.1")
    assert bare.get("/api/start", headers=AUTH).json() == {"name": None, "abn": None}


@pytest.mark.parametrize("path, body, message", [
    ("/api/open", {"abn": '[Dealer "X"]\n'}, "<abn>:1: "),
    ("/api/open", {"abn": '[Dealer "S"]\n', "name": "mine.abn"}, None),
    ("/api/open", {}, "abn: the deal text"),
    ("/api/position", {"abn": '[Dealer "S"]\n', "board": "9"}, "<abn>: no board 9"),
    ("/api/solve", {"abn": "", "after": "2.3"}, "no boards"),
    ("/api/solve", {"abn": '[Dealer "S"]\n', "after": "9.9"}, "after 9.9: no trick 9"),
    ("/api/rate", {"abn": '[Dealer "S"]\n', "samples": 10**9}, "samples: 1,000,000,000 is not 2 to 100,000"),
    ("/api/rate", {"abn": '[Dealer "S"]\n', "bogus": 1}, "bogus: not an option of rate"),
    ("/api/rate", {"abn": '[Dealer "S"]\n', "play": "psychic"}, "play 'psychic': not one of dd, realistic"),
    ("/api/rate", {"abn": '[Dealer "S"]\n', "score": "x"}, "score: "),
    ("/api/deal", {"seed": -1}, "seed: -1 is not 0 to"),
    ("/api/export", {"abn": '[Dealer "S"]\n', "tree": []}, "tree: an object"),
])
def test_bad_input_is_one_line(client: Any, path: str, body: dict[str, Any], message: str | None) -> None:
    answer = client.post(path, json=body, headers=AUTH)
    if message is None:
        assert answer.status_code == 200, answer.text
        return
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert message in error and "\n" not in error and "Traceback" not in error


def test_a_body_that_is_not_a_json_object_is_one_line(client: Any) -> None:
    for raw in (b"not json", b"[1, 2]", b"\xff\xfe"):
        answer = client.post("/api/open", content=raw, headers=AUTH)
        assert answer.status_code == 400 and "\n" not in answer.json()["error"]


def test_a_random_deal_is_the_deal_commands(client: Any, tmp_path: Path) -> None:
    answer = client.post("/api/deal", json={"seed": 42}, headers=AUTH).json()
    written = tmp_path / "deal.abn"
    CliRunner().invoke(main, ["deal", "--seed", "42", "-o", str(written)], catch_exceptions=False)
    assert read_boards(answer["abn"]) == read_boards(written.read_text(encoding="utf-8"))


def test_unknown_jobs_are_404(client: Any) -> None:
    assert client.get("/api/jobs/999", headers=AUTH).status_code == 404
    assert client.delete("/api/jobs/999", headers=AUTH).status_code == 404


def test_a_rating_along_a_line_rates_the_decision_it_reaches(client: Any) -> None:
    opened = client.post("/api/position", json={"abn": _abn(), "board": "1.2"}, headers=AUTH).json()
    line = opened["recorded"][:6]
    at = client.post("/api/position", json={"abn": _abn(), "board": "1.2", "line": line}, headers=AUTH).json()
    body = {"abn": _abn(), "board": "1.2", "line": line, "play": "dd", "samples": 200}
    done = _wait(client, client.post("/api/rate", json=body, headers=AUTH).json()["job"])
    assert done["state"] == "done", done
    assert done["result"]["decision"] == "play" and done["result"]["seat"] == at["to_act"]
    assert sorted(o["option"] for o in done["result"]["options"]) == sorted(o["action"] for o in at["options"])
    assert done["result"]["score_source"] == "replayed"
