"""The headless-Chromium client the browser tests rely on (tests/report/chromium.py).

Why test a test helper: the report's browser tests assert things like "the
arrow key moved to the next card" or "this page made no request". Those
assertions are only worth something if the key press really is a trusted key
event, the click lands where it should, and a console error or a stray request
would be seen. These tests check exactly that against a tiny page, so that a
failure in the report tests means the report, not the harness.

They need a Chromium: without one (or with ALTBAUMER_NO_BROWSER=1) they are
skipped with the reason, except on CI (env CI set), where browser tests must run.
"""

from __future__ import annotations

import os
import struct
import time
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import pytest

from chromium import Chromium, ChromiumError, JavaScriptError, Page, require_browser

T = TypeVar("T")

# Buttons at fixed positions, so that click_at can be checked against known
# coordinates: #go covers x 100..220, y 200..240 (centre 160, 220); #err is
# below it, and nothing is wider than 390 px (the phone-width test).
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>chromium client test</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 16px sans-serif; }
  button { position: absolute; left: 100px; width: 120px; height: 40px; margin: 0; }
  #go { top: 200px; }
  #err { top: 260px; }
</style></head>
<body>
<p>Last key: <span id="last">none</span></p>
<p id="status">not clicked</p>
<button id="go" type="button">Go</button>
<button id="err" type="button">Error</button>
<script>
  window.keys = {};      // keydown count by event.key
  window.keydowns = [];  // [key, code, keyCode, isTrusted] of every keydown
  document.addEventListener("keydown", (e) => {
    keys[e.key] = (keys[e.key] || 0) + 1;
    keydowns.push([e.key, e.code, e.keyCode, e.isTrusted]);
    document.getElementById("last").textContent = e.key;
  });
  let clicks = 0;
  window.lastClick = null;
  document.getElementById("go").addEventListener("click", (e) => {
    clicks += 1;
    lastClick = {x: e.clientX, y: e.clientY, trusted: e.isTrusted, detail: e.detail};
    document.getElementById("status").textContent = "clicked " + clicks;
  });
  document.getElementById("err").addEventListener("click", () => {
    console.error("second button", 42);
  });
</script>
</body></html>
"""


def wait_until(condition: Callable[[], T], timeout: float = 5.0) -> T:
    """Poll ``condition`` until it returns something truthy (events such as an
    uncaught exception reach us asynchronously)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.02)


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk, after checking the signature."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    """One browser for the module: starting Chromium costs about a second."""
    require_browser()
    with Chromium() as chromium:
        yield chromium


@pytest.fixture
def page_url(tmp_path: Path) -> str:
    path = tmp_path / "page.html"
    path.write_text(PAGE, encoding="utf-8")
    return path.as_uri()


@pytest.fixture
def page(browser: Chromium, page_url: str) -> Iterator[Page]:
    with browser.open(page_url) as tab:
        yield tab


def test_arrow_right_twice_is_two_trusted_key_events(page: Page) -> None:
    page.press("ArrowRight")
    page.press("ArrowRight")
    assert page.evaluate("keys") == {"ArrowRight": 2}
    assert page.evaluate("keydowns") == [["ArrowRight", "ArrowRight", 39, True]] * 2
    assert page.evaluate("document.getElementById('last').textContent") == "ArrowRight"


def test_named_keys_have_their_key_code_and_default_actions(page: Page) -> None:
    """Tab moves focus and Enter/Space activate a button only if Blink sees the
    right virtual key codes (and Enter's text): checks the key table."""
    for key in ("ArrowLeft", "Home", "End"):
        page.press(key)
    page.press("Tab")
    assert page.evaluate("document.activeElement.id") == "go"
    page.press("Enter")
    assert page.evaluate("document.getElementById('status').textContent") == "clicked 1"
    page.press("Space")
    assert page.evaluate("document.getElementById('status').textContent") == "clicked 2"
    page.press("Tab", modifiers=["Shift"])  # back out of the page's buttons
    assert page.evaluate("document.activeElement.id") != "go"
    assert page.evaluate("keydowns") == [
        ["ArrowLeft", "ArrowLeft", 37, True],
        ["Home", "Home", 36, True],
        ["End", "End", 35, True],
        ["Tab", "Tab", 9, True],
        ["Enter", "Enter", 13, True],
        [" ", "Space", 32, True],
        ["Tab", "Tab", 9, True],
    ]
    with pytest.raises(ValueError, match="unknown key"):
        page.press("NoSuchKey")


def test_click_changes_the_text_with_a_real_mouse_click(page: Page) -> None:
    assert page.click("#go") == (160, 220)
    assert page.evaluate("document.getElementById('status').textContent") == "clicked 1"
    assert page.evaluate("lastClick") == {"x": 160, "y": 220, "trusted": True, "detail": 1}
    page.click_at(105, 205)  # near the corner: still the button
    assert page.evaluate("document.getElementById('status').textContent") == "clicked 2"
    page.click_at(300, 220)  # beside it: nothing there
    assert page.evaluate("document.getElementById('status').textContent") == "clicked 2"
    with pytest.raises(JavaScriptError, match="no element matches #missing"):
        page.click("#missing")


def test_console_error_is_captured_once_with_its_text(page: Page) -> None:
    assert page.console_errors == []
    page.click("#err")
    assert wait_until(lambda: page.console_errors) == ["second button 42"]
    page.evaluate("console.log('fine'); console.warn('also fine')")
    time.sleep(0.1)
    assert page.console_errors == ["second button 42"]


def test_missing_file_is_a_console_error_and_a_request(page: Page, page_url: str) -> None:
    """Browser-side errors (Log domain) count too: a report referring to a file
    that is not there fails its test."""
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<img src=\"missing.png\">')")
    missing = page_url.rsplit("/", 1)[0] + "/missing.png"
    errors = wait_until(lambda: page.console_errors)
    assert errors == [f"Failed to load resource: net::ERR_FILE_NOT_FOUND ({missing})"]
    assert page.requests == [page_url, missing]


def test_uncaught_exception_is_captured(page: Page) -> None:
    page.evaluate("setTimeout(() => { throw new Error('kaboom'); }, 0)")
    errors = wait_until(lambda: page.console_errors)
    assert len(errors) == 1 and errors[0].startswith("Uncaught Error: kaboom"), errors


def test_evaluate_returns_values_awaits_promises_and_raises_on_throw(page: Page) -> None:
    assert page.evaluate("({a: [1, 2.5, 'x', null, true]})") == {"a": [1, 2.5, "x", None, True]}
    assert page.evaluate("undefined") is None
    assert page.evaluate("new Promise((ok) => setTimeout(() => ok(7), 10))") == 7
    with pytest.raises(JavaScriptError, match="TypeError"):
        page.evaluate("null.x")
    with pytest.raises(JavaScriptError, match="nope"):
        page.evaluate("Promise.reject(new Error('nope'))")
    with pytest.raises(ChromiumError, match="no answer within 0.3 s"):
        page.evaluate("new Promise(() => {})", timeout=0.3)
    assert page.evaluate("1 + 1") == 2  # still usable after a timeout
    assert page.console_errors == []  # a throwing evaluate is not an uncaught error


@pytest.mark.parametrize("mobile", [False, True])
def test_phone_width_viewport(browser: Chromium, page_url: str, mobile: bool) -> None:
    """390 px works although headless windows cannot be that narrow (with
    mobile=True thanks to the page's viewport meta; without one a phone and
    the emulation lay out 980 px)."""
    with browser.open(page_url, width=390, height=844, mobile=mobile) as page:
        assert page.evaluate("[window.innerWidth, window.innerHeight]") == [390, 844]
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        page.evaluate(
            "document.body.insertAdjacentHTML('beforeend', "
            "'<div style=\"width: 600px; height: 10px\"></div>')"
        )
        assert page.evaluate("document.documentElement.scrollWidth") == 600  # overflow is seen


def test_offline_page_makes_only_its_own_request(browser: Chromium, page_url: str) -> None:
    with browser.open(page_url, offline=True) as page:
        assert page.evaluate("navigator.onLine") is False
        assert page.requests == [page_url]
        # A stray load would be seen (and fail: the network is off).
        outcome = page.evaluate(
            "fetch('http://altbaumer.invalid/x.png').then(() => 'loaded', (e) => 'failed')"
        )
        assert outcome == "failed"
        assert page.requests == [page_url, "http://altbaumer.invalid/x.png"]


def test_screenshot_writes_a_png_of_viewport_or_whole_page(browser: Chromium, page_url: str, tmp_path: Path) -> None:
    with browser.open(page_url, width=390, height=600) as page:
        shot = page.screenshot(tmp_path / "viewport.png")
        assert png_size(shot.read_bytes()) == (390, 600)
        page.evaluate("document.body.insertAdjacentHTML('beforeend', '<div style=\"height: 2000px\"></div>')")
        full = page.screenshot(tmp_path / "full.png", full_page=True)
        width, height = png_size(full.read_bytes())
        assert width == 390 and height >= 2000
        assert page.evaluate("window.innerHeight") == 600  # viewport restored


def test_close_kills_the_browser_and_removes_its_profile_even_on_error(page_url: str) -> None:
    require_browser()
    with pytest.raises(ZeroDivisionError):
        with Chromium() as chromium:
            pid, temp_dir = chromium.pid, chromium.temp_dir
            chromium.open(page_url)
            assert chromium.alive() and os.path.isdir(temp_dir)
            1 / 0
    assert not chromium.alive()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # reaped, not a zombie
    assert not os.path.exists(temp_dir)
    chromium.close()  # idempotent
    with pytest.raises(ChromiumError, match="gone"):
        chromium.open(page_url)


def test_startup_failure_is_a_clear_error_with_the_output() -> None:
    with pytest.raises(ChromiumError, match="did not start") as caught:
        Chromium(binary="/bin/false", timeout=5)
    assert "its output" in str(caught.value)


def test_available_honours_the_opt_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALTBAUMER_NO_BROWSER", "1")
    assert Chromium.available() == "ALTBAUMER_NO_BROWSER is set"
    monkeypatch.delenv("ALTBAUMER_NO_BROWSER")
    monkeypatch.setenv("PATH", "/nonexistent")
    reason = Chromium.available()
    assert reason is not None and "no Chromium" in reason
