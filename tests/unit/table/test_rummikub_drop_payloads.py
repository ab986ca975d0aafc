"""A drop the board's gesture layer never sends (issue 35: 1): a tile id that is no tile, a target
cell of the wrong shape. The table parses the drop first (`gestures.parse_drop`), so each gets the
Korean refusal, the room stays as it was, and nothing raises; a real drop still plays."""

from __future__ import annotations

import pytest

from tests.helpers.people import HOST
from tests.unit.table.test_rummikub_frames import HOST_RACK, _browser, _seeded
from tilerooms.i18n import server_text
from tilerooms.rooms.service import RoomService
from tilerooms.table.payloads import REFUSED_MESSAGE, BadPayload, ascii_int
from tilerooms.table.rummikub.gestures import parse_drop
from tilerooms.table.rummikub.state import RummikubTable

JUNK_DROPS = [
    {"tiles": ["ZZ99"], "target": {"kind": "table"}},
    {"tiles": ["R1a", "ZZ99"], "target": {"kind": "set", "index": 0}},
    {"tiles": ["R1a"], "target": {"kind": "table", "cell": {"row": "x", "col": 0}}},
    {"tiles": ["R1a"], "target": {"kind": "table", "cell": {}}},
    {"tiles": ["R1a"], "target": {"kind": "table", "cell": {"row": None, "col": 0}}},
    {"tiles": ["R1a"], "target": {"kind": "table", "cell": {"row": [1], "col": 0}}},
    {"tiles": ["R1a"], "target": {"kind": "set", "index": 0, "cell": {"row": 1.5, "col": 0}}},
    {"tiles": ["R1a"], "target": {"kind": "table", "cell": {"row": -1, "col": 0}}},
    {"tiles": ["R1a"], "target": {"kind": "set", "index": "²"}},
    {"tiles": ["R1a"], "target": {"kind": "rack", "cell": "١"}},
    {"tiles": ["R1a"], "target": {"kind": "nope"}},
    {"tiles": ["R1a"], "target": {"kind": "table", "extra": 1}},
    {"tiles": ["x" * 20_000], "target": {"kind": "table"}},
]


async def _host_table(monkeypatch) -> tuple[RoomService, str, RummikubTable]:
    """The seeded mid-game room (the host to play) and the host's table showing it."""
    from tilerooms import wiring

    service = RoomService(seed_source=lambda: 7)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))
    room_id = await _seeded(service)
    _, table = _browser(HOST.id)
    table._room_id = room_id
    table._apply_view(await service.view(room_id, HOST.id), force=True)
    return service, room_id, table


@pytest.mark.parametrize("data", JUNK_DROPS, ids=range(len(JUNK_DROPS)))
async def test_a_junk_drop_is_refused_in_korean_and_the_room_is_as_it_was(monkeypatch, data):
    service, room_id, table = await _host_table(monkeypatch)
    before = (await service.store.load(room_id)).model_dump_json()
    await table.drop_tiles(data)
    assert table.error == REFUSED_MESSAGE and "새로 고친" in server_text(table.error, table.error_args)
    assert (await service.store.load(room_id)).model_dump_json() == before


async def test_a_real_drop_on_the_table_still_plays(monkeypatch):
    service, room_id, table = await _host_table(monkeypatch)
    await table.drop_tiles({"tiles": [HOST_RACK[0]], "target": {"kind": "table", "cell": {"row": 9, "col": 0}}})
    assert table.error == ""
    draft = (await service.store.load(room_id)).game_state["draft"]["sets"]
    assert draft[-1]["tile_ids"] == [HOST_RACK[0]]  # placed (the engine may nudge it to a free row)


def test_the_drops_the_board_sends_parse():
    assert parse_drop({"tiles": ["R1a"], "target": {"kind": "rack", "cell": -1}}).rack_cell == -1
    assert parse_drop({"tiles": ["R1a", "JK1"], "target": {"kind": "set", "index": 3, "cell": None}}).index == 3
    assert parse_drop({"tiles": ["R1a"], "target": {"kind": "set", "index": None, "cell": {"row": 2, "col": 5}}}).cell == {"row": 2, "col": 5}
    assert parse_drop({"tiles": [], "target": {"kind": "table", "cell": {"row": 0, "col": 27}}}).target() == {
        "kind": "table",
        "index": None,
        "cell": {"row": 0, "col": 27},
    }


@pytest.mark.parametrize("text", ["²", "١٢٠", "-1", " 60", "6 0", "", "9" * 5000, "60.0"])
def test_a_number_typed_as_text_is_ascii_digits_only(text):
    with pytest.raises(BadPayload):
        ascii_int(text, 0, 100_000)
    assert ascii_int("180", 0, 100_000) == 180
