"""빠른 대전 through the lobby's buttons (issue 37): two, three and four browsers press the same
mode and land in one started game; one browser with "AI로 채우기" lands in a game with AIs after
the wait (unrated: the rewards' own rule excludes it); cancel takes the person out of the queue,
and every lobby sees the queue's count live. The panel at 1366x768 and 390x844: nothing leaves
the screen, the header still fits, and the screens go to docs/screens/."""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.evidence import RESULTS
from tests.e2e.navigation import ROOM_URL, room_id_of
from tests.e2e.seeding import stored_room
from tests.e2e.test_english_fit import switch_to
from tests.e2e.test_touch_targets import assert_header_fits, assert_targets
from tilerooms.accounts.rewards import GameRecord, PlayerResult, is_rewarded_game
from tilerooms.rooms.identity import is_ai

pytestmark = pytest.mark.e2e
DOCS = RESULTS.parent / "docs" / "screens"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _lobby(page, base_url: str) -> None:
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)  # hydrated
    expect(page.locator("#quick-match")).to_be_visible()


def _press_together(pages, base_url: str, mode: str) -> str:
    """Every page presses `mode` in its lobby; they all land in one started room: its id."""
    for page in pages:
        _lobby(page, base_url)
    for page in pages:
        page.locator(f"#quick-{mode}").click()
    for page in pages:
        page.wait_for_url(ROOM_URL, timeout=30_000)
    rooms = {room_id_of(page) for page in pages}
    assert len(rooms) == 1, rooms
    for page in pages:
        expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=30_000)
    return rooms.pop()


@pytest.mark.parametrize("count", [2, 3, 4])
def test_people_who_press_the_same_mode_land_in_one_started_game(players, base_url, count):
    pages = players(*[f"빠른{count}대전{i}" for i in range(count)])
    room_id = _press_together(pages, base_url, f"rummikub-{count}")
    room = stored_room(room_id)
    assert len(room.game_players) == count
    assert not any(is_ai(p) for p in room.game_players)
    expect(pages[0].locator("#players .player-chip")).to_have_count(count, timeout=15_000)


def test_ai_fill_after_the_wait_gives_an_unrated_game_with_ais(players, base_url):
    (page,) = players("혼자기다림")
    _lobby(page, base_url)
    page.locator("#quick-fill-10").click()
    expect(page.locator("#quick-level")).to_be_visible()
    page.locator("#quick-level-normal").click()
    expect(page.locator("#quick-level-normal")).to_have_attribute("data-state", "on", timeout=10_000)
    page.locator("#quick-mahjong-3").click()
    expect(page.locator("#quick-status")).to_be_visible(timeout=10_000)
    expect(page.locator("#quick-fill-in")).not_to_have_text("", timeout=5_000)
    page.wait_for_url(ROOM_URL, timeout=30_000)
    expect(page.locator("#mj-table")).to_be_visible(timeout=30_000)
    room = stored_room(room_id_of(page))
    ais = [s.occupant for s in room.seats if s.occupant is not None and is_ai(s.occupant.id)]
    assert len(room.game_players) == 3 and len(ais) == 2 and {a.level for a in ais} == {"normal"}
    # unrated and unrewarded: the service rules' exclusion of a game with AIs holds for it
    finished = GameRecord(
        game_id=f"{room.id}-1",
        room_id=room.id,
        game=room.game,
        end_reason="finished",
        ended_at=datetime.now(UTC),
        players=tuple(PlayerResult(player_id=p, name=p, rank=i + 1) for i, p in enumerate(room.game_players)),
    )
    assert finished.has_ai and not is_rewarded_game(finished)


def test_cancel_leaves_the_queue_and_others_see_the_count(players, base_url):
    waiter, watcher = players("취소하는사람", "세는사람")
    _lobby(waiter, base_url)
    _lobby(watcher, base_url)
    count = watcher.locator("#quick-rummikub-4 .quick-count")
    expect(count).to_have_text(re.compile(r"^0"), timeout=10_000)
    waiter.locator("#quick-rummikub-4").click()
    expect(waiter.locator("#quick-status")).to_be_visible(timeout=10_000)
    expect(waiter.locator("#quick-waiting")).to_have_text("1", timeout=5_000)
    expect(waiter.locator("#quick-waited")).to_have_text(re.compile(r"^0:0[1-9]"), timeout=5_000)  # the wait ticks live
    expect(count).to_have_text(re.compile(r"^1"), timeout=5_000)
    for other in ("rummikub-2", "mahjong-3"):
        expect(waiter.locator(f"#quick-{other}")).to_be_disabled()  # never two queues
    waiter.locator("#quick-cancel").click()
    expect(waiter.locator("#quick-status")).to_have_count(0, timeout=5_000)
    expect(count).to_have_text(re.compile(r"^0"), timeout=5_000)
    # closing the tab takes the place out too
    waiter.locator("#quick-rummikub-4").click()
    expect(count).to_have_text(re.compile(r"^1"), timeout=5_000)
    waiter.close()
    expect(count).to_have_text(re.compile(r"^0"), timeout=10_000)


@pytest.mark.parametrize(
    ("locale", "kind", "screen"), [("ko-KR", "1366x768", LAPTOP), ("ko-KR", "390x844", PHONE), ("en-US", "1366x768", LAPTOP), ("en-US", "390x844", PHONE)]
)
def test_the_queue_panel_fits_both_screens(open_page, base_url, locale, kind, screen):
    page = open_page(locale=locale, **screen)
    page.add_init_script("localStorage.setItem('tilerooms_nick', '화면찍기')")
    _lobby(page, base_url)
    switch_to(page, locale[:2])
    page.locator("#quick-fill-30").click()
    page.locator("#quick-mahjong-4-hanchan").click()
    expect(page.locator("#quick-status")).to_be_visible(timeout=10_000)
    expect(page.locator("#quick-waited")).to_have_text(re.compile(r"^0:0[2-9]"), timeout=10_000)
    assert_header_fits(page, f"lobby {locale} {kind}")
    panel = page.locator("#quick-match").bounding_box()
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= screen["viewport"]["width"] + 0.5
    for part in ("#quick-fill-60", "#quick-level-hard", "#quick-cancel", ".quick-mode >> nth=5"):
        box = page.locator(part).bounding_box()
        assert box["x"] + box["width"] <= panel["x"] + panel["width"], f"{part} leaves the panel: {box} {panel}"
    if kind == "390x844":
        assert_targets(page, "the header on a phone", ".tr-header")
        for button in page.locator(".quick-mode").all():
            box = button.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44
    # the header and the panel in one picture: the page from its top to the panel's end
    bottom = page.evaluate("document.querySelector('#quick-match').getBoundingClientRect().bottom + window.scrollY")
    shot = RESULTS / "quick" / f"{locale[:2]}-{kind}-16-quick-match.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True, clip={"x": 0, "y": 0, "width": screen["viewport"]["width"], "height": bottom + 12})
    if DOCS.is_dir():
        shutil.copy(shot, DOCS / shot.name)
    page.locator("#quick-cancel").click()
    expect(page.locator("#quick-status")).to_have_count(0, timeout=5_000)
