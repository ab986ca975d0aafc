"""The mahjong table's kan buttons (issue 33: one check of a payload): the table sends the action
its button names and the engine's parse is the one check of it; a key naming something else than a
kan is refused at the table, in Korean, and the room is as it was."""

from __future__ import annotations

from tests.unit.mahjong_engine.mje_helpers import table as quiet_table
from tests.unit.table.test_mahjong_frames import HOST, _browser, _seeded
from tilerooms.games.mahjong import engine
from tilerooms.i18n import server_text
from tilerooms.rooms.service import RoomService
from tilerooms.table.mahjong.rows import mahjong_table


def test_an_ankan_button_names_one_of_its_tiles_and_the_engine_kans_its_kind() -> None:
    s = quiet_table({0: "999s234p567p123m5z9s"})
    view = {**engine.view(s, s["players"][0]), "game": "mahjong"}
    kans = mahjong_table(view, {}).own.kans
    assert [k.key.split(":")[0] for k in kans] == ["ankan"]
    kind, _, tile = kans[0].key.partition(":")
    engine.apply(s, s["players"][0], {"type": kind, "tile": tile})  # what `MahjongTable.mj_kan` sends
    meld = s["hand"]["melds"][0][0]
    assert meld["type"] == "ankan" and [t >> 2 for t in meld["tiles"]] == [26, 26, 26, 26]  # 9s; the kind number itself as a tile id would be 7m


async def test_a_kan_key_the_table_never_offers_is_refused_in_korean_and_changes_nothing(monkeypatch) -> None:
    from tilerooms import wiring

    service = RoomService(seed_source=lambda: 5)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))
    room_id, _ = await _seeded(service)
    _, table = _browser(HOST.id, room_id)
    table._apply_view(await service.view(room_id, HOST.id), force=True)
    before = (await service.store.load(room_id)).model_dump_json()
    drawn = table.mj_own.drawn[0].id
    for key in (f"discard:{drawn}", "ankan:²:1m", "kakan:x", "ankan:", "", ":::"):
        table.error = ""
        await table.mj_kan(key)
        shown = server_text(table.error, table.error_args)  # the line the page renders from the id
        assert table.error and any("\uac00" <= ch <= "\ud7a3" for ch in shown), key
        assert (await service.store.load(room_id)).model_dump_json() == before, key


def test_the_room_page_builds_with_every_buttons_arguments_fitting_its_handler() -> None:
    """Reflex checks at build time that what a button passes fits its handler's annotated
    parameters (a call button passing no tiles once handed the click's event to `tiles`)."""
    from tilerooms.table.page import room_page

    rendered = str(room_page().render())
    assert "mj_call" in rendered and "mj_kan" in rendered and "drop_tiles" in rendered
