"""Drag-drop to rendered, in a real browser: the time from releasing a dragged tile over the table
to the moment the tile is drawn on the table (server round trip + render included).

Starts the production build in process (Reflex AppHarnessProd), opens a practice game in headless
Debian chromium, and repeatedly drags a rack tile onto the table and back. Prints median / p95.

    python -m tilerooms.bench.board_latency [--moves 30]
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import statistics
from pathlib import Path

from tilerooms import settings

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]

# window.__watch resolves with the ms between the pointer release and the tile appearing in #table
WATCH = """(tile) => { window.__watch = new Promise((resolve) => {
  const table = document.getElementById("table");
  const done = () => resolve(performance.now() - window.__dropAt);
  if (table.querySelector(`[data-tile="${tile}"]`)) return done();
  const obs = new MutationObserver(() => {
    if (table.querySelector(`[data-tile="${tile}"]`)) { obs.disconnect(); done(); }
  });
  obs.observe(table, { childList: true, subtree: true });
}); }"""


def _drag(page, tile: str, to: tuple[float, float]) -> None:
    box = page.locator(f"[data-tile='{tile}']").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(x + (to[0] - x) * step / 5, y + (to[1] - y) * step / 5)
    page.evaluate("() => { window.__dropAt = performance.now(); }")
    page.mouse.up()


def main() -> None:
    """Run the measurement and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    os.environ.setdefault("TILEROOMS_AI_DELAY_MS", "600000")  # the AI waits: the board stays ours
    os.environ.setdefault("TILEROOMS_SECRET_KEY", "bench-only-" + secrets.token_hex(16))  # prod mode needs one (guest ids)
    settings.reload()  # the app runs in this process: it reads the delay just set
    from playwright.sync_api import sync_playwright
    from reflex.testing import AppHarnessProd

    with AppHarnessProd.create(root=ROOT, app_name="tilerooms") as harness, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=settings.current().chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(harness.frontend_url.rstrip("/") + "/lobby")
        page.wait_for_selector("#lobby-title")
        for _ in range(20):  # start practice games until we move first
            page.locator("#practice").click()
            page.wait_for_url(re.compile(r"/room/"))
            page.wait_for_selector("#board")
            page.wait_for_timeout(500)
            if page.locator("#my-turn").count():
                break
            page.goto(harness.frontend_url.rstrip("/") + "/lobby")
            page.wait_for_selector("#lobby-title")
        table = page.locator("#table").bounding_box()
        spot = (table["x"] + table["width"] * 0.5, table["y"] + table["height"] * 0.5)
        timings = []
        for _ in range(args.moves):
            tile = page.locator("#rack [data-tile]").first.get_attribute("data-tile")
            page.evaluate(WATCH, tile)
            _drag(page, tile, spot)
            timings.append(page.evaluate("() => window.__watch"))
            page.locator("#reset").click()
            page.wait_for_selector(f"#rack [data-tile='{tile}']")
        browser.close()
    timings.sort()
    p95 = timings[min(len(timings) - 1, int(len(timings) * 0.95))]
    print(f"drag-drop → rendered on the table: median {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms ({len(timings)} drops)")


if __name__ == "__main__":
    main()
