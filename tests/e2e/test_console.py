"""Zero console errors and warnings (issue 34: 11): a production build's pages, crawled at
1366x768 (mouse) and 390x844 (touch) — the lobby, a waiting room, a number-tile game, a mahjong
game, a stored game's replay, the account pages and the 404 page — log no console message of
type error or warning and throw no uncaught error. The one message let through is the 404
page's own document request ("Failed to load resource … 404"), which the browser logs for the
status the server means to send; only that one navigation's URL is filtered.

The development build's warning "UNSAFE_componentWillMount in strict mode … SideEffect(NullComponent)"
on every room and replay load came from react-helmet (`rx.script`), which a production build
still shipped and ran: no page loads its chunk any more, and the pages' own scripts still run
(the mahjong table's once per document, the replay's autoplay)."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import create_room, practice_mahjong
from tests.unit.replays.room_driver import play_room_game
from tilerooms import wiring
from tilerooms.accounts import game_records

pytestmark = pytest.mark.e2e
SIZES = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
NOT_FOUND = "/nope/page"


def _stored_replay() -> str:
    played = play_room_game("rummikub", 11, [("g-console", "guest", "easy"), ("ai-1", "ai", "easy")])
    played.room.id = f"r{secrets.token_hex(5)}"
    return game_records.store_finished_game(played.room)


@pytest.mark.parametrize("size", list(SIZES))
def test_no_page_logs_an_error_or_a_warning(open_page, base_url, size):
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    record_id = _stored_replay()
    page = open_page(locale="ko-KR", **SIZES[size])
    logged: list[str] = []

    def on_console(message) -> None:
        if message.type not in ("error", "warning"):
            return
        url = (message.location or {}).get("url", "")
        # the 404 page's own document: the status the server means to send, logged by the browser
        if url == f"{base_url}{NOT_FOUND}" and message.text.startswith("Failed to load resource") and "404" in message.text:
            return
        logged.append(f"{message.type} on {page.url}: {message.text[:300]}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: logged.append(f"uncaught on {page.url}: {error}"))
    helmet: list[str] = []  # react-helmet's chunk: the component behind the strict-mode warning
    page.on("request", lambda request: helmet.append(request.url) if "/Helmet" in request.url else None)

    # the lobby, a waiting room made from it, the number-tile game of that room against an AI
    create_room(page, base_url, name="콘솔 방", nickname="콘솔")
    expect(page.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=15_000)
    page.locator("#add-ai-easy-1").click()
    expect(page.locator("#seat-1 .seat-name")).to_have_text(re.compile(r"^AI 2"), timeout=10_000)
    page.reload()  # a room page's first load
    expect(page.locator("#seat-1 .seat-name")).to_have_text(re.compile(r"^AI 2"), timeout=15_000)
    page.locator("#start").click()
    expect(page.locator("#board")).to_be_visible(timeout=20_000)
    page.wait_for_timeout(1_500)
    page.reload()
    expect(page.locator("#board")).to_be_visible(timeout=20_000)

    # a mahjong game (from the lobby), loaded again
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)
    practice_mahjong(page)
    page.wait_for_timeout(1_500)
    page.reload()
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    expect(page.locator('script[src="/mahjong/table.js"]')).to_have_count(1)

    # a replay, the account pages, the 404 page
    page.goto(f"{base_url}/game/{record_id}")
    expect(page.locator("#replay")).to_be_visible(timeout=30_000)
    page.locator("#replay-play").click()  # autoplay: assets/replay.js clicks the ticker
    expect(page.locator("#replay-position")).not_to_have_text(re.compile(r"^1 / "), timeout=10_000)
    page.locator("#replay-play").click()
    for path in ("/signin", "/me", "/me/records", "/rankings"):
        page.goto(f"{base_url}{path}")
        page.wait_for_load_state("networkidle")
    page.goto(f"{base_url}{NOT_FOUND}")
    expect(page.locator("#not-found-title")).to_be_visible(timeout=30_000)
    page.wait_for_load_state("networkidle")
    assert not logged, "\n".join(logged)
    assert not helmet, f"react-helmet (rx.script) loaded, which warns in strict mode: {helmet}"
