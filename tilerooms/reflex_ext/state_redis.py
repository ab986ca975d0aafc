"""Reflex's Redis state manager in two round trips per state change instead of four (issue 38, "a
leaner Redis path").

Reflex 0.10.1's `StateManagerRedis.modify_state` (without its opt-in opportunistic lock) takes the
token's lock (`SET NX`), reads the states (`MGET`), writes the touched ones under the lock (a fenced
`EVAL`) and frees the lock (`GETDEL`). Every push of a room change to a browser is one such change,
and so is every event a browser sends: under `bench.load` they were half of the Redis commands of
a room change. Here the lock is taken and the states read in one script, and the write frees the
lock in the same script as it writes. What is locked, read and written is unchanged: the same keys,
the same fencing (a write after the lock expired writes nothing and raises `LockExpiredError`), the
same keyspace events for the waiters (`set` on taking the lock, `del` on freeing it); a busy lock
is waited for by Reflex's own code (`_wait_lock`), and the opportunistic lock, when enabled, is
Reflex's own path too.

Reflex's private API (`StateManagerRedis` internals) is touched here only.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState
from reflex_base.utils.exceptions import LockExpiredError, StateSchemaMismatchError

log = logging.getLogger(__name__)

# KEYS: the lock, the stamp, then the state keys. ARGV: the lock id, the lock's ms, the stamp this
# worker holds ('' none). {1, stamp}: the states are as this worker wrote them; {1, stamp,
# states}: read them. `_LOCK_AND_READ` takes the lock first ({0}: busy); `_READ` is for a caller
# that took it with Reflex's own wait.
_READ = """
local stamp = redis.call('GET', KEYS[2])
if stamp and stamp == ARGV[3] then
  return {1, stamp}
end
if #KEYS == 2 then
  return {1, stamp, {}}
end
return {1, stamp, redis.call('MGET', unpack(KEYS, 3))}
"""
_LOCK_AND_READ = (
    """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {0}
end"""
    + _READ
)

# Reflex's fenced save (`reflex/istate/manager/redis.py: _FENCED_SAVE_SCRIPT`), the stamp moved on
# when anything was written, then the lock freed. KEYS: the lock, the stamp, then the state keys.
# ARGV: the lock id, the states' expiry (s), then the states in KEYS order. Returns {the lock's
# PTTL before it was freed, the stamp}, or nil (nothing written) when the lock is not ours.
_WRITE_AND_UNLOCK = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return nil
end
for i = 3, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i], 'EX', ARGV[2])
end
local stamp = redis.call('GET', KEYS[2])
if #KEYS > 2 then
  stamp = redis.call('INCR', KEYS[2])
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
local pttl = redis.call('PTTL', KEYS[1])
redis.call('DEL', KEYS[1])
return {pttl, stamp}
"""

_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"
TREES_KEPT = 2048  # browsers whose state trees this worker keeps as it wrote them


@dataclasses.dataclass
class LeanStateManagerRedis(StateManagerRedis):
    """`StateManagerRedis` whose state changes take two round trips (lock + read, write + unlock),
    and read no state this worker wrote last (a stamp per browser says so)."""

    _trees: OrderedDict[str, tuple[bytes, BaseState]] = dataclasses.field(default_factory=OrderedDict, init=False)

    @staticmethod
    def _stamp_key(token: BaseStateToken) -> str:
        return f"{token.ident}_lean_stamp"

    @contextlib.asynccontextmanager
    async def _try_modify_state(self, token: Any, **context: Any) -> AsyncIterator[Any]:
        """Lock, read, yield, write and unlock the token's states in two round trips."""
        if self._oplock_enabled or not isinstance(token, BaseStateToken):
            async with super()._try_modify_state(token, **context) as state:
                yield state
            return
        event = context.get("event")
        event_name = event.name if event is not None else None
        lock_key = self._lock_key(token)
        lock_id = (f"{event_name}:{uuid.uuid4().hex}" if event_name else uuid.uuid4().hex).encode()
        required = sorted(self._get_required_state_classes(token.cls, subclasses=True), key=lambda c: c.get_full_name())
        keys = [lock_key, self._stamp_key(token), *(token._state_key(c) for c in required)]
        kept = self._trees.pop(token.ident, None)  # back only once written: a failed change may have half-changed it
        script = cast("Callable[..., Awaitable[list[Any]]]", self.redis.eval)
        reply: list[Any] = [0]
        if not self._n_lock_waiters(lock_key):  # others of this worker queue first: Reflex's order
            reply = await script(_LOCK_AND_READ, len(keys), *keys, lock_id, self.lock_expiration, kept[0] if kept else "")
        if not reply[0]:
            await self._wait_lock(lock_key, lock_id)  # Reflex's wait (keyspace events), then read
            reply = await script(_READ, len(keys), *keys, lock_id, self.lock_expiration, kept[0] if kept else "")
        locked = True
        try:
            if len(reply) == 2 and kept is not None:
                root = kept[1]  # as this worker wrote it: the objects themselves, as the in-process manager keeps them
                if not {c.get_full_name() for c in required} <= self._get_populated_states(root).keys():
                    await self.get_state(token, for_state_instance=root)  # a state this tree never needed
            else:
                root = _tree(token, required, list(reply[2]) if reply[2] else [None] * len(required))
            yield root
            writes = self._collect_state_writes(token, root)
            written = await script(
                _WRITE_AND_UNLOCK,
                2 + len(writes),
                lock_key,
                self._stamp_key(token),
                *(key for key, _ in writes),
                lock_id,
                self.token_expiration,
                *(data for _, data in writes),
            )
            locked = False
            if written is None:
                msg = f"Lock expired for token {token} while processing (lock expiration {self.lock_expiration} ms)." + (
                    f" Happened in event: {event_name}" if event_name else ""
                )
                raise LockExpiredError(msg)
            pttl, stamp = written
            if stamp is not None:
                for state in self._get_populated_states(root).values():
                    state._was_touched = False  # written: Reflex's fresh states start untouched
                self._keep(token.ident, str(stamp).encode(), root)
            held_s = (self.lock_expiration - pttl) / 1000
            if held_s > self.lock_warning_threshold / 1000:
                log.warning("Lock for token %s was held too long (%.1f s); use a background event for long tasks", token, held_s, extra={"dedupe": True})
        finally:
            if locked:  # the change failed before its write: free the lock as Reflex does
                with contextlib.suppress(Exception):
                    await self.redis.eval(_RELEASE, 1, lock_key, lock_id)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
            self._notify_next_waiter(lock_key)

    def _keep(self, ident: str, stamp: bytes, root: BaseState) -> None:
        self._trees[ident] = (stamp, root)
        while len(self._trees) > TREES_KEPT:
            self._trees.popitem(last=False)

    async def set_state(self, token: Any, state: Any, **context: Any) -> None:
        """Reflex's write (its other paths: without the lock, the opportunistic lock's flush); the
        stamp goes, so no worker takes its kept tree for the states written here."""
        await super().set_state(token, state, **context)
        token = self._coerce_token(token)
        if isinstance(token, BaseStateToken):
            self._trees.pop(token.ident, None)
            await self.redis.delete(self._stamp_key(token))


def _tree(token: BaseStateToken, required: list[type[BaseState]], states: list[bytes | None]) -> BaseState:
    """The root state with the `required` states attached, from their pickles (Reflex's
    `StateManagerRedis.get_state`, its part after the `MGET`)."""
    flat: dict[str, BaseState] = {}
    for state_cls, data in zip(required, states, strict=True):
        state = None
        if data is not None:
            with contextlib.suppress(StateSchemaMismatchError):
                state = BaseState._deserialize(data=data)
        if state is None:  # no such key yet, or an older schema: a new instance for this token
            state = state_cls(init_substates=False, _reflex_internal_init=True)
        name = state.get_full_name()
        flat[name] = state
        if state.get_parent_state() is not None:
            parent_name, _, own_name = name.rpartition(".")
            parent = flat[parent_name]  # sorted by full name: parents come first
            parent.substates[own_name] = state
            state.parent_state = parent
    return flat[token.cls.get_root_state().get_full_name()]


def lean(app: Any) -> None:
    """Serve `app`'s Redis-backed states with `LeanStateManagerRedis` (nothing changes for the
    in-process and disk managers). Call once, where the app is built."""
    manager = app._state_manager  # private API
    if type(manager) is StateManagerRedis:
        app._state_manager = LeanStateManagerRedis(
            redis=manager.redis,
            token_expiration=manager.token_expiration,
            lock_expiration=manager.lock_expiration,
            lock_warning_threshold=manager.lock_warning_threshold,
        )
