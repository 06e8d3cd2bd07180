"""A browser that opens a page without the token, or with a wrong one, gets
a small page saying to open the address the server printed; the API keeps
answering in JSON."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from altbaumer.serve.app import create_app

TOKEN = "t"
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture
def client() -> Any:
    return TestClient(create_app(token=TOKEN), base_url="http://127.0.0.1")


@pytest.mark.parametrize("path", ["/", "/play"])
def test_a_page_without_the_token_says_where_it_is(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 401
    assert answer.headers["content-type"].startswith("text/html")
    text = answer.text
    assert "token" in text and "printed" in text and "?token=" in text
    assert "http://" not in text and "https://" not in text and "<script" not in text and " src=" not in text
    policy = answer.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src" not in policy
    assert answer.headers["cache-control"] == "no-store" and answer.headers["referrer-policy"] == "no-referrer"


def test_a_page_with_a_wrong_token_is_a_page_too(client: Any) -> None:
    answer = client.get("/?token=wrong")
    assert answer.status_code == 403 and answer.headers["content-type"].startswith("text/html")
    assert "not this server's" in answer.text


def test_any_get_a_browser_makes_gets_the_page(client: Any) -> None:
    answer = client.get("/elsewhere", headers=BROWSER)
    assert answer.status_code == 401 and answer.headers["content-type"].startswith("text/html")


@pytest.mark.parametrize("path, headers", [("/api/start", {}), ("/api/start", BROWSER), ("/elsewhere", {}),
                                          ("/api/play/x", BROWSER)])
def test_the_api_is_answered_in_json(client: Any, path: str, headers: dict[str, str]) -> None:
    answer = client.get(path, headers=headers)
    assert answer.status_code == 401 and answer.headers["content-type"] == "application/json"
    assert "token" in answer.json()["error"]


def test_a_post_to_a_page_is_answered_in_json(client: Any) -> None:
    answer = client.post("/", headers=BROWSER)
    assert answer.status_code == 401 and "token" in answer.json()["error"]


def test_a_foreign_host_gets_no_page(client: Any) -> None:
    answer = client.get("/", headers={**BROWSER, "Host": "evil.example"})
    assert answer.status_code == 403 and "host" in answer.json()["error"]


def test_with_the_token_the_page_is_the_board(client: Any) -> None:
    answer = client.get(f"/?token={TOKEN}", headers=BROWSER)
    assert answer.status_code == 200 and "needs the address with its token" not in answer.text
