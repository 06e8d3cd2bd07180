"""Redraw the screenshots of the analysis page in docs/images from the shipped
examples/match.html (and of the shipped strategy chart), in headless Chromium (the client the browser tests use,
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


if __name__ == "__main__":
    main()
