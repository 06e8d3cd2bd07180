"""The server speaks the language a request asks for: the page's choice (its cookie), else ``--lang``,
else ``Accept-Language``, else English; the pages, the API's words and a rating job's words alike."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Optional

import pytest
from starlette.testclient import TestClient

from altbaumer.lang import speaking, _
from altbaumer.serve.app import create_app
from altbaumer.serve.language import COOKIE

MATCH = Path(__file__).resolve().parents[2] / "examples" / "match.abn"
TOKEN = "language-test-token"
AUTH = {"Authorization": f"token {TOKEN}"}


def _client(language: Optional[str] = None) -> TestClient:
    return TestClient(create_app(str(MATCH), token=TOKEN, language=language), base_url="http://127.0.0.1:8765")


def _page_language(client: TestClient, path: str, headers: dict[str, str]) -> str:
    answer = client.get(f"{path}?token={TOKEN}", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.text.split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("path", ["/", "/play", "/rules"])
def test_each_page_follows_the_order_of_the_choices(path: str) -> None:
    with _client() as client:
        assert _page_language(client, path, {}) == "en"
        assert _page_language(client, path, {"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5"}) == "fr"
        assert _page_language(client, path, {"Accept-Language": "it, da;q=0.8"}) == "en"
        assert _page_language(client, path, {"Accept-Language": "fr", "Cookie": f"{COOKIE}=pt"}) == "pt"
        assert _page_language(client, path, {"Cookie": f"{COOKIE}=xx"}) == "en"
    with _client("de") as client:
        assert _page_language(client, path, {"Accept-Language": "fr"}) == "de"
        assert _page_language(client, path, {"Accept-Language": "fr", "Cookie": f"{COOKIE}=es"}) == "es"


def test_a_page_carries_its_catalogue_and_its_chooser() -> None:
    with _client() as client:
        german = client.get(f"/?token={TOKEN}", headers={"Accept-Language": "de"}).text
        english = client.get(f"/?token={TOKEN}").text
    assert german != english
    messages = json.loads(german.split("var I18N = ", 1)[1].split(";\n", 1)[0])
    assert messages["lang"] == "de" and messages["cookie"] == COOKIE and len(messages["messages"]) > 50
    assert set(messages["names"]) == {"de", "en", "es", "fr", "pt"}
    assert 'id="lang-choice"' in german


def _wait(client: TestClient, job: str, headers: dict[str, str]) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state: dict[str, Any] = client.get(f"/api/jobs/{job}", headers=headers).json()
        if state["state"] != "running":
            return state
        time.sleep(0.05)
    raise AssertionError("the job did not end")


def test_a_rating_job_speaks_the_language_of_the_request_that_started_it() -> None:
    body = {"abn": MATCH.read_text(encoding="utf-8"), "name": str(MATCH), "play": "dd", "samples": 60, "seed": 3,
            "at": "discard", "board": "1.3"}
    advice = {}
    with _client() as client:
        for language in ("en", "de", "fr"):
            headers = {**AUTH, "Accept-Language": language}
            started = client.post("/api/rate", json=body, headers=headers)
            assert started.status_code == 200, started.text
            done = _wait(client, started.json()["job"], headers)
            assert done["state"] == "done", done
            advice[language] = done["result"]["advice"]
    assert advice["de"] != advice["en"] and advice["fr"] != advice["en"] and advice["de"] != advice["fr"]
    assert advice["en"].startswith("Discard")


def test_an_error_in_the_api_is_said_in_the_request_language() -> None:
    with _client() as client:
        answers = {lang: client.post("/api/open", content=b"[1, 2]", headers={**AUTH, "Accept-Language": lang})
                   for lang in ("en", "de")}
    assert all(a.status_code == 400 for a in answers.values())
    assert answers["en"].json()["error"] == "the request body must be a JSON object"
    with speaking("de"):
        assert answers["de"].json()["error"] == _("the request body must be a JSON object")
