"""Skill ratings in the browser (issue 37): two members signed in through the local OpenID provider
play a rated number-tile game to its end; both ratings move and show on /me (rank and chart) and
/rankings (the rating board); the rank chips sit on the waiting room's seats and the in-game player
chips without growing them; a game with an AI rates nobody. Screens go to docs/screens/."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import create_room, join_from_lobby, practice_mahjong
from tests.e2e.oidc_provider import sign_in
from tests.e2e.seeding import seed_rummikub
from tests.e2e.test_scenarios import _ledger

pytestmark = pytest.mark.e2e

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def _own_server(request):
    if request.config.getoption("--base-url"):
        pytest.skip("needs the local OpenID provider and seeds positions into the in-process app")


def _rating_rows(game_id: str) -> list[tuple]:
    """The game's rating ledger rows (user, place, mu before, mu after), once the game-end listener
    has rewarded the game (ratings are written in the same transaction)."""
    import sqlalchemy as sa

    from tilerooms.db.engine import get_engine

    _ledger(game_id, timeout_s=15.0)  # waits for the game's rewards
    with get_engine(os.environ["DATABASE_URL"]).connect() as conn:
        assert conn.execute(sa.text("SELECT rewarded FROM games WHERE id = :g"), {"g": game_id}).scalar(), f"game {game_id} not recorded"
        rows = conn.execute(sa.text("SELECT user_id, place, mu_before, mu_after FROM rating_ledger WHERE game_id = :g ORDER BY place"), {"g": game_id}).all()
    return [tuple(r) for r in rows]


def _without_chips(page, selectors: list[str]) -> tuple[list, list]:
    """The boxes of `selectors` with the rank chips shown, then with them taken out of the layout."""
    script = """sels => sels.map(s => { const e = document.querySelector(s); if (!e) return null;
        const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; })"""
    shown = page.evaluate(script, selectors)
    page.evaluate("document.querySelectorAll('.rank-chip').forEach(e => e.style.display = 'none')")
    hidden = page.evaluate(script, selectors)
    page.evaluate("document.querySelectorAll('.rank-chip').forEach(e => e.style.display = '')")
    return shown, hidden


def _no_overflow(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


def _shot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(SCREENS / f"ko-{size['width']}x{size['height']}-{name}.png"))


def test_a_member_pair_plays_a_rated_game_and_both_ratings_move(players, base_url):
    (host,) = players("별하늘", viewport=DESKTOP)
    (guest,) = players("달무리", viewport=PHONE, has_touch=True, is_mobile=True)
    sign_in(host, base_url, "rating-host")
    sign_in(guest, base_url, "rating-guest")
    expect(host.locator("#ratings-none")).to_be_visible(timeout=15_000)  # no rated game yet

    room_id = create_room(host, base_url, name="등급전")
    join_from_lobby(guest, base_url, room_id)
    expect(guest.locator("#ready")).to_be_visible(timeout=30_000)
    # both seats carry a rank chip: placement, no game yet
    for page in (host, guest):
        for seat in (0, 1):
            expect(page.locator(f"#seat-{seat} .rank-chip")).to_have_text("배치 0/10", timeout=15_000)
    shown, hidden = _without_chips(guest, ["#seat-0", "#seat-1"])
    assert shown == hidden, f"a seat card grew with its rank chip: {shown} vs {hidden}"
    _shot(host, "37-waiting-room-ranks")
    _shot(guest, "37-waiting-room-ranks")

    guest.locator("#ready").click()
    expect(host.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    host.locator("#start").click()
    for page in (host, guest):
        expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)

    # the host (seat 0) holds the last tile that extends the run on the table
    room = seed_rummikub(room_id, [["O5a", "O6a", "O7a"]], [["O8a"], ["K1b", "K2b", "K13a"]], current_seat=0)
    host_id, guest_id = room.game_players
    assert host_id.startswith("u-") and guest_id.startswith("u-")
    expect(host.locator("#my-turn")).to_be_visible(timeout=15_000)
    for page in (host, guest):
        expect(page.locator("#players .rank-chip")).to_have_count(2, timeout=15_000)
        expect(page.locator("#players .rank-chip").first).to_have_text("배치")
        _no_overflow(page)
    for page in (host, guest):  # the chips' row and the table below it stay put without the chips
        shown, hidden = _without_chips(page, ["#players", "#table", "header", ".tr-game-bar"])
        assert shown == hidden, f"the rank chips moved the game ({page.viewport_size}): {shown} vs {hidden}"
    _shot(host, "37-game-rank-chips")
    _shot(guest, "37-game-rank-chips")

    host.locator("#rack #tile-O8a").click()
    host.locator(".table-set", has=host.locator("#tile-O5a")).locator(".place-here").click()
    expect(host.locator("#rack [data-tile]")).to_have_count(0, timeout=10_000)
    host.locator("#commit").click()
    for page in (host, guest):
        expect(page.locator("#room-status")).to_have_attribute("data-status", "finished", timeout=15_000)

    rows = _rating_rows(f"{room_id}-{room.games_played}")
    host_user, guest_user = int(host_id[2:]), int(guest_id[2:])
    assert [(u, place) for u, place, _, _ in rows] == [(host_user, 1), (guest_user, 2)]
    (_, _, before_w, after_w), (_, _, before_l, after_l) = rows
    assert after_w > before_w and after_l < before_l  # both ratings moved, the winner's up

    for page in (host, guest):
        page.goto(f"{base_url}/me")
        card = page.locator(".rating-card[data-key='rummikub']")
        expect(card).to_be_visible(timeout=15_000)
        expect(card.locator(".rating-rank")).to_have_text("배치 1/10")
        expect(card).to_contain_text("1판")
        expect(card.locator(".rating-chart-line")).to_have_count(1)
        _no_overflow(page)
        chart = card.locator(".rating-chart").bounding_box()
        assert chart is not None and chart["x"] >= 0 and chart["x"] + chart["width"] <= page.viewport_size["width"]
    points = [int(re.search(r"(\d+)점", p.locator(".rating-card[data-key='rummikub']").inner_text()).group(1)) for p in (host, guest)]
    assert points[0] > points[1] >= 0, points  # the winner's shown rating above the loser's
    card = guest.locator(".rating-card[data-key='rummikub']")
    card.scroll_into_view_if_needed()
    _shot(host, "37-me-rating-chart")
    _shot(guest, "37-me-rating-chart")

    for page in (host, guest):
        page.goto(f"{base_url}/rankings")
        board = page.locator("#board-rating-rummikub")
        expect(board.locator(".board-row")).to_have_count(2, timeout=15_000)
        expect(board.locator(".board-row").nth(0)).to_contain_text("별하늘")
        expect(board.locator(".board-row").nth(1)).to_contain_text("달무리")
        expect(board.locator(".board-row").nth(0).locator(".board-rank")).to_have_text("배치 1/10")
        expect(page.locator("#board-rating-mahjong4")).to_contain_text("아직 기록이 없어요")
        _no_overflow(page)
    host.locator("#board-rating-rummikub").scroll_into_view_if_needed()
    guest.locator("#board-rating-rummikub").scroll_into_view_if_needed()
    _shot(host, "37-rankings-rating")
    _shot(guest, "37-rankings-rating")


def test_a_game_with_an_ai_changes_no_rating(players, base_url):
    (member,) = players("혼자두기", viewport=DESKTOP)
    sign_in(member, base_url, "rating-ai")
    room_id = create_room(member, base_url, name="AI와 한 판")
    member.locator("#add-ai-easy-1").click()
    expect(member.locator("#seat-1")).to_contain_text("AI", timeout=15_000)
    expect(member.locator("#seat-1 .rank-chip")).to_have_count(0)  # an AI has no rank
    member.locator("#start").click()
    expect(member.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)
    room = seed_rummikub(room_id, [["O5a", "O6a", "O7a"]], [["O8a"], ["K1b", "K2b", "K13a"]], current_seat=0)
    expect(member.locator("#my-turn")).to_be_visible(timeout=15_000)
    expect(member.locator("#players .rank-chip")).to_have_count(1)
    member.locator("#rack #tile-O8a").click()
    member.locator(".table-set", has=member.locator("#tile-O5a")).locator(".place-here").click()
    member.locator("#commit").click()
    expect(member.locator("#room-status")).to_have_attribute("data-status", "finished", timeout=15_000)
    assert _rating_rows(f"{room_id}-{room.games_played}") == []
    member.goto(f"{base_url}/me")
    expect(member.locator("#ratings-none")).to_be_visible(timeout=15_000)


def test_the_mahjong_plates_rank_chip_moves_nothing(players, base_url):
    (member,) = players("마작회원", viewport=PHONE, has_touch=True, is_mobile=True)
    sign_in(member, base_url, "rating-mahjong")
    member.goto(f"{base_url}/lobby")
    practice_mahjong(member)
    chip = member.locator("#plate-bottom .rank-chip")
    expect(chip).to_have_text("배치", timeout=15_000)
    expect(member.locator("#plate-top .rank-chip")).to_have_count(0)  # the AIs have none
    shown, hidden = _without_chips(member, ["#plate-bottom", "#mj-square", "header", ".tr-game-bar"])
    assert shown[1:] == hidden[1:], f"the rank chip moved the table: {shown} vs {hidden}"
    assert shown[0][3] == hidden[0][3], "the plate grew taller with the chip"
    _no_overflow(member)
    _shot(member, "37-mahjong-rank-chip")
