"""Whole games in real browsers (issue 10), each from a seeded near-end position so it stays short:

- two browsers play a number-tile game to the win (drag onto a table set, commit) and both see
  the result screen with the winner and the scores;
- four seats (host, a second player, two AIs) and a spectator: the AIs play live, the spectator
  sees the table and the turn move, and its websocket frames never carry a tile of any rack or the pool;
- a mahjong practice hand against three real AIs runs out the wall: the exhaustive-draw screen
  shows the tenpai hand and the noten payments, and the next hand starts;
- a guest and a member (signed in through the local OpenID provider) play a game to its end:
  the member gets the game's coins, XP and a step of the daily quest on /me, the guest (here
  the winner) gets nothing, exactly as tilerooms/accounts/rewards.py reads 서비스 규칙.

Seeding needs the in-process app, so these skip under --base-url.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import create_room, join_from_lobby, watch_from_lobby
from tests.e2e.oidc_provider import sign_in
from tests.e2e.seeding import seed_mahjong, seed_rummikub, stored_room

TILE_ID = re.compile(r"\b(?:[KRBO](?:1[0-3]|[1-9])[ab]|JK[12])\b")


@pytest.fixture(autouse=True)
def _own_server(request):
    if request.config.getoption("--base-url"):
        pytest.skip("seeds positions into the in-process app")


class Frames:
    """The websocket frames a page receives, one list per websocket: Playwright's sync API delivers
    frame events late (only during a Playwright call), so a frame of a socket from before a reload
    may arrive after it; `since(mark)` reads only the sockets opened after `mark()`."""

    def __init__(self, page) -> None:
        self.sockets: list[list[str]] = []
        page.on("websocket", self._opened)

    def _opened(self, ws) -> None:
        received: list[str] = []
        self.sockets.append(received)
        ws.on("framereceived", lambda payload: received.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    def mark(self) -> int:
        return len(self.sockets)

    def tiles_since(self, mark: int) -> set[str]:
        return {t for sock in self.sockets[mark:] for frame in sock for t in TILE_ID.findall(frame)}


def _create_room(page, base_url: str, host_name: str, room_name: str) -> str:
    room_id = create_room(page, base_url, name=room_name)
    expect(page.locator("#room-name")).to_have_text(room_name, timeout=15_000)
    expect(page.locator("#seat-0 .seat-name")).to_have_text(host_name)  # the name from local storage
    return room_id


def _join_and_ready(page, base_url: str, room_id: str) -> None:
    join_from_lobby(page, base_url, room_id)
    expect(page.locator("#ready")).to_be_visible(timeout=30_000)
    page.locator("#ready").click()


def _start(host, *others) -> None:
    expect(host.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    host.locator("#start").click()
    for page in (host, *others):
        expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)


def _set_of(page, tile: str):
    return page.locator(".table-set", has=page.locator(f"#tile-{tile}"))


def _center(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _mouse_drag(page, source, target) -> None:
    x, y = _center(source)
    tx, ty = _center(target)
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + (tx - x) * step / 10, y + (ty - y) * step / 10)
    page.mouse.up()


def _expect_result(page, summary: str, rows: list[list[str]]) -> None:
    """The result card: the summary line and each ranking row's cells (순위, 이름, 점수, 남은 타일)."""
    expect(page.locator("#results")).to_be_visible(timeout=15_000)
    expect(page.locator("#room-status")).to_have_attribute("data-status", "finished")
    expect(page.locator("#result-summary")).to_have_text(summary)
    expect(page.locator(".result-row")).to_have_count(len(rows))
    for index, cells in enumerate(rows):
        expect(page.locator(".result-row").nth(index).locator("td")).to_have_text(cells)


# -- 1. two browsers, one game, to the win ---------------------------------------------------------


def test_two_browsers_play_a_number_tile_game_to_the_win(players, base_url):
    host, guest = players("영희", "철수")
    room_id = _create_room(host, base_url, "영희", "마지막 한 수")
    _join_and_ready(guest, base_url, room_id)
    _start(host, guest)

    # the host (seat 0) holds one last tile that extends the run on the table
    room = seed_rummikub(room_id, [["O5a", "O6a", "O7a"]], [["O8a"], ["K1b", "K2b", "K13a"]], current_seat=0)
    assert room.game_players[0] == room.host_id
    expect(host.locator("#my-turn")).to_be_visible(timeout=15_000)  # the seeded position, heard live
    expect(host.locator("#rack [data-tile]")).to_have_count(1)
    expect(guest.locator("#rack [data-tile]")).to_have_count(3, timeout=15_000)
    expect(guest.locator("#whose-turn")).to_have_text("영희 님 차례")

    # drag the last tile onto the run; the opponent sees the draft, then the win
    _mouse_drag(host, host.locator("#rack #tile-O8a"), _set_of(host, "O5a"))
    expect(_set_of(host, "O5a").locator("[data-tile]")).to_have_count(4, timeout=10_000)
    expect(host.locator("#rack [data-tile]")).to_have_count(0)
    expect(guest.locator("#table #tile-O8a")).to_be_visible(timeout=10_000)
    host.locator("#commit").click()

    summary = "영희 님 승리! (타일을 모두 내려놓았어요)"
    rows = [["1", "영희", "16", "0"], ["2", "철수", "-16", "3"]]  # 1 + 2 + 13 left in 철수's rack
    for page in (host, guest):
        _expect_result(page, summary, rows)
    expect(host.locator("#back-to-waiting")).to_be_visible()


# -- 2. four seats with two AIs, and a spectator ---------------------------------------------------


def test_two_players_two_ais_and_a_spectator_who_never_sees_a_rack(players, base_url):
    host, guest, watcher = players("방장", "손님", "구경꾼")
    frames = Frames(watcher)
    room_id = _create_room(host, base_url, "방장", "넷이서")
    _join_and_ready(guest, base_url, room_id)
    for seat in (2, 3):
        host.locator(f"#add-ai-normal-{seat}").click()
        expect(host.locator(f"#seat-{seat} .seat-name")).to_have_text(f"AI {seat + 1} (보통)", timeout=10_000)
    watch_from_lobby(watcher, base_url, room_id)
    expect(watcher.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
    expect(host.locator("#spectator-list")).to_be_visible(timeout=10_000)
    _start(host, guest, watcher)

    # AI 3 moves first with a 46-point run; AI 4 follows with one of its own; AI 3 keeps R9 for later
    racks = [
        ["O1a", "B5b", "K3b", "R7b", "B9a", "O12b"],
        ["O3a", "B7b", "K5b", "R5b", "B11a", "O13b"],
        ["K10a", "K11a", "K12a", "K13a", "R9a", "O2a"],
        ["R10a", "R11a", "R12a", "R13a", "O5b", "B1b"],
    ]
    room = seed_rummikub(room_id, [], racks, melded=False, current_seat=2)
    assert room.game_players[:2] == [room.host_id, room.seats[1].occupant.id]
    # the spectator comes back after the seed: only its new socket counts (frames before it
    # showed the dealt game, whose tiles are in other hands now)
    mark = frames.mark()
    watcher.reload()
    expect(watcher.locator("#table #tile-K11a")).to_be_visible(timeout=15_000)
    expect(watcher.locator("#table #tile-R11a")).to_be_visible(timeout=15_000)
    expect(watcher.locator("#whose-turn")).to_have_text("방장 님 차례", timeout=15_000)
    expect(watcher.locator("#rack [data-tile]")).to_have_count(0)
    expect(host.locator("#my-turn")).to_be_visible()

    # the humans draw; the turn goes round, live on the spectator's screen, and AI 3 lays R9 on AI 4's run
    host.locator("#draw").click()
    expect(watcher.locator("#whose-turn")).to_have_text("손님 님 차례", timeout=10_000)
    expect(guest.locator("#my-turn")).to_be_visible(timeout=10_000)
    guest.locator("#draw").click()
    expect(_set_of(watcher, "R9a").locator("[data-tile]")).to_have_count(5, timeout=15_000)
    expect(watcher.locator("#whose-turn")).to_have_text("방장 님 차례", timeout=15_000)
    expect(host.locator("#my-turn")).to_be_visible(timeout=10_000)
    expect(host.locator("#rack [data-tile]")).to_have_count(7)

    # the host's turn: nothing moves now. Let the last frames arrive, then compare with the
    # server's hidden tiles (every rack and the pool)
    watcher.wait_for_timeout(500)
    expect(watcher.locator("#table [data-tile]")).to_have_count(9)
    state = stored_room(room_id).game_state
    hidden = set(state["pool"]) | {t for rack in state["racks"].values() for t in rack}
    seen = frames.tiles_since(mark)
    assert not seen & hidden, f"the spectator saw hidden tiles: {sorted(seen & hidden)}"
    # the capture works: every public tile of the table reached the spectator
    table = {t for s in state["table"] for t in s["tile_ids"]}
    assert table == {"K10a", "K11a", "K12a", "K13a", "R9a", "R10a", "R11a", "R12a", "R13a"}
    assert table <= seen


# -- 3. a mahjong hand against three real AIs, to the exhaustive draw ------------------------------

# AI hands without pairs or near neighbours: no call, no win; the last three wall tiles are 백,
# which nobody holds, so the AIs draw and discard them and the wall runs out
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


def test_a_mahjong_hand_against_three_ais_runs_out_the_wall(players, base_url):
    (page,) = players("나")
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).to_have_value("나", timeout=30_000)
    page.locator("#practice-mahjong").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    room_id = page.url.rstrip("/").rsplit("/", 1)[-1]

    # I deal: 123m 456p 789s 동동 북북 + 9m; three tiles left in the wall
    seed_mahjong(room_id, ["123m456p789s11z44z9m", *JUNK], live="5z5z5z", live_count=3)
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)
    pond = page.locator("#pond-bottom .mj-tile")  # the cut wall lies in the ponds already
    before = pond.count()
    nine = page.locator('#mj-hand .mj-tile[data-code="9m"]').first
    nine.click()
    expect(nine).to_have_attribute("data-selected", "true")
    nine.click()
    expect(pond).to_have_count(before + 1, timeout=10_000)
    expect(pond.last).to_have_attribute("data-code", "9m")

    # the three AIs draw 백 in turn and discard: the wall is empty, I am the one tenpai hand
    expect(page.locator("#mj-result-title")).to_have_text("유국", timeout=20_000)
    draw = page.locator("#mj-draw")
    expect(draw.locator(".mj-tenpai-hand")).to_have_count(1)
    expect(draw.locator(".mj-tenpai-hand")).to_contain_text("나 텐파이")
    expect(draw.locator(".mj-tenpai-hand .mj-tile")).to_have_count(13)
    expect(draw).to_contain_text("노텐: AI")
    rows = page.locator(".mj-delta-row")
    expect(rows).to_have_count(4)
    expect(rows.filter(has_text="나")).to_contain_text("+3000")
    expect(rows.filter(has_text="28000")).to_have_count(1)
    expect(rows.filter(has_text="-1000")).to_have_count(3)

    # the dealer was tenpai: after everyone confirms, the same dealer deals the next hand
    page.locator("#mj-ready").click()
    expect(page.locator("#mj-result")).to_have_count(0, timeout=15_000)
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=15_000)
    expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)


# -- 4. a guest and a member: only the member is rewarded ----------------------------------------


def _ledger(game_id: str, timeout_s: float = 10.0) -> tuple[list[tuple], list[tuple]]:
    """The game's reward rows and participants, once the game-end listener has written them."""
    import sqlalchemy as sa

    from tilerooms.db.engine import get_engine

    engine = get_engine(os.environ["DATABASE_URL"])
    deadline = time.monotonic() + timeout_s
    while True:
        with engine.connect() as conn:
            rewarded = conn.execute(sa.text("SELECT rewarded FROM games WHERE id = :g"), {"g": game_id}).scalar()
            if rewarded or time.monotonic() > deadline:
                ledger = conn.execute(sa.text("SELECT user_id, kind, amount FROM reward_ledger WHERE game_id = :g ORDER BY kind"), {"g": game_id}).all()
                people = conn.execute(
                    sa.text("SELECT player_id, user_id, kind, rank, winner FROM game_participants WHERE game_id = :g ORDER BY rank"), {"g": game_id}
                ).all()
                return [tuple(r) for r in ledger], [tuple(r) for r in people]
        time.sleep(0.2)


def test_a_member_is_rewarded_and_the_guest_is_not(players, base_url):
    member, guest = players("회원님", "손님이")
    sign_in(member, base_url, "reward-member")
    expect(member.locator("#profile-name")).to_have_text("회원님", timeout=15_000)
    expect(member.locator("#stat-coins")).to_have_text("0")

    room_id = _create_room(member, base_url, "회원님", "회원과 손님")
    _join_and_ready(guest, base_url, room_id)
    _start(member, guest)

    # the guest (seat 1) moves and goes out with B12 on the blue run
    room = seed_rummikub(room_id, [["B9a", "B10a", "B11a"]], [["R3a", "R4a", "K13b"], ["B12a"]], current_seat=1)
    member_id, guest_id = room.game_players
    assert member_id.startswith("u-") and guest_id.startswith("g-")
    expect(guest.locator("#my-turn")).to_be_visible(timeout=15_000)
    expect(guest.locator("#rack [data-tile]")).to_have_count(1)

    # tap the tile, then the set's "+" button (tap + place)
    guest.locator("#rack #tile-B12a").click()
    expect(guest.locator("#rack #tile-B12a")).to_have_attribute("data-selected", "true")
    _set_of(guest, "B9a").locator(".place-here").click()
    expect(_set_of(guest, "B9a").locator("[data-tile]")).to_have_count(4, timeout=10_000)
    guest.locator("#commit").click()

    rows = [["1", "손님이", "20", "0"], ["2", "회원님", "-20", "3"]]
    for page in (guest, member):
        _expect_result(page, "손님이 님 승리! (타일을 모두 내려놓았어요)", rows)

    # the ledger: the member's game coins, XP and quest step; nothing for the guest, not even the win
    user_id = int(member_id[2:])
    ledger, people = _ledger(f"{room_id}-{room.games_played}")
    assert ledger == [(user_id, "coins:game", 10), (user_id, "quest:daily5", 1), (user_id, "xp:game", 20)]
    assert people == [(guest_id, None, "guest", 1, 1), (member_id, user_id, "member", 2, 0)]

    member.goto(f"{base_url}/me")
    expect(member.locator("#stat-games")).to_have_text("1", timeout=15_000)
    expect(member.locator("#stat-coins")).to_have_text("10")
    expect(member.locator("#stat-xp")).to_have_text("20")
    expect(member.locator("#stat-wins")).to_have_text("0")
    expect(member.locator("#quest-progress")).to_contain_text("1 / 5")
    guest.goto(f"{base_url}/me")
    expect(guest.locator("#guest-notice")).to_be_visible(timeout=15_000)
    expect(guest.locator("#stat-coins")).to_have_count(0)
