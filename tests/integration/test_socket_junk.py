"""Junk over the real websocket (issue 17: 7 and 11), as an outsider sends it.

The production backend runs in its own process (`python -m tilerooms.web.prod_server --backend-only`, one worker,
rooms and Reflex state in Redis, its output in a log file). Raw socket.io clients play browsers
(Engine.IO v4 over `websockets`, the frames Reflex's `state.js` sends: `42/_event,["event",
{name, payload, router_data}]`). A host and a guest sit in a waiting room; an outsider is in the
lobby. They send malformed payloads to every event handler of every State class the app has (missing
and unexpected arguments, wrong types, inf / nan, huge integers, lone surrogates, nested junk), events
with unknown names, and frames no browser makes; the outsider also sends our handlers well-formed
values that mean nothing. Then:

(a) the server's log holds no traceback and no "Logging error", and the room in the store is exactly
    as it was;
(b) methods meant only for the server (`RoomState._apply_view`, `IdentityState._current_user`,
    `IdentityState._forget_member`), sent under their old public names, change nothing: no update
    of those states reaches the browser, the room is as it was, nothing is logged as an error;
(c) in a number-tile game, junk GENERATED from every handler's declared parameters and the nested
    fields of its dict payloads (`shaped_junk`: wrong kinds, non-ASCII digits, huge text, ids that
    are no tiles) leaves no traceback and the room as it was, and gets the Korean refusal (issue 35: 1);
    the mahjong table's junk, in a mahjong game, leaves no traceback and gets the refusal too.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import inspect
import json
import os
import pkgutil
import re
import socket
import subprocess
import sys
import time
import types
import typing
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from tilerooms.bench.room_latency import LOBBY_STATE, MAHJONG_TABLE, PREFIX, ROOM_STATE, ROOT_STATE, RUMMIKUB_TABLE, Client
from tilerooms.games.rummikub.tiles import TILES
from tilerooms.reflex_ext.payloads import fits

ROOT = Path(__file__).resolve().parents[2]
IDENTITY_STATE = f"{ROOT_STATE}.tilerooms___shell___identity____identity_state"
KEY_STATE = f"{ROOT_STATE}.tilerooms___shell___keys____key_state"
REDIS_DB = int(os.environ.get("TILEROOMS_JUNK_REDIS_DB", "12"))  # its own database: its server's clock sees no one else's rooms
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|Logging error")


# -- the server ---------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Backend:
    """The production backend in its own process, its stdout and stderr in one log file."""

    def __init__(self, redis_url: str, log: Path, records: Path) -> None:
        self.port = _free_port()
        self.base = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.redis_url = redis_url
        env = {k: v for k, v in os.environ.items() if not k.startswith(("REDIS_URL", "REFLEX_REDIS_URL"))}
        env.update(
            REDIS_URL=redis_url,
            REFLEX_REDIS_URL=redis_url,
            TILEROOMS_WORKERS="1",
            REFLEX_TELEMETRY_ENABLED="false",
            DATABASE_URL=f"sqlite:///{records}",
            TILEROOMS_SECRET_KEY="junk-" + uuid.uuid4().hex,
            TILEROOMS_AI_DELAY_MS="0",
        )
        command = [sys.executable, "-m", "tilerooms.web.prod_server", "--backend-only", "--backend-port", str(self.port)]
        with log.open("wb") as out:
            self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the backend stopped (exit {self.proc.returncode}):\n{self.text()[-3000:]}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError("the backend did not start in 90 s")

    def text(self) -> str:
        """Everything the server has written so far."""
        return self.log.read_bytes().decode("utf-8", errors="backslashreplace")

    def stop(self) -> None:
        """SIGTERM to the server's process group (the reflex CLI, gunicorn and its worker)."""
        try:
            os.killpg(self.proc.pid, 15)
            self.proc.wait(20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)
            self.proc.wait(10)


@pytest.fixture(scope="module")
def backend(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Backend]:
    """One production backend on a Redis database of its own, emptied first."""
    import redis as redis_sync

    url = redis_url.rsplit("/", 1)[0] + f"/{REDIS_DB}"
    redis_sync.Redis.from_url(url).flushdb()
    folder = tmp_path_factory.mktemp("junk")
    server = Backend(url, folder / "server.log", folder / "records.db")
    yield server
    server.stop()
    redis_sync.Redis.from_url(url).flushdb()


# -- a browser stand-in -------------------------------------------------------------------------
class Browser(Client):
    """A browser stand-in (the latency benchmark's socket.io client) that can also send junk."""

    async def send(self, frame: str) -> None:
        """A raw socket.io frame (a socket the server closed over an earlier one is opened again,
        as a new tab)."""
        try:
            await self.ws.send(frame)
        except websockets.ConnectionClosed:
            self.token = str(uuid.uuid4())
            await self.connect()
            await self.ws.send(frame)

    async def send_event(self, name: object, payload: object = None) -> float:
        """One event as state.js sends it (`payload` goes on the wire as it is, junk included);
        returns the send time."""
        router = {"pathname": self.path, "asPath": self.path}
        sent = time.perf_counter()
        await self.send(PREFIX + json.dumps(["event", {"name": name, "payload": {} if payload is None else payload, "router_data": router}]))
        return sent

    async def call(self, name: str, payload: dict | None = None, marker: str = "") -> str:
        """Send a real event and wait for the update it causes: the first frame holding `marker`."""
        sent = await self.send_event(name, payload)
        at = await self.wait_for(lambda f: marker in f, sent)
        return next(f for t, f in self.frames if t >= at and marker in f)

    async def drained(self) -> float:
        """Wait until every event sent so far has been handled (events of one tab run in order):
        a harmless real event's update arrives. Returns its arrival time."""
        sent = await self.send_event(f"{KEY_STATE}.restore_defaults")
        return await self.wait_for(lambda f: "key_state" in f, sent, timeout=60)


async def _waiting_room(base: str) -> tuple[Browser, Browser, Browser, str]:
    """A host and a guest seated in a waiting number-tile room, and an outsider in the lobby."""
    host, guest, outsider = Browser(base), Browser(base), Browser(base)
    for browser in (host, guest, outsider):
        await browser.connect()
    frame = await host.call(f"{LOBBY_STATE}.create_room", {"form": {"game": "rummikub", "name": "junk"}}, marker="/room/r")
    room_id = re.search(r"/room/(r[0-9a-f]+)", frame).group(1)
    for browser in (host, guest):
        browser.path = f"/room/{room_id}"
        await browser.call(f"{ROOM_STATE}.enter", marker="room_state")
    await outsider.call(f"{LOBBY_STATE}.refresh", marker="lobby_state")
    return host, guest, outsider, room_id


async def _connect_with(base: str, connect_frame: str) -> int:
    """Open a socket whose CONNECT packet is `connect_frame`, then close it; returns 1."""
    async with websockets.connect(f"{base}/_event/?token={uuid.uuid4()}&EIO=4&transport=websocket") as ws:
        await ws.recv()  # Engine.IO open packet
        await ws.send(connect_frame)
        try:
            await asyncio.wait_for(ws.recv(), 2)  # the CONNECT answer
        except (TimeoutError, websockets.ConnectionClosed):
            pass
    return 1


async def _stored_room(redis_url: str, room_id: str) -> str:
    """The room as the store holds it (the server's own Redis, the store's default prefix)."""
    from redis.asyncio import Redis

    from tilerooms.rooms.store_redis import RedisRoomStore

    client = Redis.from_url(redis_url)
    try:
        room = await RedisRoomStore(client).load(room_id)
    finally:
        await client.aclose()
    assert room is not None
    return room.model_dump_json()


async def _settled_room(redis_url: str, room_id: str) -> str:
    """The stored room once presence has settled (the 1 s sweep records each socket once)."""
    last = await _stored_room(redis_url, room_id)
    for _ in range(20):
        await asyncio.sleep(0.6)
        now = await _stored_room(redis_url, room_id)
        if now == last:
            return now
        last = now
    return last


def _changes(before: str, after: str) -> dict[str, tuple[Any, Any]]:
    """The top-level fields of the room that differ."""
    old, new = json.loads(before), json.loads(after)
    return {key: (old.get(key), new.get(key)) for key in old.keys() | new.keys() if old.get(key) != new.get(key)}


def _tracebacks(log: str) -> list[str]:
    """Each traceback or logging error in the log, as its last line (the exception) or first line."""
    found = []
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if TRACEBACK.search(line):
            tail = next((later for later in lines[i + 1 : i + 80] if re.match(r"^[\w.]+(Error|Exception|Exit)\b", later)), line)
            found.append(tail.strip()[:200])
    return found


# -- the handlers and their junk ----------------------------------------------------------------
@functools.cache  # read once: a later test's context has no Reflex registration context to walk the states in
def browser_handlers() -> list[tuple[str, dict[str, Any], list[str]]]:
    """Every event handler a browser can name: (full event name, {parameter: annotation}, required
    parameters), for every State class of the app and of Reflex itself."""
    from reflex.state import State

    import tilerooms.pages
    import tilerooms.shell
    import tilerooms.table

    for package in (tilerooms.pages, tilerooms.shell, tilerooms.table):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    found, stack = [], [State]
    while stack:
        cls = stack.pop()
        stack.extend(cls.get_substates())
        if not cls.__module__.startswith(("tilerooms.", "reflex.")):
            continue  # a state some other test defined
        for name, handler in cls.event_handlers.items():
            fn = handler.fn
            try:
                hints = typing.get_type_hints(fn)
            except Exception:  # noqa: BLE001 - an annotation that does not resolve here: any value
                hints = {}
            params = [p for p in list(inspect.signature(fn).parameters.values())[1:] if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            found.append(
                (
                    f"{cls.get_full_name()}.{name}",
                    {p.name: hints.get(p.name, Any) for p in params},
                    [p.name for p in params if p.default is p.empty],
                )
            )
    return sorted(found)


def _deep(depth: int) -> object:
    value: object = "bottom"
    for _ in range(depth):
        value = [value]
    return value


# values no browser sends for any parameter: JSON.stringify turns inf / nan into null, JavaScript
# numbers stop at 2**53, a JavaScript string holding half a surrogate pair is a broken string
NEVER = [
    float("inf"),
    float("-inf"),
    float("nan"),
    2**64,
    -(2**70),
    10**30,
    "\ud800",
    "ab\udfffcd",
    {"\ud800": 1},
    {"text": "\udc00"},
    [1, [2, [float("nan")]]],
    _deep(40),
    {"a": {"b": {"c": [None, {"d": float("inf")}]}}},
]
WRONG = {  # right-looking values of the wrong kind
    str: [None, 0, 1.5, True, [], {}, ["a"], {"a": "b"}],
    int: [None, "1", "", 1.5, True, [], {}, 2**53 + 1],
    bool: [None, "true", 1, 0, [], {}],
    dict: [None, "x", 1, [], [["a", "b"]], True],
    list: [None, "x", {}, 1, True],
}
PLACEHOLDER = {str: "x", int: 0, bool: False, dict: {}, list: []}


def _kind(annotation: object) -> type | None:
    origin = typing.get_origin(annotation) or annotation
    return origin if origin in WRONG else None


def junk_payloads(params: dict[str, Any], required: list[str]) -> list[object]:
    """Malformed payloads for one handler: each parameter wrong in turn (the others right), a
    required one missing, an unexpected one added, and payloads that are not objects at all."""
    right = {name: PLACEHOLDER.get(_kind(a), "x") for name, a in params.items()}
    out: list[object] = [[], "x", 7, ["a", 1], True]
    for name, annotation in params.items():
        for value in WRONG.get(_kind(annotation), []) + NEVER:
            out.append({**right, name: value})
    if required:
        out.append({})
        out.append({k: v for k, v in right.items() if k != required[-1]})
    out.append({**right, "unexpected": 1})
    out.append({**right, "\ud800": "x"})
    out.append({**right, "unexpected": {"nested": [float("nan")]}})
    return out


# values of the right kind that mean nothing: the handlers' own code must refuse them quietly
MEANINGLESS = {
    str: ["", "x" * 5000, "-1", "1e999", "NaN", "🀄", "<b>x</b>", "../..", "\u0000", "가" * 300, "ankan:99", "kakan:x", "pon"],
    int: [-1, 0, 10**9, 2**53 - 1, -(2**53 - 1)],
    bool: [True, False],
    dict: [
        {},
        {"tile": "x", "steps": 10**9},
        {"tiles": ["x", "y"], "target": {"kind": "set", "index": -5}},
        {"tiles": [], "target": {"kind": "rack", "cell": 10**9}},
        {"game": "mahjong", "turn_seconds": "1e999", "advanced": "1"},
        {"game": "nope", "game_minutes": "-5", "initial_meld": "x"},
        {"nickname": "x" * 500, "name": "", "password": "p" * 100},
        {"text": "x" * 5000},
        {"turn_seconds": "99999999999999999999", "game_minutes": "0"},
        {"confirm": "nobody", "commit": ""},
    ],
}


def meaningless_payloads(params: dict[str, Any]) -> list[dict[str, Any]]:
    """Payloads of the right shape for one handler whose values mean nothing (one per value)."""
    choices = {name: MEANINGLESS.get(_kind(a), []) for name, a in params.items()}
    right = {name: values[0] for name, values in choices.items() if values}
    if len(right) < len(params):
        return []
    return [{**right, name: value} for name, values in choices.items() for value in values] or [{}]


def junk_frames() -> list[str]:
    """Frames no browser makes: unknown names, events that are not objects, broken router data,
    the wrong number of arguments, JSON that does not parse or holds a number of 5,000 digits."""
    event = lambda **e: PREFIX + json.dumps(["event", {"payload": {}, "router_data": {"pathname": "/lobby"}, **e}])  # noqa: E731
    names = [
        f"{ROOM_STATE}.nope",
        f"{ROOM_STATE}._refresh",
        f"{ROOM_STATE}._put",
        f"{ROOT_STATE}.nope.x",
        "",
        "x",
        ".",
        123,
        None,
        ["a"],
        {"a": 1},
        "\ud800",
        f"{ROOM_STATE}.\udfff",
        "_redirect",
        "_call_script",
        f"{ROOM_STATE}.toggle.extra",
    ]
    frames = [event(name=n) for n in names]
    frames += [
        event(),
        PREFIX + json.dumps(["event", "junk"]),
        PREFIX + json.dumps(["event", ["a"]]),
        PREFIX + json.dumps(["event", 5]),
        PREFIX + json.dumps(["event", None]),
        PREFIX + json.dumps(["event", '{"name": 1}']),
        PREFIX + json.dumps(["event"]),
        PREFIX + json.dumps(["event", {}, {}]),
        PREFIX + json.dumps(["ping", 1, 2]),
        PREFIX + json.dumps(["client_error", 1, 2, 3]),
        PREFIX + json.dumps(["nope", {}]),
        PREFIX + '["event", {"name": ',
        PREFIX + "[1e999999]",
        PREFIX + '["event", {"name": "' + f"{RUMMIKUB_TABLE}.place_on" + '", "payload": {"index": ' + "9" * 5000 + "}}]",
    ]
    for router in (
        [],
        "x",
        5,
        {"pathname": 5},
        {"pathname": ["/"]},
        {"query": [1]},
        {"query": {"a": {"b": 1}}},
        {"asPath": {}},
        {"pathname": "/\ud800"},
        {"headers": "x"},
        {"pathname": "/lobby", "query": {"\ud800": "\udc00"}},
    ):
        frames.append(event(name=f"{KEY_STATE}.restore_defaults", router_data=router))
    for payload in ({"__reflex_form_data__": 5}, {"__reflex_form_data__": [[1, 2, 3]]}, {"__reflex_form_data__": [["a"]]}):
        frames.append(event(name=f"{LOBBY_STATE}.create_room", payload={"form": payload}))
    # socket.io packets of types a browser never sends (connect error, binary, unknown), and
    # Engine.IO packets that are not socket.io at all
    frames += [
        "44/_event,{}",
        "47/_event,[]",
        '451-/_event,["event",{"_placeholder":true,"num":0}]',
        "43/_event,99[]",
        "4",
        "4x",
        "",
        "x",
        "9",
        "9junk",
        "b!!!",
        "6",
        "5",
    ]
    return frames


# Reflex's own handlers with arguments of the right type that name nothing that exists
STORAGE = f"{IDENTITY_STATE}.nickname_rx_state_"
REFLEX_JUNK = [
    (f"{ROOT_STATE}.reflex___state____update_vars_internal_state.update_vars_internal", {"vars": v})
    for v in ({"x": 1}, {"": 1}, {"a.b.c": 1}, {f"{ROOT_STATE}.nope.x": "y"}, {STORAGE: 5}, {STORAGE: ["x"]}, {f"{IDENTITY_STATE}.is_member": "x"})
] + [
    (f"{ROOT_STATE}.hydrate_and_load", {"vars": {STORAGE: {"a": 1}, "x": 1}, "hashes": ["nope", ""]}),
    (f"{ROOT_STATE}.setvar", {"var_name": "nope", "value": 1}),
    (f"{ROOT_STATE}.setvar", {"var_name": "is_hydrated", "value": "x"}),
    (f"{IDENTITY_STATE}.setvar", {"var_name": "nickname", "value": 5}),
    (f"{IDENTITY_STATE}.setvar", {"var_name": "guest_key", "value": "x"}),
    (f"{ROOM_STATE}.setvar", {"var_name": "ai_level", "value": 1}),
    (f"{ROOM_STATE}.setvar", {"var_name": "menu_open", "value": "yes"}),
    (f"{ROOT_STATE}.reflex___state____on_load_internal_state.set_is_hydrated", {"value": "x"}),
]
CONNECT_JUNK = [
    '40/_event,{"event": 5}',
    '40/_event,{"event": {"name": "x"}}',
    '40/_event,{"event": {"payload": []}}',
    "40/_event,[1, 2]",
    '40/_event,"x"',
    '40/_event,{"event": {"name": "' + f"{RUMMIKUB_TABLE}.toggle" + '", "payload": {"tile_id": 5}}}',
]


# -- junk generated from the handlers' declared shapes (issue 35: 1) ----------------------------
# A handler's parameters and every nested field of its dict payloads (a TypedDict, and the shape a
# dict declares with `Annotated[dict[str, Any], Shape]` for its handler to parse) each get, in
# turn, values of the wrong kind and values of the right kind that mean nothing, the rest of the
# payload right. Right values come from the declaration too: each choice of a Literal, each member
# of a union, and for text a few well-formed strings (`plausible`), a real tile id among them.
MISSING = object()  # a field left out
HUGE = "x" * 20_000
BAD_TEXT = ["", "²", "١", "١٢٠", HUGE, "ZZ99", "ankan:²", "0:²m"]  # non-ASCII digits: "²".isdigit() is true, int("²") raises
BAD_INT = [-1, 2**53 - 1, -(2**53 - 1)]
WRONG_KIND = [None, 7, 1.5, True, [], ["x"], [None], {}, {"x": 1}, *BAD_TEXT]


def _unwrap(annotation: Any) -> tuple[Any, Any]:
    """(what the socket checks, the declared shape): NotRequired[...] unwrapped, Annotated[base,
    Shape] read as base and Shape."""
    while typing.get_origin(annotation) in (typing.NotRequired, typing.Required):
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) is typing.Annotated:
        base, *extras = typing.get_args(annotation)
        return base, next((e for e in extras if typing.is_typeddict(e)), base)
    return annotation, annotation


def _fields(shape: Any) -> dict[str, Any]:
    return typing.get_type_hints(shape, include_extras=True)


def right_values(annotation: Any, plausible: list[str]) -> list[Any]:
    """Values a handler takes for `annotation`: every choice the declaration names, a few texts."""
    _, shape = _unwrap(annotation)
    origin, args = typing.get_origin(shape), typing.get_args(shape)
    if typing.is_typeddict(shape):
        combos: list[dict[str, Any]] = [{}]
        for name, field in _fields(shape).items():
            optional = [MISSING] if name in shape.__optional_keys__ else []
            combos = [{**c, name: v} for c in combos for v in right_values(field, plausible) + optional]
        return [{k: v for k, v in c.items() if v is not MISSING} for c in combos][:24]
    if origin is typing.Literal:
        return list(args)
    if origin in (typing.Union, types.UnionType):
        return [v for member in args if member is not type(None) for v in right_values(member, plausible)] or [None]
    if shape is str:
        return list(plausible)
    if shape in (int, float):
        return [0]
    if shape is bool:
        return [False]
    if origin is list:
        return [[v] for v in right_values(args[0] if args else str, plausible)[:2]]
    if shape is dict or origin is dict:
        return [{}]
    return ["x"]


def junk_at(annotation: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """(path, value) pairs: the value at this node and at every nested field, wrong in turn."""
    _, shape = _unwrap(annotation)
    out = [((), v) for v in WRONG_KIND if not fits(v, shape)]
    if fits("", shape):
        out += [((), v) for v in BAD_TEXT]
    if fits(0, shape) and not fits(True, shape):
        out += [((), v) for v in BAD_INT]
    members = typing.get_args(shape) if typing.get_origin(shape) in (typing.Union, types.UnionType) else (shape,)
    for member in members:
        _, inner = _unwrap(member)
        if typing.is_typeddict(inner):
            for name, field in _fields(inner).items():
                out += [((name, *path), v) for path, v in junk_at(field) if path or v is not MISSING]
                out.append(((name,), MISSING))
            out.append((("unexpected",), 1))
        elif typing.get_origin(inner) is list:
            out += [((0, *path), v) for path, v in junk_at(typing.get_args(inner)[0])]
    return out


def _put_at(value: Any, path: tuple[Any, ...], junk: Any) -> Any:
    """`value` with `junk` at `path`, or MISSING where the path does not exist in it."""
    if not path:
        return junk
    key, rest = path[0], path[1:]
    if isinstance(key, int) and isinstance(value, list) and value:
        return [_put_at(value[0], rest, junk), *value[1:]]
    if isinstance(key, str) and isinstance(value, dict) and (key in value or not rest):
        inner = _put_at(value.get(key), rest, junk)
        if inner is MISSING and rest:
            return MISSING
        return {k: v for k, v in {**value, key: inner}.items() if v is not MISSING}
    return MISSING


def shaped_junk(params: dict[str, Any], plausible: list[str]) -> list[dict[str, Any]]:
    """Payloads for one handler, each with one parameter or one nested field wrong (`junk_at`),
    the rest right (`right_values`)."""
    bases: list[dict[str, Any]] = [{}]
    for name, annotation in params.items():
        bases = [{**b, name: v} for b in bases for v in right_values(annotation, plausible)][:24]
    out, seen = [], set()
    for name, annotation in params.items():
        for path, junk in junk_at(annotation):
            for base in bases:
                value = _put_at(base[name], path, junk)
                if value is MISSING and path:
                    continue  # that base has no such field (a rack cell is a number, not a cell)
                payload = {k: v for k, v in {**base, name: value}.items() if v is not MISSING}
                key = json.dumps(payload, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    out.append(payload)
    return out


def passes_the_socket(payload: dict[str, Any], params: dict[str, Any], required: list[str]) -> bool:
    """Whether the socket's check of the handler's signature lets `payload` through to the handler."""
    return set(required) <= payload.keys() <= params.keys() and all(fits(v, params[k]) for k, v in payload.items())


def _shown_tiles(browsers: list[Browser]) -> set[str]:
    """Every tile id any of `browsers` has been sent (their racks, the table)."""
    return {t for b in browsers for _, f in b.frames for t in re.findall(r"\b(?:[KRBO]1?[0-9][ab]|JK[12])\b", f)}


async def _playing_room(base: str) -> tuple[Browser, Browser, Browser, str]:
    """A host and a guest playing a number-tile game (180 s turns), and an outsider in the lobby."""
    host, guest, outsider, room_id = await _waiting_room(base)
    sent = await host.send_event(f"{RUMMIKUB_TABLE}.change_settings", {"form": {"turn_seconds": "180", "game_minutes": "30"}})
    await host.wait_for(lambda f: "180" in f, sent, timeout=60)
    await guest.call(f"{ROOM_STATE}.toggle_ready", marker="room_state")
    sent = await host.send_event(f"{ROOM_STATE}.room_request", {"request": "start"})
    for browser in (host, guest):
        await browser.wait_for(lambda f: "rack_cells" in f, sent, timeout=60)
    return host, guest, outsider, room_id


# -- the tests ----------------------------------------------------------------------------------
async def test_junk_to_every_handler_leaves_no_traceback_and_the_room_as_it_was(backend):
    handlers = browser_handlers()
    assert any(name.endswith("rummikub_table.drop_tiles") for name, _, _ in handlers)
    host, guest, outsider, room_id = await _waiting_room(backend.base)
    sent = 0
    try:
        before = await _settled_room(backend.redis_url, room_id)
        started = time.monotonic()
        for index, (name, params, required) in enumerate(handlers):
            sender = (host, guest)[index % 2]  # seated: the handlers reach the room
            for payload in junk_payloads(params, required):
                await sender.send_event(name, payload)
                sent += 1
        for frame in junk_frames():  # frames no browser makes, from the one not in the room
            await outsider.send(frame)
            sent += 1
        for name, params, required in handlers[::3]:  # and junk from outside the room
            for payload in junk_payloads(params, required)[::4]:
                await outsider.send_event(name, payload)
                sent += 1
        for name, payload in REFLEX_JUNK:
            await outsider.send_event(name, payload)
            sent += 1
        for name, params, _ in handlers:  # our handlers, from outside the room: well formed, meaningless
            if ".tilerooms___" in name and not name.endswith(".setvar"):
                for payload in meaningless_payloads(params):
                    await outsider.send_event(name, payload)
                    sent += 1
        for frame in CONNECT_JUNK:  # a new socket whose first packet carries a junk hydrate
            sent += await _connect_with(backend.base, frame)
        for browser in (host, guest, outsider):
            await browser.drained()
        elapsed = time.monotonic() - started
        after = await _stored_room(backend.redis_url, room_id)
    finally:
        for browser in (host, guest, outsider):
            await browser.close()
    await asyncio.sleep(1.0)  # the last log lines reach the file
    found = _tracebacks(backend.text())
    print(f"{sent} junk payloads to {len(handlers)} handlers in {elapsed:.1f} s; {len(found)} tracebacks / logging errors")
    assert not found, f"{len(found)} tracebacks for {sent} junk payloads, e.g. {sorted(set(found))[:12]}"
    assert after == before, f"junk changed the room: {_changes(before, after)}"


async def test_junk_generated_from_the_handlers_shapes_is_refused_in_a_game(backend):
    """Issue 35: 1. In a number-tile game, every handler of our states that takes arguments gets
    each parameter and each nested field of its dict payloads wrong in turn (`shaped_junk`): the
    player whose turn it is and the other send all of it to the room's states, an outsider the
    junk the socket lets through to the other states. No traceback, the room as it was, and the
    drops the socket lets through get the Korean refusal."""
    handlers = [h for h in browser_handlers() if ".tilerooms___" in h[0] and not h[0].endswith(".setvar") and h[1]]
    host, guest, outsider, room_id = await _playing_room(backend.base)
    log_start = len(backend.text())
    sent = 0
    try:
        seated = [host, guest]
        unseen = sorted(set(TILES) - _shown_tiles(seated))[0]  # a real tile in nobody's rack and not on the table
        plausible = ["x", unseen, "chi", "ankan:0:1m"]
        before = await _settled_room(backend.redis_url, room_id)
        since = time.perf_counter()
        started = time.monotonic()
        for name, params, required in handlers:
            in_room = name.startswith(ROOM_STATE)  # the room page's states: the seated send it all
            for payload in shaped_junk(params, plausible):
                through = passes_the_socket(payload, params, required)
                for browser in seated if in_room or not through else [outsider]:
                    await browser.send_event(name, payload)
                    sent += 1
        for browser in (host, guest, outsider):
            await browser.drained()
        elapsed = time.monotonic() - started
        after = await _stored_room(backend.redis_url, room_id)
        refused = [f for b in seated for t, f in b.frames if t >= since and "refused_payload" in f]
    finally:
        for browser in (host, guest, outsider):
            await browser.close()
    await asyncio.sleep(1.0)  # the last log lines reach the file
    found = _tracebacks(backend.text()[log_start:])
    print(f"{sent} generated junk payloads to {len(handlers)} handlers in a game in {elapsed:.1f} s; {len(found)} tracebacks")
    assert not found, f"{len(found)} tracebacks for {sent} junk payloads, e.g. {sorted(set(found))[:12]}"
    assert after == before, f"junk changed the room: {_changes(before, after)}"
    assert refused, "no Korean refusal (refused_payload) reached the players"


async def test_junk_generated_for_the_mahjong_table_is_refused_in_a_game(backend):
    """Issue 35: 1, the mahjong table: its handlers' junk (`mj_kan(key="ankan:²")`, `mj_call(call="chi",
    tiles=["²"])` among it) sent by both people of a running three-player game with an AI. The AI
    and the clocks may move the game meanwhile, so this asserts no traceback and the refusals."""
    handlers = [h for h in browser_handlers() if h[0].startswith(MAHJONG_TABLE + ".") and h[1]]
    host, guest, outsider = Browser(backend.base), Browser(backend.base), Browser(backend.base)
    for browser in (host, guest, outsider):
        await browser.connect()
    form = {"game": "mahjong", "name": "junk", "mj_turn": "60", "mj_claim": "20"}
    frame = await host.call(f"{LOBBY_STATE}.create_room", {"form": form}, marker="/room/r")
    room_id = re.search(r"/room/(r[0-9a-f]+)", frame).group(1)
    log_start = len(backend.text())
    sent = 0
    try:
        for browser in (host, guest):
            browser.path = f"/room/{room_id}"
            await browser.call(f"{ROOM_STATE}.enter", marker="room_state")
        await guest.call(f"{ROOM_STATE}.toggle_ready", marker="room_state")
        await host.call(f"{ROOM_STATE}.add_ai", {"seat": 2, "level": "easy"}, marker="room_state")
        start = await host.send_event(f"{ROOM_STATE}.room_request", {"request": "start"})
        for browser in (host, guest):
            await browser.wait_for(lambda f: "mj_own" in f, start, timeout=60)
        tokens = sorted({t for _, f in host.frames for t in re.findall(r"\b\d{1,3}:[0-9][mpsz]\b", f)})
        plausible = ["x", "chi", "pon", *(f"{kind}:{t}" for kind in ("ankan", "kakan") for t in tokens[:1]), *tokens[:1]]
        since = time.perf_counter()
        for name, params, _ in handlers:
            for payload in shaped_junk(params, plausible):
                for browser in (host, guest):
                    await browser.send_event(name, payload)
                    sent += 1
        for name, payload in (("mj_kan", {"key": "ankan:²"}), ("mj_call", {"call": "chi", "tiles": ["²"]})):  # the issue's own
            await host.send_event(f"{MAHJONG_TABLE}.{name}", payload)
        for browser in (host, guest):
            await browser.drained()
        refused = [f for b in (host, guest) for t, f in b.frames if t >= since and "refused_payload" in f]
    finally:
        for browser in (host, guest, outsider):
            await browser.close()
    await asyncio.sleep(1.0)
    found = _tracebacks(backend.text()[log_start:])
    print(f"{sent} generated junk payloads to {len(handlers)} mahjong table handlers in a game; {len(found)} tracebacks")
    assert not found, f"{len(found)} tracebacks for {sent} junk payloads, e.g. {sorted(set(found))[:12]}"
    assert refused, "no Korean refusal (refused_payload) reached the players"


FORGED_VIEW = {
    "version": 1 << 40,
    "status": "waiting",
    "name": "HACKED-ROOM",
    "game_name": "forged",
    "solo": False,
    "has_password": False,
    "host_id": "nobody",
    "you": {"role": "player", "is_host": True},
    "options": {},
    "seats": [],
    "spectators": [],
    "chat": [{"no": 1, "name": "x", "text": "HACKED-CHAT"}],
    "game": "mahjong",
    "game_state": {},
}
SERVER_ONLY = [  # (event name under the old public name, payload): methods only the server may call
    (f"{ROOM_STATE}.apply_view", {"view": FORGED_VIEW, "force": True}),
    (f"{ROOM_STATE}.apply_view", {"view": {"version": 1 << 41, "status": "closed"}}),
    (f"{ROOM_STATE}._apply_view", {"view": FORGED_VIEW, "force": True}),
    (f"{RUMMIKUB_TABLE}._show", {"view": FORGED_VIEW}),
    (f"{RUMMIKUB_TABLE}._apply_view", {"view": FORGED_VIEW, "force": True}),
    (f"{IDENTITY_STATE}.current_user", {}),
    (f"{IDENTITY_STATE}._current_user", {}),
    (f"{IDENTITY_STATE}.forget_member", {}),
    (f"{IDENTITY_STATE}._forget_member", {}),
]


async def test_methods_for_the_server_only_are_refused_from_a_browser(backend):
    host, guest, outsider, room_id = await _waiting_room(backend.base)
    log_start = len(backend.text())
    try:
        before = await _settled_room(backend.redis_url, room_id)
        since = time.perf_counter()
        for name, payload in SERVER_ONLY:
            await host.send_event(name, payload)
        done = await host.drained()
        answers = [f for t, f in host.frames if since <= t < done]
        after = await _stored_room(backend.redis_url, room_id)
        # the real view is still what the page shows: a real event brings no forged value back
        shown = await host.call(f"{ROOM_STATE}.toggle_reduced_motion", {}, marker="room_state")
    finally:
        for browser in (host, guest, outsider):
            await browser.close()
    assert not [f for f in answers if "room_state" in f or "identity_state" in f], f"a server-only method ran: {answers}"
    assert "HACKED" not in shown and not [f for _, f in host.frames if "HACKED" in f]
    assert after == before, "the room changed"
    await asyncio.sleep(0.5)
    assert not _tracebacks(backend.text()[log_start:])


# -- limits a socket cannot escape (issue 17: 9) ------------------------------------------------
UPDATE_VARS = f"{ROOT_STATE}.reflex___state____update_vars_internal_state.update_vars_internal"
GUEST_KEY = f"{IDENTITY_STATE}.guest_key_rx_state_"


async def _new_key(browser: Browser) -> None:
    """The browser's local storage gets a fresh guest key, as another tab would write it (sync)."""
    from tilerooms.shell.identity import new_guest_key

    await browser.send_event(UPDATE_VARS, {"vars": {GUEST_KEY: new_guest_key()}})


async def _stored_rooms(redis_url: str) -> dict[str, Any]:
    from redis.asyncio import Redis

    from tilerooms.rooms.store_redis import RedisRoomStore

    client = Redis.from_url(redis_url)
    try:
        store = RedisRoomStore(client)
        return {room_id: await store.load(room_id) for room_id in await store.room_ids()}
    finally:
        await client.aclose()


async def test_one_socket_with_a_new_guest_key_per_request_is_still_limited(backend):
    attacker = Browser(backend.base)
    await attacker.connect()
    try:
        before = set(await _stored_rooms(backend.redis_url))
        for _ in range(50):  # 50 rooms, each by a "new" guest
            await _new_key(attacker)
            await attacker.send_event(f"{LOBBY_STATE}.create_room", {"form": {"game": "rummikub", "name": "flood"}})
        await attacker.drained()
        made = {k: v for k, v in (await _stored_rooms(backend.redis_url)).items() if k not in before and v is not None and v.name == "flood"}
        # the key did change per request (each room has its own host), and still the socket was stopped
        assert len({room.host_id for room in made.values()}) == len(made)
        print(f"one socket, a new key per request: {len(made)} of 50 rooms made")
        assert 2 <= len(made) <= 10, f"{len(made)} of 50 flood rooms were made"

        # 200 chat lines into one room, each from a "new" guest who joined to watch
        host = Browser(backend.base)
        await host.connect()
        frame = await host.call(f"{LOBBY_STATE}.create_room", {"form": {"game": "rummikub", "name": "chat"}}, marker="/room/r")
        room_id = re.search(r"/room/(r[0-9a-f]+)", frame).group(1)
        host.path = attacker.path = f"/room/{room_id}"
        await host.call(f"{ROOM_STATE}.enter", marker="room_state")
        for n in range(200):
            await _new_key(attacker)
            await attacker.send_event(f"{ROOM_STATE}.enter")
            await attacker.send_event(f"{ROOM_STATE}.send_chat", {"form": {"text": f"도배 {n}"}})
        await attacker.drained()
        room = (await _stored_rooms(backend.redis_url))[room_id]
        lines = [line for line in room.chat if line.text.startswith("도배")]
        assert len({line.sender_id for line in lines}) == len(lines)  # new guests, each time
        print(f"one socket, a new key per request: {len(lines)} of 200 chat lines posted")
        assert 1 <= len(lines) <= 20, f"{len(lines)} of 200 flood lines were posted"
        await host.close()
    finally:
        await attacker.close()
    assert not _tracebacks(backend.text())
