"""The mahjong table rows come from one viewer's own view: own hand with the drawn tile apart,
seats placed around me, my claim window only, riichi mode, kuikae locks, beginner hints, result
screens, the ranking and chart — and RoomState's public vars never carry another hand."""

from __future__ import annotations

import reflex as rx
from reflex_base.utils.format import json_dumps

from tests.helpers.states import browser_state
from tests.mahjong_wire import tokens_in
from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.flow import tok
from tilerooms.games.mahjong.state import make_state
from tilerooms.i18n import text
from tilerooms.rooms.identity import guest
from tilerooms.rooms.service import RoomService
from tilerooms.table.mahjong.rows import PLACES, mahjong_table, ranking_rows, tile_code, tile_label
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.mahjong.tiles import ASSET_DIR, all_codes, tile_svg

PLAYERS = ["me", "a1", "a2", "a3"]
NAMES = {"me": "나", "a1": "하가", "a2": "대면", "a3": "상가"}
# no AI hand holds a pair or two tiles one or two apart: nobody else can call
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


def _state(me: str, **kw):
    return make_state([me, *JUNK], players=PLAYERS, **kw)


def _codes(tiles) -> list[str]:
    """The codes of hand tiles (rows with an id) or tokens."""
    return [tile_code(t if isinstance(t, str) else t.id) for t in tiles]


def test_tile_labels_and_own_art():
    assert [tile_label(c) for c in ("1m", "0p", "9s", "1z", "5z", "7z")] == ["1만", "5통", "9삭", "동", "백", "중"]
    for code in all_codes():
        assert (ASSET_DIR / f"{code}.svg").read_text(encoding="utf-8") == tile_svg(code), "run python -m tilerooms.table.mahjong.tiles"
    assert 'fill="#c62828"' in tile_svg("0p")  # the red five is red


def test_own_hand_drawn_tile_apart_and_seats_around_me():
    state = _state("123m456m78p99s55z9m1z", live="5z6p")
    table = mahjong_table(engine.view(state, "me"), NAMES)
    assert _codes(table.own.drawn) == ["1z"]
    assert len(table.own.hand) == 13 and "1z" not in _codes(table.own.hand)
    assert [(p, table.plates[p].name) for p in PLACES] == [("bottom", "나"), ("right", "하가"), ("top", "대면"), ("left", "상가")]
    assert table.info.my_turn and table.round.label == "동1국 0본장"
    assert (table.turn.seat, table.turn.holder) == ("bottom", "bottom")  # I deal: 14 tiles
    # the player on my right sees me on their left
    theirs = mahjong_table(engine.view(state, "a1"), NAMES)
    assert theirs.plates["left"].name == "나" and theirs.turn.holder == "left"
    assert theirs.own.hand and not theirs.info.my_turn


def test_claim_window_is_mine_only_and_others_see_the_waiting_text():
    state = make_state(["123m456m78p99s55z9m", JUNK[0] + "5z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1)
    white = state["hand"]["drawn"][1]
    engine.apply(state, "a1", {"type": "discard", "tile": white, "at": 1000})
    mine = mahjong_table(engine.view(state, "me"), NAMES)
    assert mine.claim.open and mine.claim.pon and not mine.claim.ron and tile_code(mine.claim.tile) == "5z"
    assert mine.claim.from_name == "하가" and mine.claim.question == "을 가져올까요?"
    assert [_codes(c.tiles) for c in mine.claim.pon_choices] == [["5z", "5z"]]
    # a claim window: nobody holds a tile to discard, no clock for those not asked
    other = mahjong_table(engine.view(state, "a2"), NAMES)
    assert not other.claim.open and other.turn.holder == "" and other.turn.deadline == 0
    assert other.claim.pon_choices == [] and not other.claim.pon


def test_riichi_mode_lights_only_tenpai_keeping_discards():
    state = _state("234m567m345p67s22p7z")
    table = mahjong_table(engine.view(state, "me"), NAMES, riichi_mode=True)
    assert table.own.can_riichi and table.own.riichi_mode
    assert _codes(table.own.lit) == ["7z"]
    assert not mahjong_table(engine.view(state, "me"), NAMES).own.riichi_mode  # only on request


def test_kuikae_tiles_are_locked_after_a_chi():
    # spec §10: 34m + chi of 2m: neither 2m nor 5m may be discarded at once
    state = make_state(["2345m456p789p11s9s", JUNK[0], JUNK[1], "1m7m1p4p7p1s4s7s2z3z6z7z1z2m"], players=PLAYERS, turn=3)
    engine.apply(state, "a3", {"type": "discard", "tile": state["hand"]["drawn"][3], "at": 1000})
    three_four = [t for t in state["hand"]["closed"][0] if t >> 2 in (2, 3)]
    # after the window's uniform minimum (spec 5.3 step 2), so the chi settles at once
    engine.apply(state, "me", {"type": "claim", "call": "chi", "tiles": three_four, "at": 2500})
    table = mahjong_table(engine.view(state, "me"), NAMES)
    assert sorted(_codes(table.own.locked)) == ["2m", "5m"]
    assert all(not t.legal for t in table.own.hand if t.id in table.own.locked)
    meld = table.melds["bottom"][0]
    assert meld.name == "치" and sorted(_codes(meld.tiles)) == ["2m", "3m", "4m"]
    assert table.turn.holder == "bottom" and table.own.can_discard  # after the call I hold 11 + discard


def test_beginner_hints_waits_counts_and_the_no_yaku_warning():
    state = _state("123m456m789p99s55z7z")
    assert not mahjong_table(engine.view(state, "me"), NAMES).own.hints  # beginner off
    table = mahjong_table(engine.view(state, "me"), NAMES, beginner=True, selected=tok(state["hand"]["drawn"][0]))
    hinted = {tile_code(t): hint for t, hint in table.own.hints.items()}
    assert hinted == {"7z": "대기 9삭·백 · 남은 4장"}  # I see two 9s and two 백 of my own
    assert table.own.yaku_hint == "역: 역패: 백"
    assert table.own.yaku_hint_en == "Yaku: Yakuhai: Haku"  # the English locale's line
    # an open hand waiting without a yaku: "역 없음"
    state = make_state(["123m456p78s99s", JUNK[0] + "1z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1, melds={0: [{"type": "chi", "tiles": "234s", "from": 3}]})
    table = mahjong_table(engine.view(state, "me"), NAMES, beginner=True)
    assert table.own.waits_text == "대기 6삭·9삭"
    assert table.own.waits_text_en == "Waits 6s·9s"
    assert text(table.own.no_yaku).startswith("역 없음") and text(table.own.no_yaku, "en").startswith("No yaku")


def test_furiten_badge_comes_from_my_view():
    state = make_state(["123m456m789p23s55z", JUNK[0] + "1z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1, discards={0: "4s"})
    table = mahjong_table(engine.view(state, "me"), NAMES)
    assert table.own.furiten and table.own.waits_text == "대기 1삭·4삭"


def test_a_tsumo_win_screen_lists_yaku_and_ura_and_an_exhaustive_draw_shows_tenpai_hands():
    state = make_state(["234m567m345p678s2p2p", *JUNK], players=PLAYERS, riichi=[0], discards={0: "1z"}, ura="1s")
    engine.apply(state, "me", {"type": "tsumo", "at": 1000})
    res = mahjong_table(engine.view(state, "a2"), NAMES).result
    assert res.shown and (text(res.title), text(res.title, "en")) == ("쯔모", "Tsumo") and len(res.winners) == 1
    win = res.winners[0]
    assert win.name == "나" and win.win_tile.code == "2p" and [t.code for t in win.ura] == ["1s"]
    names = [y.name for y in win.yaku]
    assert "리치" in names and "멘젠쯔모" in names and win.points > 0
    assert len(win.hand) == 13 and res.deltas[0].delta == win.points and res.deltas[1].delta < 0
    # exhaustive draw: the last discard passes
    draw = make_state(["123m456m789p23s55z9m", *JUNK], players=PLAYERS, live_count=0)
    engine.apply(draw, "me", {"type": "discard", "tile": draw["hand"]["drawn"][0], "at": 1000})
    engine.apply(draw, "a1", {"type": "timeout", "at": 99_000})
    res = mahjong_table(engine.view(draw, "a1"), NAMES).result
    assert text(res.title).startswith("유국") and [h.name for h in res.tenpai] == ["나"]
    assert len(res.tenpai[0].tiles) == 13 and "하가" in res.noten_names


def test_ranking_rows():
    result = {"ranking": [{"player": "a1", "rank": 1, "points": 40000, "score": 50.0}, {"player": "me", "rank": 2, "points": 30000, "score": 10.0}]}
    rows = ranking_rows(result, NAMES, "me")
    assert [(r.rank, r.name, r.score, r.me) for r in rows] == [(1, "하가", "+50.0", False), (2, "나", "+10.0", True)]


HOST = guest("mjhostbrowser", "영희")
GUEST = guest("mjguestbrowse", "철수")


def _room_state() -> tuple[rx.State, MahjongTable]:
    return browser_state(MahjongTable)


async def test_room_state_public_vars_carry_no_other_hand_nor_claim():
    service = RoomService(seed_source=lambda: 11)
    room_id = await service.create_room(HOST, game="mahjong")
    await service.join(room_id, GUEST)
    await service.waiting_room(room_id, HOST.id, "add_ai", seat=2, level="easy")
    await service.waiting_room(room_id, GUEST.id, "ready", ready=True)
    await service.waiting_room(room_id, HOST.id, "start")
    room = await service.store.load(room_id)
    players = room.game_state["players"]
    for viewer, other in ((HOST.id, GUEST.id), (GUEST.id, HOST.id)):
        root, state = _room_state()
        state._viewer = viewer
        state._apply_view(await service.view(room_id, viewer), force=True)
        sent = tokens_in([json_dumps(root.dict())])
        hidden = room.game_state["hand"]["closed"][players.index(other)] + room.game_state["hand"]["live"]
        assert not [t for t in hidden if tok(t) in sent]
        own = room.game_state["hand"]["closed"][players.index(viewer)]
        assert all(tok(t) in sent for t in own)
        assert state.game == "mahjong" and state.mj_info.active
        assert [state.mj_plate_bottom.seated, state.mj_plate_right.seated, state.mj_plate_top.seated, state.mj_plate_left.seated] == [True, True, False, True]
