"""Moves made visible and feedback that teaches (issue 18: 3, 5): the pure texts and flags of
tilerooms/table/rummikub/moves.py, and RoomState showing them from real room views."""

from __future__ import annotations

from tests.helpers.people import GUEST, HOST, WATCHER
from tests.helpers.rooms import replace_game, started
from tests.helpers.states import browser_state
from tilerooms.games.rummikub.engine import make_state
from tilerooms.i18n import lines, server_text
from tilerooms.rooms.service import RoomService, now_ms
from tilerooms.table.rummikub import moves
from tilerooms.table.rummikub.state import RummikubTable

RUN = {"id": "s1", "tile_ids": ["R4a", "R5a", "R6a"], "pos": {"row": 0, "col": 0}}
GROUP = {"id": "s2", "tile_ids": ["K10a", "R10a", "B10a"], "pos": {"row": 0, "col": 8}}


def test_sets_changed_or_added_are_found_by_their_tiles_whatever_their_id():
    longer = {**RUN, "tile_ids": ["R4a", "R5a", "R6a", "R7a"]}
    new = {"id": "s3", "tile_ids": ["O1a", "O2a", "O3a"]}
    assert moves.changed_keys([RUN, GROUP], [longer, GROUP, new]) == [moves.set_key(longer["tile_ids"]), moves.set_key(new["tile_ids"])]
    assert moves.changed_keys([RUN, GROUP], [GROUP, RUN]) == []
    assert moves.set_key(["R6a", "R4a", "R5a"]) == moves.set_key(RUN["tile_ids"])
    assert moves.arrived_tiles(["R4a"], ["R4a", "R7a"]) == {"R7a"}


def test_the_last_move_is_named_in_both_languages():
    names = {"ai-1": "AI 2 (쉬움)", "p2": "철수", "me": "영희"}
    names_en = lines.english_names([{"id": "ai-1", "kind": "ai", "number": 2, "level": "easy"}])
    assert moves.move_line("ai-1", "placed", 3, names, "me", names_en) == ("AI 2 (쉬움): 3장 내려놓음", "AI 2 (Easy): placed 3 tiles")
    assert moves.move_line("p2", "drew", 1, names, "me") == ("철수: 1장 가져옴", "철수: drew 1 tile")
    assert moves.move_line("me", "drew.timeout", 3, names, "me") == ("나: 시간 초과, 3장 가져옴", "You: time ran out, drew 3 tiles")
    assert moves.move_line("p2", "passed", 0, names, "me") == ("철수: 넘김", "철수: passed")


def test_first_meld_progress_and_refusal_say_the_points_missing():
    assert moves.meld_progress(18, 30) == ("첫 등록: 18 / 30점 (12점 더)", "Initial meld: 18 / 30 points (12 more)")
    assert moves.meld_progress(33, 30) == ("첫 등록: 33 / 30점", "Initial meld: 33 / 30 points")
    refused = moves.explain("initial_meld_points", {"required": "30", "points": "18"})
    assert refused == ("table.meld_refused", {"required": "30", "points": "18", "missing": "12"})
    assert server_text(*refused) == "첫 등록은 30점 이상이어야 해요 (지금 18점, 12점 더 필요해요)"
    assert server_text(*refused, "en") == "Your initial meld needs 30 points or more (now 18: 12 more needed)"
    assert moves.explain("not_your_turn", {}) == ("not_your_turn", {})


def test_ai_names_in_english():
    assert (lines.ai_name(2, "easy"), lines.ai_name(2, "easy", "en")) == ("AI 2 (쉬움)", "AI 2 (Easy)")
    assert lines.ai_name(4, "hard", "en") == "AI 4 (Hard)"
    ai = {"id": "ai-1", "name": "AI 4 (어려움)", "kind": "ai", "level": "hard", "number": 4}
    assert lines.seat_name(ai, "en") == "AI 4 (Hard)" and lines.seat_name(ai, "ko") == "AI 4 (어려움)"
    # made from the level, never read back from the Korean name: a renamed level shows its own
    assert lines.seat_name({**ai, "level": "easy"}, "en") == "AI 4 (Easy)"
    assert lines.seat_name({"id": "p1", "name": "철수", "kind": "guest"}, "en") == "철수"
    # a seat of a record from before numbers were kept shows its stored name
    assert lines.seat_name({"id": "ai-2", "name": "AI 2 (쉬움)", "kind": "ai", "level": "easy"}, "en") == "AI 2 (쉬움)"


def test_the_room_names_an_ai_as_the_catalog_does():
    from tilerooms.rooms.catalog import AI_LEVELS

    for level in AI_LEVELS:
        assert lines.ai_name(3, level) == f"AI 3 ({AI_LEVELS[level]})"  # the room's stored (Korean) name


# -- RoomState over real room views ------------------------------------------------------------
async def _seeded(service: RoomService, table: list, host_rack: list[str], guest_rack: list[str], host_melded: bool = True) -> str:
    room_id = await started(service)
    await replace_game(
        service,
        room_id,
        make_state(
            table=table, racks={HOST.id: host_rack, GUEST.id: guest_rack}, has_melded={HOST.id: host_melded, GUEST.id: True}, options={"startedAt": now_ms()}
        ),
    )
    return room_id


def _viewer(viewer: str) -> RummikubTable:
    return browser_state(RummikubTable, viewer)[1]


async def test_a_move_that_hands_me_the_turn_highlights_what_it_changed_and_names_its_author(service):
    room_id = await _seeded(service, [["R4a", "R5a", "R6a"], ["K10a", "R10a", "B10a"]], ["O1a", "O2a"], ["R7a", "K1b", "K2b"])
    host, watcher = _viewer(HOST.id), _viewer(GUEST.id)
    host._apply_view(await service.view(room_id, HOST.id), force=True)
    await service.act(room_id, HOST.id, {"type": "draw"})  # my draw: the turn goes to 철수
    host._apply_view(await service.view(room_id, HOST.id))
    drawn = [t.id for c in host.rack if not c.empty for t in [c.tile] if t.drawn]
    assert len(drawn) == 1 and drawn[0] not in ("O1a", "O2a")
    assert host.last_move == "나: 1장 가져옴" and host.last_move_en == "You: drew 1 tile"
    watcher._apply_view(await service.view(room_id, GUEST.id), force=True)
    await service.act(room_id, GUEST.id, {"type": "setDraft", "sets": [{"tileIds": ["R4a", "R5a", "R6a", "R7a"]}, {"tileIds": ["K10a", "R10a", "B10a"]}]})
    await service.act(room_id, GUEST.id, {"type": "commit"})  # the turn comes back to me
    flash = host.flash
    host._apply_view(await service.view(room_id, HOST.id))
    assert host.my_turn
    assert [s.changed for s in host.sets] == [True, False]
    assert [t.arrived for t in host.sets[0].tiles] == [False, False, False, True]
    assert host.flash == flash + 1
    assert host.last_move == "철수: 1장 내려놓음"
    assert drawn == [t.id for c in host.rack if not c.empty for t in [c.tile] if t.drawn]  # still new: I have not acted
    # a push that changes no set (a chat line) keeps the highlight rather than clearing it
    await service.say(room_id, GUEST.id, "안녕")
    host._apply_view(await service.view(room_id, HOST.id))
    assert [s.changed for s in host.sets] == [True, False] and host.flash == flash + 1
    # the mover's own board does not flash for their own commit
    watcher._apply_view(await service.view(room_id, GUEST.id))
    assert not any(s.changed for s in watcher.sets)
    # my first action ends the drawn mark
    await service.act(
        room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["R4a", "R5a", "R6a", "R7a"]}, {"tileIds": ["K10a", "R10a", "B10a"]}, {"tileIds": ["O1a"]}]}
    )
    host._apply_view(await service.view(room_id, HOST.id))
    assert not any(c.tile.drawn for c in host.rack)


async def test_selection_reads_the_shown_sets_from_the_view_kept():
    # issue 33: taps and long presses look the board up in the view, not in the set codes sent
    service = RoomService(seed_source=lambda: 7)
    room_id = await _seeded(service, [["R4a", "R5a", "R6a"], ["K10a", "R10a", "B10a"]], ["O1a", "O2a", "O3a"], ["K1b", "K2b"])
    host = _viewer(HOST.id)
    host._apply_view(await service.view(room_id, HOST.id), force=True)
    host.toggle("R5a")
    host.toggle("O2a")
    host.toggle("K1b")  # 철수's tile: not on my board
    assert host.selected == ["R5a", "O2a"]
    host.chain_select({"tile": "R4a", "steps": 3})
    assert host.selected == ["R4a", "R5a", "R6a"]
    host.chain_select({"tile": "O1a", "steps": 2})
    assert host.selected == ["O1a", "O2a"]
    # my draft is what my board shows: a rack tile laid on the table is selectable there
    await service.act(
        room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["R4a", "R5a", "R6a"]}, {"tileIds": ["K10a", "R10a", "B10a"]}, {"tileIds": ["O3a"]}]}
    )
    host._apply_view(await service.view(room_id, HOST.id))
    host.chain_select({"tile": "O3a", "steps": 5})
    assert host.selected == ["O3a"]


async def test_after_reset_a_draw_does_not_ask_and_undo_is_off(service):
    room_id = await _seeded(service, [["R4a", "R5a", "R6a"]], ["R7a", "O2a"], ["K1b", "K2b"])
    host = _viewer(HOST.id)
    await service.act(room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["R4a", "R5a", "R6a", "R7a"]}]})
    host._apply_view(await service.view(room_id, HOST.id), force=True)
    assert host.draft_changed and host.can_undo
    await service.act(room_id, HOST.id, {"type": "resetDraft"})
    host._apply_view(await service.view(room_id, HOST.id))
    assert not host.draft_changed and not host.can_undo


async def test_a_first_meld_refusal_says_how_many_points_are_missing(service):
    room_id = await _seeded(service, [], ["K5a", "R5a", "B5a", "O9a"], ["K1b", "K2b"], host_melded=False)
    await service.act(room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["K5a", "R5a", "B5a"]}]})
    host = _viewer(HOST.id)
    host._room_id = room_id
    host._apply_view(await service.view(room_id, HOST.id), force=True)
    assert host.meld_text == "첫 등록: 15 / 30점 (15점 더)"
    assert server_text(host.problem, host.problem_args) == "첫 등록은 30점 이상이어야 해요 (지금 15점, 15점 더 필요해요)"
    assert server_text(host.problem, host.problem_args, "en") == "Your initial meld needs 30 points or more (now 15: 15 more needed)"


async def test_a_spectator_sees_no_rack_and_english_ai_names(service):
    room_id = await service.create_room(HOST, game="rummikub")
    await service.waiting_room(room_id, HOST.id, "add_ai", seat=1, level="easy")
    await service.waiting_room(room_id, HOST.id, "start")
    await service.join(room_id, WATCHER, spectate=True)
    state = _viewer(WATCHER.id)
    state._apply_view(await service.view(room_id, WATCHER.id), force=True)
    assert state.role == "spectator" and state.rack == [] and not state.my_turn
    assert [p.name_en for p in state.players] == ["영희", "AI 2 (Easy)"]
    assert [s.name_en for s in state.seats if not s.empty] == ["영희", "AI 2 (Easy)"]


def test_results_name_the_winner_in_english_too():
    from tilerooms.table.rummikub.room_lines import result_vars as _result_vars

    result = {
        "ranking": [{"player": "ai-1", "rank": 1, "score": 12, "tilesLeft": 0}, {"player": "p1", "rank": 2, "score": -12, "tilesLeft": 3}],
        "winner": ["ai-1"],
        "endReason": "rackEmpty",
        "names": {"ai-1": "AI 2 (보통)", "p1": "영희"},
    }
    shown = _result_vars(result, {"ai-1": lines.ai_name(2, "normal", "en")})
    assert shown["result_summary"] == "AI 2 (보통) 님 승리! (타일을 모두 내려놓았어요)"
    assert shown["result_summary_en"] == "AI 2 (Normal) won! (A player emptied their rack)"
    assert [r.name_en for r in shown["result_rows"]] == ["AI 2 (Normal)", "영희"]
