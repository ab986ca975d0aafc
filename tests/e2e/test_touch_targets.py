"""Touch targets on a phone (issue 34: 6): at 390x844 with touch, every visible button, link,
input, select and checkbox of the site's own pages is at least 44 x 44 px, or sits in a label,
link or button that is (a checkbox's label). Walked as a user goes: the lobby with an open room
(참가 / 관전), its creator's waiting room with AI seats (level buttons), a joiner's waiting room,
the account pages through the header, a stored game's replay (speed buttons, move list) and a
finished number-tile game's "다시 보기 (복기)" link. The number-tile board and the mahjong table
size their own controls and are not asserted here. The header keeps its height: its targets
grow over the padding around them."""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import create_room, join_from_lobby, room_id_of
from tests.e2e.oidc_provider import sign_in
from tests.e2e.seeding import stored_room
from tests.e2e.test_replay import _restart
from tests.unit.replays.room_driver import play_room_game
from tilerooms import wiring
from tilerooms.accounts import game_records

pytestmark = pytest.mark.e2e
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "ko-KR"}
MIN = 44
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "touch"

# every target a finger can meet, and its size: the element's box, or the label / link / button
# around it when that is larger (a checkbox's label); hidden and aria-hidden ones are not targets
SMALL_TARGETS = """([scope, min]) => {
    const root = document.querySelector(scope);
    if (!root) return ['no ' + scope];
    const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=combobox], [role=checkbox], [role=radio], [role=tab]';
    const small = [];
    for (const el of root.querySelectorAll(sel)) {
        if (el.closest('[aria-hidden="true"], #board, #mj-table, [data-tile]')) continue;
        const own = el.getBoundingClientRect();
        if (own.width < 1 || own.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
        let box = own;
        const outer = el.parentElement && el.parentElement.closest('label, a[href], button');
        if (outer) {
            const o = outer.getBoundingClientRect();
            if (o.width >= box.width && o.height >= box.height) box = o;
        }
        if (box.width < min - 0.5 || box.height < min - 0.5) {
            const name = el.id || (el.innerText || el.getAttribute('aria-label') || el.className.toString()).trim().slice(0, 24);
            small.push(`${el.tagName.toLowerCase()} "${name}" ${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
        }
    }
    return small;
}"""


def assert_targets(page, where: str, scope: str = "body") -> None:
    """Every target under `scope` of `page` is at least 44 x 44 px; the offenders in the message."""
    page.wait_for_timeout(300)  # fonts and late layout
    small = page.evaluate(SMALL_TARGETS, [scope, MIN])
    assert not small, f"{where}: {len(small)} targets below {MIN} px: {small}"


def header_height(page) -> float:
    return page.locator(".tr-header").bounding_box()["height"]


# what of the header leaves the screen on the right (a member's name pushed the sound toggle out)
HEADER_OUTSIDE = """() => [...document.querySelectorAll('.tr-header *')]
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 0.5; })
    .map((el) => `${el.tagName.toLowerCase()}#${el.id} right ${el.getBoundingClientRect().right.toFixed(1)}`)"""


# each cell of a lobby room row: how many lines its text takes; and the row's right edge
ROW_LINES = """(row) => ({
    lines: [...row.querySelectorAll(':scope > td')].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
    }),
    right: row.getBoundingClientRect().right,
})"""


def assert_header_fits(page, where: str) -> None:
    """Every part of the header is inside the screen's width, the page has no sideways scroll."""
    outside = page.evaluate(HEADER_OUTSIDE)
    assert not outside, f"{where}: the header leaves the screen: {outside}"
    width = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{where}: the page scrolls sideways {width}"


def test_the_site_pages_have_44px_targets_on_a_phone(open_page, base_url):
    SHOTS.mkdir(parents=True, exist_ok=True)
    host, guest = open_page(**PHONE), open_page(**PHONE)
    room_id = create_room(host, base_url, name="손가락 방", nickname="방장")
    expect(host.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=15_000)
    host.locator("#add-ai-normal-1").click()
    expect(host.locator("#seat-1 .seat-name")).to_have_text("AI 2 (보통)", timeout=10_000)
    assert_targets(host, "waiting room (host)")
    level = host.locator("#ai-level-hard-1").bounding_box()
    assert level["height"] >= MIN and level["width"] >= MIN, level

    # the lobby with the room listed: 참가 / 관전, the forms (advanced options open)
    guest.goto(f"{base_url}/lobby")
    row = guest.locator(f".room-row[data-room='{room_id}']")
    expect(row).to_be_visible(timeout=30_000)
    guest.locator("details summary").first.click()
    assert_targets(guest, "lobby")
    guest.screenshot(path=str(SHOTS / "lobby-390x844.png"), full_page=True)
    for button in (row.locator(".join-room"), row.locator(".watch-room")):
        box = button.bounding_box()
        assert box["height"] >= MIN and box["width"] >= MIN, box
    # the room's game, seats and status each on one line, the row inside the screen
    lines = row.evaluate(ROW_LINES)
    assert all(count == 1 for count in lines["lines"][1:4]), lines
    assert lines["right"] <= 390, lines
    header = header_height(guest)
    assert header <= 60, f"the header grew on a phone: {header} px"
    guest.locator("#lang-switch").click()
    expect(guest.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
    assert_targets(guest, "lobby (English)")
    assert header_height(guest) == header
    guest.locator("#lang-switch").click()
    expect(guest.locator("#lobby-title")).to_have_text("로비", timeout=15_000)

    join_from_lobby(guest, base_url, room_id)
    expect(guest.locator("#ready")).to_be_visible(timeout=15_000)
    assert_targets(guest, "waiting room (player)")

    # the account pages, through the header
    guest.locator("#nav-rankings").click()
    guest.wait_for_url(re.compile(r"/rankings/?$"), timeout=15_000)
    guest.wait_for_load_state("networkidle")
    assert_targets(guest, "rankings")
    guest.locator("#header-signin").click()
    guest.wait_for_url(re.compile(r"/signin/?$"), timeout=15_000)
    guest.wait_for_load_state("networkidle")
    assert_targets(guest, "sign-in")
    for path in ("/me", "/me/records"):
        guest.goto(f"{base_url}{path}")
        guest.wait_for_load_state("networkidle")
        assert_targets(guest, f"{path} (guest)")
    # a member's profile: nickname, avatar colours, sign-out, account deletion
    sign_in(guest, base_url, "touch-member")
    expect(guest.locator("#profile-name")).to_be_visible(timeout=15_000)
    guest.wait_for_load_state("networkidle")
    guest.locator("#delete-section summary").click()
    expect(guest.locator("#delete-confirm")).to_be_visible()
    assert_targets(guest, "/me (member)")
    # the longest nickname a member can choose (16 characters) still leaves the header on the screen
    guest.locator("#profile-nickname").fill("아주아주긴닉네임을가진손님입니다")
    guest.locator("#save-nickname").click()
    expect(guest.locator("#header-member-name")).to_have_text("아주아주긴닉네임을가진손님입니다", timeout=15_000)
    assert_header_fits(guest, "/me (member)")
    guest.screenshot(path=str(SHOTS / "me-member-390x844.png"), full_page=True)
    guest.locator("#lang-switch").click()
    expect(guest.locator("#nav-lobby")).to_have_text("Lobby", timeout=15_000)
    assert_header_fits(guest, "/me (member, English)")
    guest.screenshot(path=str(SHOTS / "me-member-en-390x844.png"), full_page=True)
    guest.locator("#lang-switch").click()
    expect(guest.locator("#nav-lobby")).to_have_text("로비", timeout=15_000)
    guest.locator("#link-records").click()
    guest.wait_for_url(re.compile(r"/me/records/?$"), timeout=15_000)
    guest.wait_for_load_state("networkidle")
    assert_targets(guest, "/me/records (member)")


def test_the_replay_page_has_44px_targets_on_a_phone(open_page, base_url):
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    played = play_room_game("rummikub", 9, [("g-touch", "guest", "easy"), ("ai-1", "ai", "easy")])
    played.room.id = f"r{secrets.token_hex(5)}"
    record_id = game_records.store_finished_game(played.room)
    page = open_page(**PHONE)
    page.goto(f"{base_url}/game/{record_id}")
    expect(page.locator("#replay-moves .rp-move").first).to_be_visible(timeout=30_000)
    assert_targets(page, "replay")
    speed = page.locator("#replay-speed-1").bounding_box()
    assert speed["height"] >= MIN, speed
    move = page.locator("#replay-moves .rp-move-btn").first.bounding_box()
    assert move["height"] >= MIN, move


def test_the_number_tile_results_link_their_replay_with_a_44px_target(open_page, base_url):
    page = open_page(**PHONE)
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)
    page.locator("#practice").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    room_id = room_id_of(page)
    _restart(room_id, 2026, gameSeconds=5)  # the whole-game clock ends it in 5 s
    deadline = time.time() + 60
    while time.time() < deadline and stored_room(room_id).status != "finished":
        page.wait_for_timeout(500)
    link = page.locator("#results .replay-link")
    expect(link).to_be_visible(timeout=30_000)
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box["height"] >= MIN and box["width"] >= MIN, f"다시 보기 (복기): {box}"
