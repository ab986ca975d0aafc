"""Browser: a guest's own records (issue 34: 12).

A guest plays a short number-tile practice game from the lobby (restarted with a 20-second game
clock, so it ends by itself), then finds it through the lobby's "내 기록 · 다시 보기" link on
/me/records and opens its replay. Another browser (another guest) does not see it. The records
are keyed by an HMAC of the guest's secret browser key, never by the public id everybody in the
room saw; when the guest signs in (the local OpenID provider) the game moves to the account.
At 1366×768 (mouse) and 390×844 (touch).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from tests.e2e.oidc_provider import sign_in
from tests.e2e.seeding import stored_room
from tests.e2e.test_replay import _practice_rummikub, _restart
from tilerooms.accounts import game_records
from tilerooms.db.engine import session
from tilerooms.db.models import GameRecordGuest, GameRecordMember, User

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "guest-records-and-alerts"  # screenshots to look at
VIEWPORTS = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


@pytest.fixture(autouse=True)
def _own_server(request):
    if request.config.getoption("--base-url"):
        pytest.skip("needs the in-process app and the local OpenID provider")


def _play_to_the_end(page, base_url: str) -> tuple[str, str]:
    """A practice game from the lobby, played to its end by the game clock: (room id, record id)."""
    room_id = _practice_rummikub(page, base_url)
    _restart(room_id, 2026, gameSeconds=20)
    deadline = time.time() + 90
    while time.time() < deadline and not page.locator("#results").is_visible():
        draw = page.locator("#draw")
        if draw.is_visible() and draw.is_enabled():
            draw.click()
        page.wait_for_timeout(500)
    expect(page.locator("#results")).to_be_visible(timeout=30_000)
    record_id = stored_room(room_id).result["record_id"]
    for _ in range(60):  # the game-end listener stores the record in a thread
        if game_records.load_game(record_id) is not None:
            break
        time.sleep(0.5)
    assert game_records.load_game(record_id) is not None
    return room_id, record_id


def _notes(record_id: str) -> list[GameRecordGuest]:
    with session() as s:
        return list(s.exec(select(GameRecordGuest).where(GameRecordGuest.record_id == record_id)).all())


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_guest_finds_the_games_played_in_this_browser_and_keeps_them_on_signing_in(players, base_url, size):
    options = VIEWPORTS[size]
    width = options["viewport"]["width"]
    (page,) = players(f"기록손님{size[:1]}", **options)
    room_id, record_id = _play_to_the_end(page, base_url)
    seat_ids = [seat["id"] for seat in game_records.seats_of(game_records.load_game(record_id))]
    guest_id = next(i for i in seat_ids if i.startswith("g-"))

    # keyed by an HMAC of the browser's secret key: neither the public id nor anything made from it
    key = page.evaluate("localStorage.getItem('tilerooms_guest')")
    notes = _notes(record_id)
    assert [n.guest_ref for n in notes] == [game_records.guest_ref(key)]
    assert guest_id not in notes[0].guest_ref and key not in notes[0].guest_ref and len(notes[0].guest_ref) == 64

    # the way a user goes: the lobby's link
    page.locator("#nav-lobby").click()
    link = page.locator("#lobby-records")
    expect(link).to_be_visible(timeout=15_000)
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44, box  # a finger-sized target
    link.click()
    page.wait_for_url(re.compile(r"/me/records$"), timeout=15_000)
    row = page.locator(f".replay-record[data-record='{record_id}'] a")
    expect(row).to_have_attribute("href", f"/game/{record_id}", timeout=15_000)
    expect(row).to_contain_text("숫자 타일")
    expect(page.locator("#guest-records-note")).to_be_visible()
    row_box = row.bounding_box()
    assert row_box is not None and row_box["x"] >= 0 and row_box["x"] + row_box["width"] <= width, row_box  # inside the screen
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"guest-records-{size}.png"))
    row.click()
    page.wait_for_url(re.compile(rf"/game/{record_id}$"), timeout=15_000)
    expect(page.locator("#replay")).to_be_visible(timeout=30_000)

    # another browser is another guest: nothing of this game on its page
    (other,) = players("다른손님", **options)
    other.goto(f"{base_url}/me/records")
    expect(other.locator("#replays-empty")).to_be_visible(timeout=15_000)
    expect(other.locator(".replay-record")).to_have_count(0)

    # signing in moves the game to the account: still listed, the guest's note gone
    sign_in(page, base_url, f"guest-records-{size}")
    page.locator("#link-records").click()
    page.wait_for_url(re.compile(r"/me/records$"), timeout=15_000)
    expect(page.locator(f".replay-record[data-record='{record_id}'] a")).to_have_attribute("href", f"/game/{record_id}", timeout=15_000)
    expect(page.locator("#guest-records-note")).to_have_count(0)
    assert _notes(record_id) == []
    name = page.locator("#header-member-name").inner_text()
    with session() as s:
        user = s.exec(select(User).where(User.nickname == name)).one()
        assert s.get(GameRecordMember, (record_id, user.id)) is not None
    page.screenshot(path=str(SHOTS / f"member-records-{size}.png"))
