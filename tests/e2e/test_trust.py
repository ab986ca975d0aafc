"""Trust between browsers (issue 17), tested the way an attacker would try it.

1. A guest's public id gives nothing: a third browser that takes every id-like string another
   player's websocket frames showed (the victim's id, name, room) and puts it into its own local
   storage is a stranger to the room — it neither sees the victim's rack nor moves for them.
2. An outsider of a password room, who reaches it through the lobby's 참가 button, receives
   nothing but what the lobby shows: no player ids, names, chat or options.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.e2e.frames import record_frames
from tests.e2e.navigation import create_room, join_from_lobby
from tests.e2e.seeding import stored_room
from tests.unit.table.test_rummikub_frames import TILE_ID

GUEST_ID = re.compile(r"\bg-[0-9a-f]{8,}\b")
TOKEN = re.compile(r"[A-Za-z0-9-]{8,}")


def test_a_browser_that_knows_every_frame_of_another_cannot_act_as_the_victim(players, browser, base_url):
    victim, friend = players("피해자영희", "친구철수")
    friend_frames = record_frames(friend)
    room_id = create_room(victim, base_url, name="신뢰 시험 방")
    join_from_lobby(friend, base_url, room_id)
    expect(victim.locator("#seat-1 .seat-name")).to_have_text("친구철수", timeout=15_000)
    friend.locator("#ready").click()
    expect(victim.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    victim.locator("#start").click()
    for page in (victim, friend):
        expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)

    room = stored_room(room_id)
    victim_id = room.seats[0].occupant.id
    victim_rack = set(room.game_state["racks"][victim_id])
    seen = "\n".join(friend_frames)
    assert victim_id in seen  # the capture works: the victim's public id did reach the friend
    # everything id-like the friend saw, and the id without its prefix: the attacker's candidate keys
    candidates = sorted({m for m in TOKEN.findall(seen) if len(m) <= 64} & ({victim_id, victim_id[2:], room_id} | set(GUEST_ID.findall(seen))))
    candidates += [victim_id[2:]]
    assert victim_id[2:] in candidates

    for key in dict.fromkeys(candidates):
        context = browser.new_context(locale="ko-KR", viewport={"width": 1280, "height": 900})
        try:
            context.add_init_script(f"localStorage.setItem('tilerooms_guest', {json.dumps(key)}); localStorage.setItem('tilerooms_nick', '피해자영희')")
            attacker = context.new_page()
            attacker_frames = record_frames(attacker)
            attacker.goto(f"{base_url}/room/{room_id}")
            expect(attacker.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=30_000)
            # a stranger: watching, no rack, no turn buttons
            expect(attacker.locator("#rack [data-tile]")).to_have_count(0)
            expect(attacker.locator("#my-turn")).to_have_count(0)
            expect(attacker.locator("#draw")).to_have_count(0)
            attacker.wait_for_timeout(300)
            got = "\n".join(attacker_frames)
            leaked = set(victim_rack) & set(TILE_ID.findall(got))  # quoted or inside a set's string
            assert not leaked, f"key {key!r} showed the victim's rack: {sorted(leaked)}"
            # the browser kept none of the planted keys: a key of the old, public form is replaced
            assert attacker.evaluate("localStorage.getItem('tilerooms_guest')") != key
        finally:
            context.close()

    after = stored_room(room_id)
    assert after.seats[0].occupant.id == victim_id and after.host_id == victim_id
    assert set(after.game_state["racks"][victim_id]) == victim_rack  # nobody moved for the victim
    assert all(s.occupant is None or s.occupant.id in (victim_id, room.seats[1].occupant.id) for s in after.seats)


def test_an_outsider_of_a_password_room_gets_only_what_the_lobby_shows(players, base_url):
    host, outsider = players("비밀방주인", "지나가던민수")
    outsider_frames = record_frames(outsider)
    room_id = create_room(host, base_url, name="잠긴 방", password="hunter22")
    host.locator("#chat-input").fill("비밀 이야기")
    host.locator("#chat-send").click()
    expect(host.locator("#chat-log")).to_contain_text("비밀 이야기", timeout=10_000)
    host_id = stored_room(room_id).host_id

    join_from_lobby(outsider, base_url, room_id)
    expect(outsider.locator("#room-password")).to_be_visible(timeout=15_000)
    outsider.wait_for_timeout(500)
    seen = "\n".join(outsider_frames)
    assert "잠긴 방" in seen  # the capture works: the room's name (what the lobby shows) did arrive
    for secret in (host_id, host_id[2:], "비밀방주인", "비밀 이야기", "hunter22"):
        assert secret not in seen, f"an outsider of a password room received {secret!r}"
    # the right password lets them in, and only then do they see the room
    outsider.locator("#room-password").fill("hunter22")
    outsider.locator("#room-password").press("Enter")
    expect(outsider.locator("#seat-0 .seat-name")).to_have_text("비밀방주인", timeout=15_000)


def test_a_player_who_goes_back_to_the_lobby_no_longer_holds_the_room(players, base_url):
    host, guest = players("방장영희", "나가는철수")
    room_id = create_room(host, base_url, name="떠나는 방")
    join_from_lobby(guest, base_url, room_id)
    expect(host.locator("#seat-1 .seat-name")).to_have_text("나가는철수", timeout=15_000)
    expect(host.locator("#seat-1")).not_to_contain_text("연결 끊김")
    # the header's 로비 link, not the leave button: the tab shows the lobby, so the seat's grace starts
    guest.locator("#nav-lobby").click()
    guest.wait_for_url(re.compile(r"/lobby$"), timeout=15_000)
    expect(host.locator("#seat-1")).to_contain_text("연결 끊김", timeout=10_000)
    # and coming back within the grace takes the seat again
    join_from_lobby(guest, base_url, room_id)
    expect(host.locator("#seat-1")).not_to_contain_text("연결 끊김", timeout=10_000)
    assert stored_room(room_id).seats[1].occupant.name == "나가는철수"
