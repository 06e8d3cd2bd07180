"""Redraw the screenshots of the analysis page in docs/images from the shipped
examples/match.html (and of the shipped strategy chart, and of the board of
``altbaumer serve`` on examples/match.abn), in headless Chromium (the client the browser tests use,
tests/report/chromium.py).

    python docs/make_screenshots.py

Each shot opens the page at one step of one board (the page's own links,
``#board-N-step-K``), at a desktop's width and a phone's.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "report"))

from chromium import Chromium  # noqa: E402  (a test helper, found through the path above)

PAGE = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples" / "match.html"
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs" / "images"
# name: (board, step, width, height, clicks before the shot)
SHOTS = {
    "board-card.png": (5, 9, 1100, 760, ()),
    "board-decision.png": (4, 3, 1100, 900, ()),
    "board-knew.png": (1, 1, 1100, 700, ("#viewer-1 .knew-toggle",)),
    "board-phone.png": (5, 9, 390, 1400, ()),
}
CHARTS = {"chart-9H.png": ROOT / "examples" / "charts-9H-9C" / "chart.html"}  # the strategy chart (docs/charts.md)
SERVE = "serve-board.png"  # the board of altbaumer serve (docs/serve.md): a variation and a decision rated


def serve_shot(browser: Chromium) -> None:
    """The served board at the first card with three choices or more: a card off the record
    played (a variation in the move list), back, and the card decision rated double dummy."""
    from altbaumer.serve import create_app, serving

    token = "screenshot"
    text = (ROOT / "examples" / "match.abn").read_text(encoding="utf-8")
    with serving(create_app("examples/match.abn", token=token, text=text)) as base:
        with browser.open(f"{base}/?token={token}", width=1200, height=940) as page:
            page.wait_for("document.getElementById('board').dataset.state === 'ready'", timeout=30)
            for _ in range(24):  # on to a card with three choices or more
                page.press("ArrowRight")
                page.wait_for("document.getElementById('board').dataset.state === 'ready'", timeout=30)
                if page.evaluate("document.querySelectorAll('.legal').length") >= 3:
                    break
            page.evaluate("""(() => { const legal = Array.from(document.querySelectorAll('.legal'));
              (legal.find(c => c.classList.contains('worse')) || legal[legal.length - 1]).click(); })()""")
            page.wait_for("document.getElementById('board').dataset.state === 'ready'", timeout=30)
            page.press("ArrowLeft")  # back to the choice, its variation in the move list
            page.wait_for("document.getElementById('board').dataset.state === 'ready'", timeout=30)
            page.evaluate("document.getElementById('rate-play').value = 'dd'")
            page.click("#rate")
            page.wait_for("document.querySelectorAll('#rating tr').length > 1", timeout=120)
            page.screenshot(OUT / SERVE)
            if page.console_errors:
                sys.exit(f"{SERVE}: {page.console_errors}")
    print(f"wrote {OUT / SERVE}")


def main() -> None:
    reason = Chromium.available()
    if reason is not None:
        sys.exit(f"no screenshots: {reason}")
    OUT.mkdir(exist_ok=True)
    with Chromium() as browser:
        for name, (board, step, width, height, clicks) in SHOTS.items():
            with browser.open(f"{PAGE.as_uri()}#board-{board}-step-{step}", width=width, height=height,
                              mobile=width < 500) as page:
                for selector in clicks:
                    page.click(selector)
                page.evaluate(f'document.getElementById("viewer-{board}").scrollIntoView()')
                page.screenshot(OUT / name)
                if page.console_errors:
                    sys.exit(f"{name}: {page.console_errors}")
            print(f"wrote {OUT / name}")
        for name, chart in CHARTS.items():
            with browser.open(chart.as_uri(), width=1000, height=1100) as page:
                page.screenshot(OUT / name)
            print(f"wrote {OUT / name}")
        serve_shot(browser)


if __name__ == "__main__":
    main()
