"""Quick-match queues in Redis, shared by every worker (the `QueueStore` of `queue_store.py`).

Keys (under the store's prefix, `tilerooms` by default):
- `queue:entry` hash person -> entry JSON, `queue:mode_of` hash person -> mode;
- `queue:mode:<mode>` the set of people queued for a mode;
- `queue:lease` sorted set person -> lease end (epoch ms);
- `queue:match:<person>` the match note, expiring after `MATCH_NOTE_TTL_S`;
- `queue:leader` the matcher role (a worker id with a TTL).
Every change of an entry is one Lua script, so two workers never see half of one.
"""

from __future__ import annotations

from redis.asyncio import Redis

from tilerooms.rooms.queue_store import MATCH_NOTE_TTL_S, MatchNote, QueueEntry

# KEYS: entry, mode_of, lease; ARGV: mode-set prefix, person, expected JSON ('' = any). Returns the JSON removed.
_REMOVE = """
local raw = redis.call('HGET', KEYS[1], ARGV[2])
if not raw or (ARGV[3] ~= '' and raw ~= ARGV[3]) then return false end
local mode = redis.call('HGET', KEYS[2], ARGV[2])
if mode then redis.call('SREM', ARGV[1] .. mode, ARGV[2]) end
redis.call('HDEL', KEYS[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return raw
"""
_REMOVE_ONE = "local function remove_one(person, expected)\n" + _REMOVE.replace("ARGV[2]", "person").replace("ARGV[3]", "expected") + "end\n"

# ARGV: mode-set prefix, person, JSON, mode, lease end
_PUT = (
    _REMOVE_ONE
    + """
remove_one(ARGV[2], '')
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[4])
redis.call('SADD', ARGV[1] .. ARGV[4], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[2])
return 1
"""
)

# ARGV: mode-set prefix, match-note prefix, note TTL, count, then per person: id, expected JSON, note JSON
_TAKE = (
    _REMOVE_ONE
    + """
local n = tonumber(ARGV[4])
for i = 0, n - 1 do
  if redis.call('HGET', KEYS[1], ARGV[5 + 3 * i]) ~= ARGV[6 + 3 * i] then return 0 end
end
for i = 0, n - 1 do
  remove_one(ARGV[5 + 3 * i], '')
  redis.call('SET', ARGV[2] .. ARGV[5 + 3 * i], ARGV[7 + 3 * i], 'EX', ARGV[3])
end
return 1
"""
)

# ARGV: mode-set prefix, now. Returns the JSON of the entries dropped.
_EXPIRE = (
    _REMOVE_ONE
    + """
local gone = {}
for _, person in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. ARGV[2])) do
  local raw = remove_one(person, '')
  if raw then table.insert(gone, raw) end
end
return gone
"""
)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisQueueStore:
    """The `QueueStore` contract on Redis."""

    def __init__(self, redis: Redis, prefix: str = "tilerooms") -> None:
        self._redis = redis
        self._prefix = f"{prefix}:queue"
        self._keys = [f"{self._prefix}:entry", f"{self._prefix}:mode_of", f"{self._prefix}:lease"]

    @property
    def _mode_sets(self) -> str:
        return f"{self._prefix}:mode:"

    @property
    def _notes(self) -> str:
        return f"{self._prefix}:match:"

    async def _run(self, script: str, *args: str | int) -> object:
        return await self._redis.eval(script, len(self._keys), *self._keys, self._mode_sets, *args)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)

    async def put(self, entry: QueueEntry, lease_until: int) -> None:
        """Queue `entry`, replacing the person's other entry, in one step."""
        await self._run(_PUT, entry.person_id, entry.model_dump_json(), entry.mode, lease_until)

    async def get(self, person_id: str) -> QueueEntry | None:
        """The person's entry."""
        raw = await self._redis.hget(self._keys[0], person_id)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return None if raw is None else QueueEntry.model_validate_json(raw)

    async def remove(self, person_id: str) -> QueueEntry | None:
        """Drop the person's entry; the one it was."""
        raw = await self._run(_REMOVE_ONE + "return remove_one(ARGV[2], '')", person_id)
        return None if not raw else QueueEntry.model_validate_json(raw)  # type: ignore[arg-type]

    async def renew(self, person_id: str, lease_until: int) -> bool:
        """A new lease end, only for a queued person (`ZADD XX`)."""
        changed = await self._redis.zadd(self._keys[2], {person_id: lease_until}, xx=True, ch=True)
        return bool(changed) or await self._redis.zscore(self._keys[2], person_id) is not None

    async def waiting(self, mode: str) -> list[QueueEntry]:
        """The mode's entries."""
        people = [_text(p) for p in await self._redis.smembers(self._mode_sets + mode)]  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        if not people:
            return []
        raws = await self._redis.hmget(self._keys[0], people)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return [QueueEntry.model_validate_json(raw) for raw in raws if raw is not None]

    async def counts(self) -> dict[str, int]:
        """People per mode."""
        counted: dict[str, int] = {}
        for mode in (await self._redis.hgetall(self._keys[1])).values():  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
            counted[_text(mode)] = counted.get(_text(mode), 0) + 1
        return counted

    async def take(self, entries: list[QueueEntry], note: MatchNote) -> bool:
        """All or nothing, in one script: each entry's stored JSON must be the one read."""
        args: list[str | int] = [self._notes, MATCH_NOTE_TTL_S, len(entries)]
        for entry in entries:
            args += [entry.person_id, entry.model_dump_json(), note.model_copy(update={"entry": entry}).model_dump_json()]
        return bool(await self._run(_TAKE, *args))

    async def match_of(self, person_id: str) -> MatchNote | None:
        """The person's match note."""
        raw = await self._redis.get(self._notes + person_id)
        return None if raw is None else MatchNote.model_validate_json(raw)

    async def forget_match(self, person_id: str) -> None:
        """Drop the note."""
        await self._redis.delete(self._notes + person_id)

    async def expire(self, now: int) -> list[QueueEntry]:
        """Entries whose lease ran out, removed in one step."""
        gone = await self._run(_EXPIRE, now)
        return [QueueEntry.model_validate_json(raw) for raw in gone]  # type: ignore[attr-defined]

    async def lead(self, worker_id: str, ttl_ms: int, now: int) -> bool:
        """The matcher role: `SET NX PX`, or a renewal by its holder."""
        key = f"{self._prefix}:leader"
        if await self._redis.set(key, worker_id, nx=True, px=ttl_ms):
            return True
        holder = await self._redis.get(key)
        if holder is not None and _text(holder) == worker_id:
            await self._redis.pexpire(key, ttl_ms)
            return True
        return False
