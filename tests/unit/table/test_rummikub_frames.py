"""What a number-tile move sends (issue 20: 2): the frames Reflex would put on the socket for one
draft move on a seeded mid-game table, to the mover and to a spectator, serialised the way
Reflex's socket does (`42/_event,["event",StateUpdate]`: Reflex's JSON encoder with socket.io's
separators).

A draft move sends the one set that changed (its slot var), not the table; a selection sends the
selection; the rack goes as tile ids. The compact form still carries every tile a viewer sees by
its id, and nothing of another rack.
"""

from __future__ import annotations

import re

import reflex as rx
from reflex.state import StateUpdate
from reflex_base.utils.format import json_dumps

from tests.helpers.people import GUEST, HOST, WATCHER
from tests.helpers.rooms import replace_game, started
from tests.helpers.states import browser_state
from tilerooms.games.rummikub.engine import make_state
from tilerooms.i18n import text
from tilerooms.rooms.service import RoomService, now_ms
from tilerooms.table.rummikub.rows import SET_SLOTS, Board, parse_set_code, parse_turn_line, set_code
from tilerooms.table.rummikub.state import RummikubTable

TILE_ID = re.compile(r"\b(?:[KRBO](?:1[0-3]|[1-9])[ab]|JK[12])\b")  # as the browser tests search frames

# a mid-game table of 12 sets / 40 tiles (a joker standing in for red 5), 14 tiles on the host's rack
TABLE = [
    ["K1a", "K2a", "K3a", "K4a"],
    ["R3a", "R4a", "JK1", "R6a"],
    ["B7a", "B8a", "B9a"],
    ["O9a", "O10a", "O11a", "O12a"],
    ["K7a", "R7a", "B7b"],
    ["K10a", "R10a", "B10a", "O10b"],
    ["K12a", "K13a", "K11a"],
    ["B1a", "B2a", "B3a"],
    ["O1a", "O2a", "O3a"],
    ["R11a", "R12a", "R13a"],
    ["K5a", "R5b", "B5a"],
    ["O5a", "O6a", "O7a"],
]
HOST_RACK = ["R1a", "R2a", "B4a", "K8a", "O13a", "B12a", "K9b", "R9a", "B11b", "O4b", "K6b", "R8b", "B13a", "JK2"]
GUEST_RACK = ["K13b", "O8a", "B6b", "R1b", "K2b", "O12b"]
PREFIX = "42/_event,"
TARGET_MEDIAN, TARGET_P95 = 400, 1500  # issue 20's frame targets for a number-tile draft move (median, p95)


def _frame(delta: dict) -> str:
    """One socket.io packet as Reflex sends it."""
    return PREFIX + json_dumps(["event", StateUpdate(delta=delta)], separators=(",", ":"))  # socket.io's own separators


def _browser(viewer: str) -> tuple[rx.State, RummikubTable]:
    return browser_state(RummikubTable, viewer)


async def _seeded(service: RoomService) -> str:
    room_id = await started(service, spectators=[WATCHER])
    await replace_game(
        service,
        room_id,
        make_state(
            table=TABLE,
            racks={HOST.id: HOST_RACK, GUEST.id: GUEST_RACK},
            current=HOST.id,
            has_melded={HOST.id: True, GUEST.id: True},
            options={"startedAt": now_ms()},
        ),
    )
    return room_id


async def _sent(root: rx.State) -> str:
    delta = await root._get_resolved_delta()
    root._clean()
    return _frame(delta) if delta else ""


async def test_a_draft_move_sends_the_changed_set_only_in_small_frames(monkeypatch):
    from tilerooms import wiring

    service = RoomService(seed_source=lambda: 7)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))  # the handlers' room service
    room_id = await _seeded(service)
    (mover_root, mover), (watch_root, watcher) = _browser(HOST.id), _browser(WATCHER.id)
    mover._room_id = room_id
    for root, state, who in ((mover_root, mover, HOST.id), (watch_root, watcher, WATCHER.id)):
        state._apply_view(await service.view(room_id, who), force=True)
        first = await _sent(root)
        assert set(TILE_ID.findall(first)) >= {t for s in TABLE for t in s}  # the whole table went once
    assert {t for t in TILE_ID.findall(first)} & set(HOST_RACK + GUEST_RACK) == set()  # the spectator's: no rack
    assert [c for c in mover.rack_cells if c][:3] == ["R1a", "R2a", "B4a"]

    sizes: dict[str, list[int]] = {"mover": [], "spectator": []}
    for tile in ("K8a", "R1a", "O13a"):  # three draft moves: a rack tile to a new set each
        mover.toggle(tile)
        selected = await _sent(mover_root)
        assert len(selected) < 250, selected  # a selection sends the selection, not the rack
        await mover.place_new()
        moved = await _sent(mover_root)
        watcher._apply_view(await service.view(room_id, WATCHER.id))
        seen = await _sent(watch_root)
        sizes["mover"].append(len(moved.encode()))
        sizes["spectator"].append(len(seen.encode()))
        # the spectator hears of the new set by itself: one slot, "rank row col tile|reason"
        slots = re.findall(r'"(set_\d+)_rx_state_":"([^"]*)"', seen)
        assert len(slots) == 1, seen
        assert parse_set_code(slots[0][1])[3] == [tile] and tile in TILE_ID.findall(seen)
        assert "rack_cells" not in seen and not set(TILE_ID.findall(seen)) & (set(HOST_RACK) - {"K8a", "R1a", "O13a"})
        assert '"rack_cells_rx_state_"' in moved and tile not in re.search(r'"rack_cells_rx_state_":\[[^\]]*\]', moved).group(0)
    print(f"draft-move frames: mover {sizes['mover']} B, spectator {sizes['spectator']} B")
    # a watcher's frame for a draft move is the median frame's target; the mover's (its rack too) stays under the p95
    assert max(sizes["spectator"]) <= TARGET_MEDIAN, sizes
    assert max(sizes["mover"]) <= TARGET_P95, sizes


async def test_the_board_read_back_from_the_compact_vars_is_the_view(service):
    room_id = await _seeded(service)
    await service.act(room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": s} for s in TABLE] + [{"tileIds": ["K8a", "K9b"]}]})
    _, mover = _browser(HOST.id)
    mover._apply_view(await service.view(room_id, HOST.id), force=True)
    rows = mover.sets
    assert [[t.id for t in s.tiles] for s in rows][-1] == ["K8a", "K9b"]
    assert (rows[-1].valid, rows[-1].reason) == (False, "too_short")  # an id: the board shows its catalog text
    assert (text("set.reason.too_short"), text("set.reason.too_short", "en")) == ("3개 이상이어야 해요", "Needs 3 or more tiles")
    assert all(s.valid for s in rows[:-1]) and [s.index for s in rows] == list(range(13))
    joker = rows[1].tiles[2]
    assert (joker.id, joker.label, joker.aria) == ("JK1", "J", "조커 (빨강 5)")
    assert [(t.label, t.colour, t.symbol, t.aria) for t in rows[2].tiles[:1]] == [("7", "B", "◆", "파랑 7")]
    rack = [c.tile for c in mover.rack if not c.empty]
    assert [t.id for t in rack] == [t for t in HOST_RACK if t not in ("K8a", "K9b")]
    assert rack[-1].aria == "조커"  # a rack joker stands for nothing yet
    turn = parse_turn_line(mover.turn)
    assert (turn.tiles, turn.current, turn.pool) == ([14, 6], 0, 106 - 40 - 14 - 6) and [p.name for p in mover.players] == ["영희", "철수"]


def test_sets_past_the_slots_go_in_one_list_and_read_back_in_order():
    # a table of 26 groups (every black, red and blue tile) and a draft that lays 16 orange tiles out one by one: 42 sets
    root, state = _browser(HOST.id)
    groups = [[f"{c}{n}{copy}" for c in "KRB"] for copy in "ab" for n in range(1, 14)]
    codes = [set_code(i, i // 4, (i % 4) * 7, tiles) for i, tiles in enumerate(groups)]
    singles = [f"O{n}a" for n in range(1, 14)] + ["O1b", "O2b", "O3b"]
    codes += [set_code(26 + i, 7 + i, 0, [t], "3개 이상이어야 해요") for i, t in enumerate(singles)]
    state._show_board(Board(sets=codes))
    assert [getattr(state, f"set_{i}") for i in range(SET_SLOTS)] == codes[:SET_SLOTS]
    assert state.sets_more == codes[SET_SLOTS:] and len(state.sets_more) == 2
    assert [s.index for s in state.sets] == list(range(42)) and [t.id for t in state.sets[41].tiles] == ["O3b"]
    root._clean()
    state._show_board(Board(sets=codes[:-1]))  # the last single goes back: one list changes, no slot
    assert {name for name in state.dirty_vars if not name.startswith("_")} == {"sets_more"}
