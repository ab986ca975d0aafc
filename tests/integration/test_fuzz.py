"""Fuzzing with junk input (hypothesis): a client can send any event name and payload (GUIDE §5).

(a) both engines: `validate` / `apply` on fresh and mid-game states raise nothing but RuleError,
    and a RuleError leaves the state's JSON exactly as it was;
(b) the room service: `act / waiting_room / say / join` let only RuleError escape, and a rejected
    request leaves the stored room exactly as it was (in memory and on Redis);
(c) RoomState event handlers called directly with junk arguments, on a state wired to a real
    in-memory room: they never raise, never change the stored room on a rejection, and either
    ignore the input or show a Korean error message.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import re
import uuid

import pytest
import reflex as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.states import browser_state
from tilerooms import wiring
from tilerooms.core import RuleError
from tilerooms.games.mahjong import engine as mahjong
from tilerooms.games.rummikub import engine as rummikub
from tilerooms.i18n import server_text
from tilerooms.rooms.bus import MemoryBus
from tilerooms.rooms.identity import guest
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
HANGUL = re.compile(r"[\uac00-\ud7a3]")

# -- junk ---------------------------------------------------------------------------------------
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["", "0", "-1", "53:5p", "x:y", "R1a", "JK1", "K13b", "999:9z", "ai-1", "🀄", "a" * 300]),
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=12,
)
RUMMIKUB_TYPES = ["setDraft", "undoDraft", "resetDraft", "commit", "draw", "pass", "timeout", "leave", "nextGame"]
MAHJONG_TYPES = [
    "discard",
    "tsumo",
    "ankan",
    "kakan",
    "kita",
    "kyuushu",
    "claim",
    "pass",
    "ready",
    "setPref",
    "timeout",
    "leave",
    "ron",
    "pon",
    "kan",
    "chi",
]
FIELDS = ["seq", "turn", "at", "sets", "tile", "kind", "riichi", "call", "tiles", "autoWin", "noCalls"]


def actions(types: list[str], tiles: list) -> st.SearchStrategy:
    """Malformed and plausible actions: known and unknown types, junk or real-looking payloads."""
    tile = st.one_of(st.sampled_from(tiles), junk)
    tile_list = st.lists(tile, max_size=5)
    plausible = st.fixed_dictionaries(
        {"type": st.one_of(st.sampled_from(types), st.text(max_size=8), junk)},
        optional={
            "seq": st.one_of(st.integers(-3, 400), junk),
            "turn": st.one_of(st.integers(-3, 400), junk),
            "at": st.one_of(st.integers(0, 2 * 10**12), st.floats(), junk),
            "tile": tile,
            "kind": st.one_of(st.integers(-2, 40), junk),
            "riichi": st.one_of(st.booleans(), junk),
            "call": st.one_of(st.sampled_from(["ron", "pon", "kan", "chi", "x"]), junk),
            "tiles": st.one_of(tile_list, junk),
            "autoWin": st.one_of(st.booleans(), junk),
            "noCalls": st.one_of(st.booleans(), junk),
            "sets": st.one_of(
                st.lists(
                    st.one_of(
                        st.fixed_dictionaries({"tileIds": st.one_of(tile_list, junk)}, optional={"pos": junk, "as": junk}),
                        junk,
                    ),
                    max_size=4,
                ),
                junk,
            ),
        },
    )
    extra = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=3)
    return st.one_of(plausible, st.tuples(plausible, extra).map(lambda p: {**p[0], **p[1]}), junk)


def dump(value) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


# -- (a) engines --------------------------------------------------------------------------------
def _advance(engine, state: dict, steps: int) -> dict:
    """Mid-game: let the clock run out `steps` times (the server's own time-outs)."""
    for _ in range(steps):
        players = engine.active_players(state)
        due = engine.deadline(state)
        if not players or due is None:
            break
        engine.apply(state, players[0], {**engine.on_timeout(state, players[0]), "at": due})
    return state


RK_PLAYERS = ["alice", "bob", "carol"]
MJ_PLAYERS = ["p0", "p1", "p2", "p3"]
RK_STATES = [_advance(rummikub, rummikub.setup({"startedAt": 1_000}, RK_PLAYERS, seed), steps) for seed, steps in ((1, 0), (2, 5), (3, 17))]
MJ_STATES = [_advance(mahjong, mahjong.setup({"startedAt": 1_000}, MJ_PLAYERS, seed), steps) for seed, steps in ((1, 0), (2, 6), (3, 23))]


def _engine_case(engine, states: list[dict], players: list[str], types: list[str], tiles_of):
    @FUZZ
    @given(data=st.data())
    def run(data):
        state = copy.deepcopy(data.draw(st.sampled_from(states)))
        player = data.draw(st.one_of(st.sampled_from(players), st.text(max_size=6)))
        action = data.draw(actions(types, tiles_of(state)))
        before = dump(state)
        try:
            engine.validate(state, player, action)
        except RuleError as err:
            assert dump(state) == before, f"validate changed the state before refusing {err.code}"
        try:
            engine.apply(state, player, action)
        except RuleError as err:
            assert dump(state) == before, f"apply changed the state before refusing {err.code}"
        else:
            json.loads(json.dumps(state))  # an accepted action keeps the state JSON

    run()


def test_rummikub_engine_survives_junk():
    tiles = lambda s: sorted({t for r in s["racks"].values() for t in r} | {t for st_ in s["table"] for t in st_})  # noqa: E731
    _engine_case(rummikub, RK_STATES, RK_PLAYERS, RUMMIKUB_TYPES, tiles)


def test_mahjong_engine_survives_junk():
    tiles = lambda s: [0, 16, 52, 135, "53:5p", *[t for hand in (s["hand"] or {}).get("closed", []) for t in hand]]  # noqa: E731
    _engine_case(mahjong, MJ_STATES, MJ_PLAYERS, MAHJONG_TYPES, tiles)


# -- (b) the room service -----------------------------------------------------------------------
HOST = guest("fuzzhost00001", "영희")
GUEST = guest("fuzzguest0002", "철수")
REQUESTS = [
    "ready",
    "add_ai",
    "set_ai_level",
    "remove_ai",
    "kick",
    "pass_host",
    "settings",
    "start",
    "back_to_waiting",
    "next_game",
    "pause",
    "resume",
    "quit_practice",
]


def _unlimited() -> RateLimiter:
    """A rate limiter whose clock jumps a minute per call: no request is refused as too fast."""
    ticks = itertools.count(step=60.0)
    return RateLimiter(clock=lambda: next(ticks))


class ServiceRig:
    """One event loop and one service for all examples of a test (rooms rebuilt when closed)."""

    def __init__(self, store=None, bus=None) -> None:
        self.loop = asyncio.new_event_loop()
        seeds = itertools.count(500)
        self.service = RoomService(
            store or MemoryRoomStore(),
            bus or MemoryBus(),
            clock=lambda: 1_800_000_000_000,
            ai_delay_ms=(0, 0),
            seed_source=lambda: next(seeds),
            limiter=_unlimited(),
        )
        self.rooms: dict[str, str] = {}

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    async def room(self, kind: str) -> str:
        """A room of `kind`: "waiting" (host + guest), "rummikub" or "mahjong" (started)."""
        room_id = self.rooms.get(kind)
        if room_id and await self.service.store.load(room_id) is not None:
            return room_id
        svc = self.service
        if kind == "mahjong":
            room_id = await svc.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
        else:
            room_id = await svc.create_room(HOST, game="rummikub")
            await svc.join(room_id, GUEST)
            if kind == "rummikub":
                await svc.waiting_room(room_id, GUEST.id, "ready", ready=True)
                await svc.waiting_room(room_id, HOST.id, "start")
        self.rooms[kind] = room_id
        return room_id

    async def stored(self, room_id: object) -> str | None:
        if not isinstance(room_id, str):
            return None
        room = await self.service.store.load(room_id)
        return None if room is None else room.model_dump_json()


# hashable junk only: an unhashable request name is a known bug (test_unhashable_request_name below)
requests_ = st.one_of(st.sampled_from(REQUESTS), scalars)
payloads = st.dictionaries(
    st.sampled_from(["ready", "seat", "level", "target", "settings"]),
    st.one_of(
        junk,
        st.integers(-2, 6),
        st.sampled_from(["easy", "normal", "hard", HOST.id, GUEST.id, "ai-1"]),
        st.fixed_dictionaries(
            {},
            optional={
                "options": st.one_of(junk, st.dictionaries(st.sampled_from(["turnSeconds", "gameSeconds", "length", "x"]), junk, max_size=3)),
                "name": junk,
                "password": junk,
            },
        ),
    ),
    max_size=3,
)


async def _service_call(rig: ServiceRig, data) -> None:
    kind = data.draw(st.sampled_from(["waiting", "rummikub", "mahjong"]))
    room_id = await rig.room(kind)
    target = data.draw(st.one_of(st.just(room_id), st.just(room_id), junk))
    who = data.draw(st.sampled_from([HOST.id, GUEST.id, "ai-1", "stranger00001"]))
    op = data.draw(st.sampled_from(["act", "waiting_room", "say", "join"]))
    before = await rig.stored(target)
    try:
        if op == "act":
            tiles = ["R1a", "JK1", 0, 53, "53:5p"]
            await rig.service.act(target, who, data.draw(actions(RUMMIKUB_TYPES + MAHJONG_TYPES, tiles)))
        elif op == "waiting_room":
            await rig.service.waiting_room(target, who, data.draw(requests_), **data.draw(payloads))
        elif op == "say":
            await rig.service.say(target, who, data.draw(st.one_of(junk, st.text(max_size=400))))
        else:
            name = data.draw(st.one_of(st.text(max_size=20), st.sampled_from(["", " ", "<b>x</b>", "가" * 50])))
            person = guest(data.draw(st.sampled_from(["fuzzjoiner001", "fuzzhost00001", "fuzzguest0002"])), name)
            await rig.service.join(target, person, password=data.draw(junk), spectate=data.draw(st.booleans()))
    except RuleError as err:
        assert isinstance(err.message, str) and HANGUL.search(err.message), err
        assert await rig.stored(target) == before, f"{op} changed the room before refusing {err.code}"


def test_room_service_in_memory_survives_junk():
    rig = ServiceRig()

    @FUZZ
    @given(data=st.data())
    def run(data):
        rig.run(_service_call(rig, data))

    try:
        run()
    finally:
        rig.loop.close()


def test_room_service_on_redis_survives_junk(redis_url):
    from redis.asyncio import Redis

    from tilerooms.rooms.bus import RedisBus
    from tilerooms.rooms.store_redis import RedisRoomStore

    prefix = f"fuzz-{uuid.uuid4().hex[:8]}"
    loop = asyncio.new_event_loop()
    client = loop.run_until_complete(_redis(redis_url))
    rig = ServiceRig(RedisRoomStore(client, prefix=prefix), MemoryBus())  # the bus is not under test here
    rig.loop.close()
    rig.loop = loop

    @settings(FUZZ, max_examples=30)
    @given(data=st.data())
    def run(data):
        rig.run(_service_call(rig, data))

    try:
        run()
    finally:
        keys = loop.run_until_complete(client.keys(f"{prefix}:*"))
        if keys:
            loop.run_until_complete(client.delete(*keys))
        loop.run_until_complete(client.aclose())
        loop.close()
    del Redis, RedisBus


async def _redis(url: str):
    from redis.asyncio import Redis

    return Redis.from_url(url)


def test_unhashable_request_name_is_a_rule_error():
    rig = ServiceRig()
    try:
        room_id = rig.run(rig.room("waiting"))
        with pytest.raises(RuleError):
            rig.run(rig.service.waiting_room(room_id, HOST.id, []))  # type: ignore[arg-type]
    finally:
        rig.loop.close()


# -- (c) RoomState handlers ---------------------------------------------------------------------
def _room_state(rig: ServiceRig, room_id: str, viewer: str, handler: str = "") -> tuple[rx.State, RoomState]:
    """The browser state that owns `handler`: RoomState, or its number-tile / mahjong table."""
    owner = next((cls for cls in (RummikubTable, MahjongTable) if handler in cls.event_handlers), RoomState)
    root, state = browser_state(owner, viewer, room_id)
    state.me = viewer
    state._apply_view(rig.run(rig.service.view(room_id, viewer)), force=True)
    return root, state


HANDLERS = {
    # name: strategies of the positional arguments a client could send
    "toggle": [junk],
    "chain_select": [st.one_of(junk, st.fixed_dictionaries({"tile": junk, "steps": junk}))],
    "drop_tiles": [
        st.one_of(
            junk,
            st.fixed_dictionaries(
                {
                    "tiles": junk,
                    "target": st.one_of(
                        junk,
                        st.fixed_dictionaries(
                            {"kind": st.one_of(st.sampled_from(["rack", "set", "table"]), junk)}, optional={"cell": junk, "index": junk, "set": junk}
                        ),
                    ),
                }
            ),
        )
    ],
    "sort_rack": [junk],
    "game_action": [st.one_of(st.sampled_from(["undoDraft", "resetDraft", "commit", "draw", "pass", "timeout", "leave", "nextGame"]), junk)],
    "room_request": [st.one_of(st.sampled_from(["start", "back_to_waiting", "next_game", "pause", "resume", "quit_practice", "kick"]), junk)],
    "place_on": [junk],
    "kick": [junk],
    "pass_host": [junk],
    "add_ai": [junk, junk],
    "set_ai_level": [junk, junk],
    "remove_ai": [junk],
    "change_settings": [st.one_of(junk, st.dictionaries(st.sampled_from(["turn_seconds", "game_minutes"]), junk, max_size=2))],
    "send_chat": [st.one_of(junk, st.dictionaries(st.just("text"), junk, max_size=1))],
    "mj_tap": [junk],
    "mj_swipe": [junk],
    "mj_turn_action": [junk],
    "mj_kan": [junk],
    "mj_call": [st.one_of(st.sampled_from(["ron", "pon", "chi", "kan", "pass"]), junk), junk],
    "mj_pref": [junk],
    "mj_setting": [junk],
}


SAFE = sorted(HANDLERS)  # a client can send any payload to any handler (GUIDE §5)


@pytest.fixture
def wired(monkeypatch):
    """A real in-memory service behind `wiring.rooms()`, as the app's handlers reach it."""
    rig = ServiceRig()
    monkeypatch.setattr(wiring, "_rooms", wiring.on(rig.service))
    yield rig
    rig.loop.close()


def test_room_state_handlers_survive_junk(wired):
    rig = wired
    failures: list[str] = []

    @FUZZ
    @given(data=st.data())
    def run(data):
        kind = data.draw(st.sampled_from(["waiting", "rummikub", "mahjong"]))
        room_id = rig.run(rig.room(kind))
        viewer = data.draw(st.sampled_from([HOST.id, GUEST.id]))
        name = data.draw(st.sampled_from(SAFE))
        _, state = _room_state(rig, room_id, viewer, name)
        args = [data.draw(s) for s in HANDLERS[name]]
        before = rig.run(rig.stored(room_id))
        state.error = ""
        try:
            result = getattr(state, name)(*args)
            if asyncio.iscoroutine(result):
                rig.run(result)
        except Exception as err:  # noqa: BLE001 - the finding: an exception a client can trigger
            failures.append(f"{name}{tuple(args)!r}: {type(err).__name__}: {err}")
            raise
        after = rig.run(rig.stored(room_id))
        if state.error:  # a refusal: a known message said in Korean, and the stored room is as it was
            assert HANGUL.search(server_text(state.error, state.error_args)), state.error
            assert after == before, f"{name} changed the room but showed {state.error!r}"

    run()
    assert not failures


REPROS = [  # (room kind, handler, args): each raised once instead of being ignored or refused
    ("rummikub", "toggle", ([],)),  # TypeError: a list tile id reaches a set in _show_board
    ("rummikub", "chain_select", (None,)),  # AttributeError: data.get on a non-dict
    ("rummikub", "drop_tiles", ([1, 2],)),  # AttributeError
    ("rummikub", "send_chat", (None,)),  # AttributeError: form.get
    ("waiting", "change_settings", (None,)),  # AttributeError
    ("waiting", "change_settings", ({"turn_seconds": [1]},)),  # TypeError (only ValueError is caught)
    ("waiting", "add_ai", ("", "easy")),  # ValueError: int("")
    ("waiting", "add_ai", (1, [])),  # TypeError: unhashable level in waiting._level
    ("waiting", "set_ai_level", (None, "easy")),  # TypeError: int(None)
    ("waiting", "remove_ai", (float("inf"),)),  # OverflowError
]


@pytest.mark.parametrize("kind,name,args", REPROS, ids=[f"{r[1]}-{i}" for i, r in enumerate(REPROS)])
def test_payloads_that_once_crashed_are_now_ignored_or_refused(wired, kind, name, args):
    rig = wired
    room_id = rig.run(rig.room(kind))
    _, state = _room_state(rig, room_id, HOST.id, name)
    result = getattr(state, name)(*args)
    if asyncio.iscoroutine(result):
        rig.run(result)
