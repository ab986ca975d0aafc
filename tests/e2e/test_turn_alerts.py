"""Browser: turn alerts and sounds (issue 34: 13, assets/alerts.js).

A number-tile practice game against one AI, reached from the lobby. The page's visibility is
emulated (document.hidden / visibilityState overridden before any page script, with a
visibilitychange event), navigator.vibrate and HTMLMediaElement.play are wrapped to record their
calls. The AI is handed the turn on the server (tests/e2e/seeding.py) so my turn comes back without
anybody touching the page:
- hidden tab, my turn: the title flashes "● 내 차례" and the phone vibrates once; visible again,
  the title is the page's own;
- no sound before the first interaction; after a click my turn sounds; muted (the header's toggle,
  kept in localStorage) it does not;
- reduced motion: a steady "● 내 차례 · …" title and no vibration;
- mahjong: a pon offered to me while the tab is hidden flashes the title and vibrates too.
At 1366×768 (mouse) and 390×844 (touch).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import practice_mahjong
from tests.e2e.seeding import seed_mahjong, seed_rummikub, stored_room
from tests.e2e.test_guest_records import SHOTS, VIEWPORTS

pytestmark = pytest.mark.e2e
MY_RACK = ["O1a", "O2a", "K5b"]
AI_RACK = ["O9a", "O13b"]  # no set: the AI draws and hands the turn back
WINNING_RACK = ["K1b", "K2b", "K3b"]  # a run: the AI lays it down and empties its rack
MARK = "● 내 차례"

# before any page script: visibility we control, recorded vibrations and sounds
RECORDER = """
window.__alerts = {hidden: false, vibrate: [], played: []};
Object.defineProperty(Document.prototype, "hidden", {configurable: true, get() { return window.__alerts.hidden; }});
Object.defineProperty(Document.prototype, "visibilityState", {configurable: true, get() { return window.__alerts.hidden ? "hidden" : "visible"; }});
Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true, value(pattern) { window.__alerts.vibrate.push(pattern); return true; }});
HTMLMediaElement.prototype.play = function () { window.__alerts.played.push(this.src.split("/").pop()); return Promise.resolve(); };
window.__setHidden = (hidden) => { window.__alerts.hidden = hidden; document.dispatchEvent(new Event("visibilitychange")); };
localStorage.setItem("tilerooms_practice_ais", "1");
"""


def _practice(page, base_url: str) -> str:
    """The lobby's practice button (one AI), then the room's own address opened afresh: a new
    document, which nobody has clicked yet."""
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)
    page.locator("#practice").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    expect(page.locator("#board")).to_be_visible(timeout=20_000)
    page.reload()
    expect(page.locator("#board")).to_be_visible(timeout=20_000)
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def _ai_to_move(room_id: str, ai_rack: list[str]) -> None:
    """The AI is given the turn with `ai_rack` (server side), my rack is MY_RACK."""
    players = stored_room(room_id).game_players
    ai_seat = next(i for i, p in enumerate(players) if p.startswith("ai-"))
    seed_rummikub(room_id, [], [ai_rack if i == ai_seat else MY_RACK for i in range(len(players))], current_seat=ai_seat)


def _my_turn_comes_back(page, room_id: str) -> None:
    """The AI is given the turn; it draws, and my turn starts."""
    _ai_to_move(room_id, AI_RACK)
    expect(page.locator("#whose-turn")).to_be_visible(timeout=15_000)
    expect(page.locator("#my-turn")).to_be_visible(timeout=20_000)
    page.wait_for_timeout(600)  # the script looks every 200 ms


def _recorded(page) -> dict:
    return page.evaluate("window.__alerts")


@pytest.fixture
def alert_page(players):
    """A page with the recorder in place; no script error may happen on it (checked after the test)."""
    errors: list[str] = []

    def make(size: str, **extra):
        (page,) = players("알림손님", **VIEWPORTS[size], **extra)
        page.context.add_init_script(RECORDER)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    assert errors == []


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_hidden_tab_flashes_the_title_vibrates_and_sounds_follow_the_first_click_and_the_mute(alert_page, base_url, size):
    page = alert_page(size)
    room_id = _practice(page, base_url)
    base = page.title()
    assert not base.startswith("●")

    # hidden, untouched: the title flashes, one vibration, no sound (no interaction yet)
    page.evaluate("window.__setHidden(true)")
    _my_turn_comes_back(page, room_id)
    titles = {page.evaluate("document.title")}
    for _ in range(6):  # it alternates every second
        page.wait_for_timeout(300)
        titles.add(page.evaluate("document.title"))
    assert MARK in titles and base in titles, titles
    got = _recorded(page)
    assert len(got["vibrate"]) == 1, got
    assert got["played"] == [], got
    # visible again: the page's own title, and it stays
    page.evaluate("window.__setHidden(false)")
    page.wait_for_timeout(1200)
    assert page.title() == base

    # a first click: my next turn sounds (a visible tab: the title stays as it is)
    page.locator("#pool-count").click()
    _my_turn_comes_back(page, room_id)
    assert "turn.wav" in _recorded(page)["played"]
    assert page.title() == base

    # the header's toggle mutes, kept in this browser
    toggle = page.locator("#sound-toggle")
    box = toggle.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box  # a finger-sized target
    expect(toggle.locator(".sound-off")).to_be_hidden()
    toggle.click()
    expect(toggle.locator(".sound-off")).to_be_visible()
    expect(toggle.locator(".sound-on")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('tilerooms_muted')") == "1"
    before = len(_recorded(page)["played"])
    _my_turn_comes_back(page, room_id)
    assert len(_recorded(page)["played"]) == before
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"alerts-muted-{size}.png"))
    page.reload()
    expect(page.locator("#sound-toggle .sound-off")).to_be_visible(timeout=15_000)  # still muted
    # in English too the header holds the toggle inside the screen
    page.locator("#lang-switch").click()
    expect(page.locator("#nav-lobby")).to_have_text("Lobby")
    width = VIEWPORTS[size]["viewport"]["width"]
    right = page.locator("#sound-toggle").evaluate("el => el.getBoundingClientRect().right")
    assert right <= width and page.evaluate("document.scrollingElement.scrollWidth") <= width, right
    page.screenshot(path=str(SHOTS / f"alerts-english-{size}.png"))

    # unmuted again (the toggle is this new page's first interaction): the AI lays down its last
    # tiles and wins, and the game's end sounds
    page.locator("#sound-toggle").click()
    expect(page.locator("#sound-toggle .sound-on")).to_be_visible()
    _ai_to_move(room_id, WINNING_RACK)
    expect(page.locator("#results")).to_be_visible(timeout=20_000)
    page.wait_for_timeout(600)
    assert "win.wav" in _recorded(page)["played"], _recorded(page)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_reduced_motion_gives_a_steady_title_and_no_vibration(alert_page, base_url, size):
    page = alert_page(size)
    page.emulate_media(reduced_motion="reduce")
    room_id = _practice(page, base_url)
    base = page.title()
    page.evaluate("window.__setHidden(true)")
    _my_turn_comes_back(page, room_id)
    steady = f"{MARK} · {base}"
    assert page.title() == steady
    page.wait_for_timeout(1500)
    assert page.title() == steady  # no blinking
    assert _recorded(page)["vibrate"] == []
    page.evaluate("window.__setHidden(false)")
    page.wait_for_timeout(400)
    assert page.title() == base


# mahjong: my hand holds 55z; the next seat discards its drawn 5z (백), which I may pon
MJ_HAND = "123m456m78p99s55z9m"
MJ_JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


@pytest.mark.usefixtures("scripted_ais")
@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_mahjong_claim_offered_in_a_hidden_tab_flashes_the_title_and_vibrates(alert_page, base_url, size):
    page = alert_page(size)
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)
    room_id = practice_mahjong(page)
    base = page.title()
    page.evaluate("window.__setHidden(true)")
    seed_mahjong(room_id, [MJ_HAND, MJ_JUNK[0] + "5z", MJ_JUNK[1], MJ_JUNK[2]], turn=1, script=[(1, {"type": "discard", "tile": "drawn"})])
    expect(page.locator("#mj-call-pon")).to_be_visible(timeout=20_000)
    titles = {page.evaluate("document.title")}
    for _ in range(6):
        page.wait_for_timeout(300)
        titles.add(page.evaluate("document.title"))
    assert MARK in titles and base in titles, titles
    assert len(_recorded(page)["vibrate"]) == 1
    page.evaluate("window.__setHidden(false)")
    page.wait_for_timeout(400)
    assert page.title() == base
