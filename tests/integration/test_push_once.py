"""The push after a room change does each thing once (issue 20: 3): one view per viewer (two tabs of
one person: one view; every spectator: the same view but for `you`), built from the room this
worker just saved (no second load), and no push at all to a browser whose view did not change.
"""

from __future__ import annotations

import asyncio

from tests.helpers.people import GUEST, HOST
from tests.helpers.rooms import started
from tilerooms import settings as app_settings
from tilerooms import wiring
from tilerooms.rooms.identity import guest
from tilerooms.rooms.live import LiveViewers, shown_part
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.views import room_view, room_views

WATCHERS = [guest(f"watchbrowser{i}", f"관전{i}") for i in range(3)]


class Pushes:
    """A pusher that records (token, version) and can be told to fail."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int]] = []
        self.failing: set[str] = set()

    async def __call__(self, token: str, room_id: str, view: dict) -> None:
        if token in self.failing:
            raise ConnectionError("tab gone")
        self.sent.append((token, view["version"]))


async def _settle(live: LiveViewers) -> None:
    for _ in range(20):
        if not live._tasks:
            return
        await asyncio.gather(*list(live._tasks), return_exceptions=True)


async def _watched(service: RoomService) -> tuple[str, LiveViewers, Pushes]:
    room_id = await started(service, spectators=WATCHERS)
    live, pushes = LiveViewers(service), Pushes()
    live.set_pusher(pushes)
    await live.watch("host-tab", room_id, HOST.id)
    await live.watch("host-tab-2", room_id, HOST.id)
    for i, watcher in enumerate(WATCHERS):
        await live.watch(f"watch-tab-{i}", room_id, watcher.id)
    await _settle(live)
    pushes.sent.clear()
    return room_id, live, pushes


async def test_spectators_share_one_view_that_equals_each_ones_own():
    service = RoomService()
    room_id = await started(service, spectators=WATCHERS)
    room = await service.store.load(room_id)
    ids = [HOST.id, HOST.id, GUEST.id] + [w.id for w in WATCHERS]
    views = room_views(room, ids)
    assert list(views) == [HOST.id, GUEST.id] + [w.id for w in WATCHERS]  # two tabs: one view
    for viewer_id, view in views.items():
        assert view == room_view(room, viewer_id)  # sharing changes nothing anyone sees
    first, *others = (views[w.id] for w in WATCHERS)
    assert all(v["game_state"] is first["game_state"] for v in others)  # built once
    assert [v["you"]["id"] for v in (first, *others)] == [w.id for w in WATCHERS]


async def test_the_push_after_a_change_uses_the_room_just_saved():
    service = RoomService()
    room_id, live, pushes = await _watched(service)
    loads = 0
    load = service.store.load

    async def counting_load(rid):
        nonlocal loads
        loads += 1
        return await load(rid)

    service.store.load = counting_load  # type: ignore[method-assign]
    await service.say(room_id, GUEST.id, "안녕하세요")
    await _settle(live)
    assert loads == 0  # the change takes the room it saved last (`load_for_change`); the push reads the same
    assert sorted(token for token, _ in pushes.sent) == ["host-tab", "host-tab-2", "watch-tab-0", "watch-tab-1", "watch-tab-2"]


async def test_a_change_nobody_sees_pushes_nothing_and_the_next_change_reaches_everyone():
    service = RoomService()
    room_id, live, pushes = await _watched(service)
    before = (await service.view(room_id, HOST.id))["version"]
    await service._change(room_id, lambda room, now: None)  # stored as a new version, nothing shown changed
    await _settle(live)
    assert (await service.view(room_id, HOST.id))["version"] == before + 1
    assert pushes.sent == []
    await service.say(room_id, HOST.id, "시작해요")
    await _settle(live)
    assert len(pushes.sent) == 5 and {v for _, v in pushes.sent} == {before + 2}


async def test_a_failed_push_goes_again_with_the_next_version_even_if_it_shows_the_same():
    service = RoomService()
    room_id, live, pushes = await _watched(service)
    pushes.failing.add("watch-tab-0")
    await service.say(room_id, GUEST.id, "ㅎㅇ")
    await _settle(live)
    assert "watch-tab-0" not in {t for t, _ in pushes.sent}
    pushes.failing.clear()
    pushes.sent.clear()
    await service._change(room_id, lambda room, now: None)
    await _settle(live)
    assert [t for t, _ in pushes.sent] == ["watch-tab-0"]  # only the tab that missed the last one


async def test_a_page_that_watches_again_gets_the_next_change():
    service = RoomService()
    room_id, live, pushes = await _watched(service)
    await live.watch("watch-tab-1", room_id, WATCHERS[1].id)  # a reload: the page read the room itself
    await service._change(room_id, lambda room, now: None)
    await _settle(live)
    assert [t for t, _ in pushes.sent] == ["watch-tab-1"]


async def test_the_tab_that_asked_gets_no_push_of_the_version_it_showed_and_its_other_tab_does():
    service = RoomService()
    room_id, live, pushes = await _watched(service)
    views_built: list[list[str]] = []
    views = service.views

    async def counting_views(rid, viewer_ids, version=None):
        views_built.append(list(viewer_ids))
        return await views(rid, viewer_ids, version)

    service.views = counting_views  # type: ignore[method-assign]
    shown = await service.say(room_id, HOST.id, "안녕하세요")  # what RoomState._ask does with the answer
    live.shown_to("host-tab", shown)
    await _settle(live)
    assert sorted(t for t, _ in pushes.sent) == ["host-tab-2", "watch-tab-0", "watch-tab-1", "watch-tab-2"]
    assert {v for _, v in pushes.sent} == {shown["version"]}
    assert views_built == [[HOST.id] + [w.id for w in WATCHERS]]  # host-tab-2's; none for host-tab
    pushes.sent.clear()
    await service.say(room_id, GUEST.id, "반가워요")  # the next change reaches that tab again
    await _settle(live)
    assert "host-tab" in {t for t, _ in pushes.sent}


async def test_an_answer_for_another_room_is_not_taken_as_shown():
    service = RoomService()
    room_id, live, pushes = await _watched(service)
    view = await service.say(room_id, HOST.id, "안녕하세요")
    live.shown_to("host-tab", {**view, "id": "rother"})
    await _settle(live)
    assert "host-tab" in {t for t, _ in pushes.sent}


def test_what_a_view_shows_leaves_out_only_the_version():
    view = {"id": "r1", "version": 3, "chat": [{"no": 1, "text": "hi"}]}
    assert shown_part(view) == shown_part({**view, "version": 9})
    assert shown_part(view) != shown_part({**view, "chat": [{"no": 1, "text": "hi!"}]})


def test_the_ai_delay_setting_holds_with_redis_too():
    # never contacted: clients connect lazily
    built = wiring.build(app_settings.load({"REDIS_URL": "redis://127.0.0.1:6379/15", "TILEROOMS_AI_DELAY_MS": "250"}))
    assert built.service.ai_delay_ms == (250, 250)


async def test_another_seats_hidden_mahjong_answer_is_not_a_change_to_show():
    # docs/performance.md recommendation 2: a mahjong browser acts by the window's phaseSeq, so a
    # view that differs only in the engine's action count shows nothing new; a number-tile browser
    # sends the view's seq with its actions, so there it counts
    service = RoomService(seed_source=lambda: 7)
    mahjong = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    view = await service.view(mahjong, HOST.id)
    moved = {**view, "version": view["version"] + 1, "game_state": {**view["game_state"], "seq": view["game_state"]["seq"] + 1}}
    assert shown_part(moved) == shown_part(view)
    passed_phase = {**moved, "game_state": {**moved["game_state"], "phaseSeq": view["game_state"]["phaseSeq"] + 1}}
    assert shown_part(passed_phase) != shown_part(view)
    tiles = await started(service, spectators=WATCHERS)
    view = await service.view(tiles, HOST.id)
    moved = {**view, "game_state": {**view["game_state"], "seq": view["game_state"]["seq"] + 1}}
    assert shown_part(moved) != shown_part(view)
