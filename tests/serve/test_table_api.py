"""The table's API (docs/play.md) played through by a scripted person, on the real app
(Starlette's test client): whole matches with every phase, the cut with both Trees, the
compulsory discard, a lone march that wins the round, the decider; no hidden card in any
answer before its deal ends; the tutor's warning and hint; take-backs; the match file after
every action, resumed to the same match, also after the server was killed."""

from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest
from starlette.testclient import TestClient

from altbaumer.abn import load_boards
from altbaumer.abn.record import replay
from altbaumer.game.cards import Card, CardSet
from altbaumer.game.rules import is_trump_card, trump_ranking
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.words import card_words
from altbaumer.play.table import TableGame, TableSettings
from altbaumer.play.tutor import TutorEffort
from altbaumer.serve.app import create_app
from altbaumer.serve.table_api import PlayOptions

TOKEN = "table-test-token-0123456789"
HEADERS = {"Authorization": f"token {TOKEN}"}
# Seeds whose first deal has what a test needs, the person at S (found by searching the seeds;
# each test checks that the deal is what it needs, so a change of shuffle fails loudly).
BOTH_TREES = 642  # the person cuts, and both Trees show
COMPULSORY = 166  # the person is forehand and the four stock cards are of one suit
LONE_MARCH = 27  # the person is forehand with five trumps headed by the Big Tree
CLI = [sys.executable, "-c", "from altbaumer.cli import main; main()"]
QUICK = TutorEffort(samples=60, effort=16, turn_effort=6, discard_effort=8, alone_effort=16)
"""The tutor's ratings at a fraction of the table's effort: the tests' verdicts are clear ones."""


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    options = PlayOptions(defaults=TableSettings(level=1, tutor="off", effort=QUICK), folder=tmp_path)
    with TestClient(create_app(token=TOKEN, play=options), base_url="http://127.0.0.1") as test_client:
        yield test_client


def new_game(client: TestClient, **settings: Any) -> str:
    answer = client.post("/api/play", json=settings, headers=HEADERS)
    assert answer.status_code == 200, answer.text
    return str(answer.json()["game"])


def state_of(client: TestClient, game: str) -> dict[str, Any]:
    answer = client.get(f"/api/play/{game}", headers=HEADERS)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def act(client: TestClient, game: str, action: str, confirm: bool = False) -> dict[str, Any]:
    answer = client.post(f"/api/play/{game}", json={"action": action, "confirm": confirm}, headers=HEADERS)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def server_game(client: TestClient, game: str) -> TableGame:
    """The server's own match (the whole deal), for the checks a person cannot make."""
    return client.app.state.tables.entry(game).game  # type: ignore[attr-defined, no-any-return]


# -- what the person may know -----------------------------------------------------------------------


def hidden_cards(game: TableGame) -> CardSet:
    """The cards the person may not know now: the others' hands and the stock, but for the cards shown
    to everyone (turned, taken, seen at the cut, played), and forehand's discard unless the person
    is forehand."""
    deal, seat = game.table.deal, game.seat
    view = deal.view(seat)
    if deal.phase.value == "cut":  # nothing dealt: every card but those the cut shows
        assert deal.pack is not None
        return CardSet(deal.pack) - CardSet(deal.cut_offer)
    hidden = CardSet()
    for other in SEATS:
        if other is not seat and deal.hands[other] is not None:
            hidden |= deal.hands[other]
    hidden |= CardSet(c for c in deal.stock if c is not None)
    if deal.discards is not None and seat is not deal.forehand:
        hidden |= deal.discards
    public = view.exposed | view.taken | view.cut_seen | view.cut_trees | view.played  # face up, or played
    if view.turned is not None:
        public |= view.turned
    return hidden - public - view.hand


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every text of an answer with its place (``.stock.turned[0]``)."""
    if path == ".draw":  # the nines drawn for seats before the match: no card of a deal's hands
        return
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{path}[{i}]")


def assert_no_hidden_card(answer: dict[str, Any], game: TableGame) -> None:
    if game.table.deal.phase.value == "done":
        return  # every hand is shown at the end of a deal
    hidden = hidden_cards(game)
    for path, text in strings(answer):
        tokens = set(re.split(r"[^0-9A-Za-z]+", text))
        for card in hidden:
            assert card.ascii() not in tokens, f"{card.ascii()} is hidden from {game.seat} but was sent in {path}"
            assert card_words(card) not in text, f"{card_words(card)} is hidden but was sent in {path}"


# -- a scripted person --------------------------------------------------------------------------------


def person_choice(state: dict[str, Any], rng: random.Random) -> str:
    """A person who plays whatever is legal, at random, going on after each deal."""
    return rng.choice(state["legal"])


def play_match(client: TestClient, game: str, seed: int, check: bool = True) -> tuple[dict[str, Any], set[str]]:
    """The whole match by the scripted person; each answer checked for hidden cards; the phases seen."""
    rng = random.Random(seed)
    state = state_of(client, game)
    seen: set[str] = set()
    for _ in range(2000):
        if state["over"]:
            break
        seen.add(state["phase"])
        seen.update(f"decider:{state['decider']}" for _ in [0])
        state = act(client, game, person_choice(state, rng))
        if check:
            assert_no_hidden_card(state, server_game(client, game))
    return state, seen


def test_whole_matches_through_the_api(client: TestClient, tmp_path: Path) -> None:
    phases: set[str] = set()
    deciders = 0
    # The heuristic players: every phase, in a fraction of the time the rating players take; the match of
    # seed 8 goes to the one-deal decider.
    for seed in (3, 8):
        game = new_game(client, seed=seed, partner="heuristic", opponents="heuristic")
        state, seen = play_match(client, game, seed)
        phases |= seen
        assert state["over"] and state["winner"] in ("N-S", "E-W") and state["phase"] == "over"
        assert state["legal"] == [] and "win" in state["prompt"]
        rounds = state["score"]["rounds"]
        assert max(rounds) == 2
        deciders += "decider:True" in seen
        if "decider:True" in seen:
            table = server_game(client, game).table
            decider = [r for r in table.match.deals if r.decider]
            assert len(decider) == 1 and decider[0] is table.match.deals[-1]  # one deal, and the match is over
            assert decider[0].match_winner is not None and state["score"]["rounds"] in ([2, 1], [1, 2])
        boards = load_boards(tmp_path / f"altbaumer-{time.strftime('%Y-%m-%d')}-seed{seed}.abn")
        assert len(boards) == state["deal"] and all(replay(b).state.phase.value == "done" for b in boards)
        assert {b.tags["South"] for b in boards} == {"You"}
        if seed == 3:  # after the match: the person's review, then the drills as the analysis board's quiz
            state = wait_for_review(client, game)
            assert state["review"]["words"].startswith("You gave up") and state["review"]["player"]["decisions"]
            if state["drills"]:
                drills = client.get(f"/api/start?play={game}&drills=1", headers=HEADERS).json()
                assert "[Event" in drills["abn"] and "drills for You" in drills["abn"]
            deal = client.get(f"/api/start?play={game}&deal=1", headers=HEADERS).json()
            assert replay(load_boards_text(deal["abn"])[0]).state.phase.value == "done"
    assert {"trump", "discard", "lone", "play", "done"} <= phases and deciders == 1


def wait_for_review(client: TestClient, game: str, seconds: float = 300) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = state_of(client, game)
        if state["review"]["ready"]:
            return state
        time.sleep(0.5)
    pytest.fail("the review was not ready in time")


def test_the_cut_with_both_trees(client: TestClient) -> None:
    game = new_game(client, seed=BOTH_TREES)
    state = state_of(client, game)
    offer = state["cut"]["offer"]
    assert state["phase"] == "cut" and state["cutter"] == "S" and sorted(offer) == ["JC", "QC"]
    assert state["legal"] == ["leave", f"take {offer[0]}", "take"] and "Both Trees" in state["prompt"]
    assert_no_hidden_card(state, server_game(client, game))
    state = act(client, game, "take")
    assert {"QC", "JC"} <= set(state["hand"]) and state["cut"]["taken"] == ["JC", "QC"]
    assert len(state["hand"]) == 5


def test_the_compulsory_discard(client: TestClient) -> None:
    game = new_game(client, seed=COMPULSORY)
    state = state_of(client, game)
    assert state["forehand"] == "S" and state["legal"] == ["accept", "refuse"]
    state = act(client, game, "refuse")
    assert state["phase"] == "discard" and state["stock"]["compulsory"] and len(state["hand"]) == 9
    assert all(len(a.split()) == 5 for a in state["legal"]) and state["prompt"] == "Discard 4 cards."
    state = act(client, game, state["legal"][0])
    assert len(state["hand"]) == 5 and len(state["discard"]) == 4


def strongest(state: dict[str, Any]) -> str:
    """Accept, discard a side card, go alone, and lead the highest trump: the march of a strong hand."""
    legal, trump = state["legal"], state["trump"]
    for wanted in ("accept", "alone"):
        if wanted in legal:
            return wanted
    if legal[0].startswith("discard"):
        return next(a for a in legal if not is_trump_card(Card.parse(a.split()[1]), _suit(trump)))
    ranking = trump_ranking(_suit(trump))
    cards = [Card.parse(a) for a in legal]
    trumps = [c for c in cards if c in ranking]
    return (min(trumps, key=ranking.index) if trumps else cards[0]).ascii()


def _suit(letter: str) -> Any:
    from altbaumer.game.cards import Suit
    return Suit.parse(letter)


def test_a_lone_march_wins_the_round(client: TestClient) -> None:
    game = new_game(client, seed=LONE_MARCH)
    state = state_of(client, game)
    while state["phase"] != "done":
        state = act(client, game, strongest(state))
        assert_no_hidden_card(state, server_game(client, game))
    assert state["lone"] == "S" and state["tricks_won"]["N-S"] == 5
    assert state["score"]["rounds"] == [1, 0] and state["score"]["points"] == [0, 0]
    assert "won the round" in state["summary"]["words"]
    assert set(state["hands"]) == {"N", "E", "S", "W"} and state["legal"] == ["next"]
    assert "<svg" in state["score"]["tree"]


# -- the tutor --------------------------------------------------------------------------------------


def test_the_tutor_warns_on_a_planted_blunder_and_never_on_the_hint(client: TestClient) -> None:
    game = new_game(client, seed=LONE_MARCH, tutor="mistake")
    state = state_of(client, game)
    assert state["legal"] == ["accept", "refuse"]  # five trumps headed by the Big Tree: refusing is the blunder
    hint = client.post(f"/api/play/{game}/hint", headers=HEADERS).json()
    assert hint["best"] == "accept" and hint["verdict"].startswith("Accepting")
    refused = client.post(f"/api/play/{game}", json={"action": "refuse"}, headers=HEADERS)
    assert refused.status_code == 409
    tutor = refused.json()["tutor"]
    assert tutor["mark"] in ("?", "??") and tutor["verdict"].startswith("Refusing gives up about")
    assert "chance to win the match" in tutor["verdict"] and tutor["options"][0]["action"] == "accept"
    assert state_of(client, game)["phase"] == "trump"  # nothing was played
    # every hinted option is played without a word, to the end of the deal
    while state["phase"] != "done":
        if state["your_turn"] and len(state["legal"]) > 1:
            best = client.post(f"/api/play/{game}/hint", headers=HEADERS).json()["best"]
            state = act(client, game, best)
        else:
            state = act(client, game, state["legal"][0])
    notes = [n.text for n in server_game(client, game).notes]
    assert any(n.startswith("hint: ") for n in notes)


def test_play_anyway(client: TestClient) -> None:
    game = new_game(client, seed=LONE_MARCH, tutor="blunder")
    first = client.post(f"/api/play/{game}", json={"action": "refuse"}, headers=HEADERS)
    if first.status_code == 409:  # a blunder at this setting: played on confirmation
        assert first.json()["tutor"]["mark"] == "??"
    state = act(client, game, "refuse", confirm=True)
    assert state["stock"]["accepted"] is False


# -- take-backs ---------------------------------------------------------------------------------------


def test_take_back(client: TestClient) -> None:
    game = new_game(client, seed=LONE_MARCH)
    before = state_of(client, game)
    assert not before["can_undo"]
    assert client.post(f"/api/play/{game}/undo", headers=HEADERS).status_code == 409
    after = act(client, game, "accept")
    assert after["can_undo"] and after["phase"] == "discard"
    undone = client.post(f"/api/play/{game}/undo", headers=HEADERS)
    assert undone.status_code == 200
    again = undone.json()
    assert again["phase"] == "trump" and again["hand"] == before["hand"] and again["legal"] == before["legal"]
    assert "took back accept" in [n.text for n in server_game(client, game).notes]


def test_bad_requests(client: TestClient) -> None:
    game = new_game(client, seed=1)
    answer = client.post(f"/api/play/{game}", json={"action": "XX"}, headers=HEADERS)
    assert answer.status_code == 400 and "is not a choice now" in answer.json()["error"]
    assert client.get("/api/play/nope", headers=HEADERS).status_code == 404
    assert client.post("/api/play", json={"level": 9}, headers=HEADERS).status_code == 400
    assert client.post("/api/play", json={"colour": "red"}, headers=HEADERS).status_code == 400
    assert client.get(f"/api/play/{game}").status_code == 401  # the token rules of serve


def test_the_abn_answer_holds_only_what_the_person_knows(client: TestClient) -> None:
    game = new_game(client, seed=LONE_MARCH)
    act(client, game, "accept")
    text = client.get(f"/api/play/{game}/abn", headers=HEADERS).json()["abn"]
    board = load_boards_text(text)[-1]
    assert [s for s, h in board.hands.items() if h is not None] == [Seat.S]


def load_boards_text(text: str) -> list[Any]:
    from altbaumer.abn import read_boards
    return read_boards(text)


# -- nothing is lost ----------------------------------------------------------------------------------


def scripted(state: dict[str, Any], step: int) -> str:
    return state["legal"][step % len(state["legal"])]


def _http(base: str, method: str, path: str, body: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=HEADERS)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return dict(json.loads(answer.read()))


def _start(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([*CLI, "play", "--port", "0", *args], cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert "/play?token=" in url, process.stderr.read() if process.stderr else url
    global HEADERS
    HEADERS = {"Authorization": f"token {url.split('token=')[1]}"}
    return process, url.split("/play?")[0]


def test_resume_after_kill_equals_the_uninterrupted_match(tmp_path: Path) -> None:
    global HEADERS
    saved = HEADERS
    try:
        record = tmp_path / "match.abn"
        process, base = _start(["--seed", "21", "--partner", "heuristic", "--opponents", "heuristic", "--tutor", "off",
                                "--record", str(record)], tmp_path)
        game = _http(base, "POST", "/api/play", {})["game"]
        state = _http(base, "GET", f"/api/play/{game}")
        steps = 0
        while steps < 30:
            state = _http(base, "POST", f"/api/play/{game}", {"action": scripted(state, steps)})
            steps += 1
        process.send_signal(signal.SIGKILL)
        process.wait()
        process, base = _start(["--resume", str(record)], tmp_path)
        game = _http(base, "POST", "/api/play", {})["game"]  # the resumed match, as reopening the address does
        state = _http(base, "GET", f"/api/play/{game}")
        while not state["over"]:
            state = _http(base, "POST", f"/api/play/{game}", {"action": scripted(state, steps)})
            steps += 1
        process.terminate()
        process.wait(20)
        resumed_text = record.read_text()
    finally:
        HEADERS = saved
    whole = TableGame(TableSettings(partner="heuristic", opponents="heuristic", tutor="off", seed=21))
    for step in range(steps):
        legal = whole.legal_texts()
        whole.act(legal[step % len(legal)])
    from altbaumer.serve.table_record import match_boards
    from altbaumer.abn.writer import write_boards
    assert whole.table.over
    assert resumed_text == write_boards(match_boards(whole))
    whole.close()


def test_resume_refuses_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.abn"
    bad.write_text('[Dealer "S"]\n')
    run = subprocess.run([*CLI, "play", "--resume", str(bad), "--port", "0"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2 and "not a match of altbaumer play" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
