"""What a mahjong discard sends (issue 20: 2): the frames Reflex would put on the socket for one
discard on a seeded mid-hand table, to the discarder and to a spectator, serialised the way Reflex's
socket does (`42/_event,["event",StateUpdate]`, socket.io's separators).

A discard sends the pond row that changed and the turn, not the table (the claim window's close and
the next draw, a frame of the turn alone, are measured with real sockets in
tests/e2e/test_mahjong_frames.py); a push whose view differs
only by `game_state.seq` (another seat's hidden claim answer) sends nothing; the plates' hand sizes
computed in the browser (13 less 3 a meld, one more for the holder) are the engine's own.
"""

from __future__ import annotations

import re

import reflex as rx
from reflex.state import StateUpdate
from reflex_base.utils.format import json_dumps

from tests.helpers.states import browser_state
from tests.mahjong_wire import ids_in, tokens_in
from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.random_bot import self_play
from tilerooms.games.mahjong.state import make_state
from tilerooms.rooms.identity import guest
from tilerooms.rooms.service import RoomService, now_ms
from tilerooms.table.mahjong.rows import mahjong_table, plate_count
from tilerooms.table.mahjong.state import MahjongTable

HOST = guest("mjframehost01", "영희")
WATCHER = guest("mjframewatch3", "민수")
PREFIX = "42/_event,"
TARGET_MEDIAN, TARGET_P95 = 400, 1500  # issue 20's frame targets for a mahjong discard (median, p95)
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z"]
# mid-hand: ponds of 6-8 tiles, a pon on the table; the host deals and has drawn 9s (as tests/e2e/test_mahjong_frames.py)
HANDS = ["123m456m78p99s55z9m9s", JUNK[0], JUNK[1], "3m6m9m3p6p9p3s6s9s1s"]
PONDS = {0: "1z4z1m9p8s2p3p", 1: "1z9m9p1s4z6p2s5p", 2: "1z4z8m7m3s4s5s6s", 3: "2m3m4m8p7p5p"}
MELDS = {3: [{"type": "pon", "tiles": "777s", "from": 2}]}


def _frame(delta: dict) -> str:
    """One socket.io packet as Reflex sends it."""
    return PREFIX + json_dumps(["event", StateUpdate(delta=delta)], separators=(",", ":"))


def _browser(viewer: str, room_id: str) -> tuple[rx.State, MahjongTable]:
    return browser_state(MahjongTable, viewer, room_id)


async def _sent(root: rx.State) -> str:
    delta = await root._get_resolved_delta()
    root._clean()
    return _frame(delta) if delta else ""


async def _seeded(service: RoomService) -> tuple[str, dict]:
    room_id = await service.create_room(HOST, game="mahjong")
    await service.join(room_id, WATCHER, spectate=True)
    for seat in (1, 2, 3):  # AIs: they act on the server's clock only, which the test moves
        await service.waiting_room(room_id, HOST.id, "add_ai", seat=seat, level="easy")
    await service.waiting_room(room_id, HOST.id, "start")
    async with service.store.lock(room_id):
        room = await service.store.load(room_id)
        old = room.game_state
        state = make_state(HANDS, players=old["players"], options={**old["options"], "startedAt": now_ms()}, discards=PONDS, melds=MELDS)
        state["phase_seq"] = old["phase_seq"] + 1
        room.game_state, room.ai_due = state, {}  # no AI move planned for the old game
        room.version += 1
        await service.store.save(room)
    return room_id, state


async def test_a_discard_sends_one_pond_row_and_the_turn_in_small_frames(monkeypatch):
    from tilerooms import wiring

    service = RoomService(seed_source=lambda: 5)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))  # the handlers' room service
    room_id, state = await _seeded(service)
    host = state["players"][0]
    assert host == HOST.id
    (host_root, mover), (watch_root, watcher) = _browser(HOST.id, room_id), _browser(WATCHER.id, room_id)
    for root, table, who in ((host_root, mover, HOST.id), (watch_root, watcher, WATCHER.id)):
        table._apply_view(await service.view(room_id, who), force=True)
        first = await _sent(root)
        assert len(tokens_in([first])) >= 29 + 3  # every pond tile and the pon went once
    assert not ids_in([first]) & set(state["hand"]["closed"][0])  # the spectator's: no hand

    drawn = mover.mj_own.drawn[0].id
    await mover.mj_swipe(drawn)  # throws the drawn 9s: through the room service, like a browser
    mine = await _sent(host_root)
    watcher._apply_view(await service.view(room_id, WATCHER.id))
    seen = await _sent(watch_root)
    room = await service.store.load(room_id)
    assert room.game_state["hand"]["stage"] == "claim"  # the window is open: its close and the next draw come later
    print(f"a discard's frame: spectator {len(seen.encode())} B, the discarder {len(mine.encode())} B")

    vars_sent = set(re.findall(r'"(mj_\w+?)_rx_state_"', seen))
    assert vars_sent == {"mj_pond_bottom_1", "mj_turn"}, seen  # the 8th tile opens row 2 of my pond
    assert drawn in tokens_in([seen]) and not ids_in([seen]) & set(state["hand"]["closed"][0]) - {int(drawn.split(":")[0])}
    assert len(seen.encode()) <= TARGET_MEDIAN, seen
    assert len(mine.encode()) <= TARGET_P95 and '"mj_own_rx_state_"' in mine


async def test_a_push_that_moves_only_the_seq_sends_nothing():
    service = RoomService(seed_source=lambda: 5)
    room_id, _ = await _seeded(service)
    root, table = _browser(WATCHER.id, room_id)
    view = await service.view(room_id, WATCHER.id)
    table._apply_view(view, force=True)
    await _sent(root)
    moved = {**view, "version": view["version"] + 1, "game_state": {**view["game_state"], "seq": view["game_state"]["seq"] + 1}}
    table._apply_view(moved)
    assert await _sent(root) == ""  # `put` assigns no var whose value is the same
    # the push itself is skipped before any state loads by the live registry, the one place that
    # de-duplicates pushes (issue 33; tests/integration/test_push_once.py): the table only applies
    assert table._mj_view["seq"] == view["game_state"]["seq"] + 1


def test_the_plates_hand_sizes_are_the_engines():
    """The browser shows 13 less 3 a meld, one more for the holder (ui/mahjong_table.py `_plate`):
    the engine's handCount at every step of self-played games, kans, kita and calls included."""
    checked = 0

    def check(state: dict) -> None:
        nonlocal checked
        if state["hand"] is None:
            return
        table = mahjong_table(engine.view(state, None), {})
        for p in engine.view(state, None)["players"]:
            place = {0: "bottom", 1: "right", 2: "top" if len(state["players"]) == 4 else "left", 3: "left"}[p["seat"]]
            assert plate_count(len(p["melds"]), table.turn.holder == place) == p["handCount"], (p, table.turn)
            checked += 1

    for seed, players in ((1, ["a", "b", "c", "d"]), (2, ["a", "b", "c", "d"]), (4, ["a", "b", "c"])):
        self_play(players, seed, on_step=check)
    assert checked > 10_000


def test_a_pond_row_holds_six_and_the_last_the_rest():
    from tilerooms.table.mahjong.rows import pond_rows

    tiles = [f"{i}:1m" for i in range(20)]
    rows = pond_rows(tiles)
    assert [len(r) for r in rows] == [6, 6, 6, 2] and sum(rows, []) == tiles
    assert pond_rows([]) == [[], [], [], []]


async def test_a_discard_styles_the_table_once(monkeypatch):
    # issue 33: the action's answer restyled the table, then the handler restyled it again
    from tilerooms import wiring
    from tilerooms.table.mahjong import state as table_state

    service = RoomService(seed_source=lambda: 5)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))  # this worker's rooms: live viewers on this service
    room_id, state = await _seeded(service)
    root, mover = _browser(HOST.id, room_id)
    mover._apply_view(await service.view(room_id, HOST.id), force=True)
    styled: list[int] = []

    def counted(*args, **kwargs):
        styled.append(1)
        return mahjong_table(*args, **kwargs)

    monkeypatch.setattr(table_state, "mahjong_table", counted)
    drawn = mover.mj_own.drawn[0].id
    await mover.mj_tap(drawn)  # selected: styled once
    assert len(styled) == 1 and mover._mj_selected == drawn
    await mover.mj_tap(drawn)  # the second tap discards: styled once more, by the answer
    assert len(styled) == 2 and mover._mj_selected == ""
    assert (await service.store.load(room_id)).game_state["hand"]["stage"] == "claim"
    assert mover.error == "" and drawn in str(mover.mj_pond_bottom_1)
    # a refused action with nothing selected changes nothing on the table: not styled
    await mover.mj_turn_action("tsumo")
    assert mover.error and len(styled) == 2
    # a refused one that drops a selection styles once, to show it gone
    mover._mj_selected = mover.mj_own.hand[0].id
    await mover.mj_turn_action("tsumo")
    assert mover._mj_selected == "" and len(styled) == 3
