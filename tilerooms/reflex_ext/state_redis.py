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
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState
from reflex_base.utils.exceptions import LockExpiredError, StateSchemaMismatchError

log = logging.getLogger(__name__)

# KEYS: the lock, then the state keys. ARGV: the lock id, the lock's ms. {0}: busy; {1, states}.
_LOCK_AND_READ = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {0}
end
if #KEYS == 1 then
  return {1, {}}
end
return {1, redis.call('MGET', unpack(KEYS, 2))}
"""

# Reflex's fenced save (`reflex/istate/manager/redis.py: _FENCED_SAVE_SCRIPT`), then the lock freed.
# KEYS: the lock, then the state keys. ARGV: the lock id, the states' expiry (s), the states.
# Returns the lock's remaining PTTL before it was freed, or nil (nothing written) when it is not ours.
_WRITE_AND_UNLOCK = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return nil
end
for i = 2, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i + 1], 'EX', ARGV[2])
end
local pttl = redis.call('PTTL', KEYS[1])
redis.call('DEL', KEYS[1])
return pttl
"""


class LeanStateManagerRedis(StateManagerRedis):
    """`StateManagerRedis` whose state changes take two round trips (lock + read, write + unlock)."""

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
        keys = [token._state_key(c) for c in required]
        script = cast("Callable[..., Awaitable[list[Any]]]", self.redis.eval)
        reply = [0]
        if not self._n_lock_waiters(lock_key):  # others of this worker queue first: Reflex's order
            reply = await script(_LOCK_AND_READ, 1 + len(keys), lock_key, *keys, lock_id, self.lock_expiration)
        if reply[0]:
            states = list(reply[1]) or [None] * len(keys)
        else:
            await self._wait_lock(lock_key, lock_id)  # Reflex's wait (keyspace events), then read
            states = list(await self.redis.mget(keys)) if keys else []
        locked = True
        try:
            state = _tree(token, required, states)
            yield state
            writes = self._collect_state_writes(token, state)
            pttl = await script(
                _WRITE_AND_UNLOCK,
                1 + len(writes),
                lock_key,
                *(key for key, _ in writes),
                lock_id,
                self.token_expiration,
                *(data for _, data in writes),
            )
            locked = False
            if pttl is None:
                msg = f"Lock expired for token {token} while processing (lock expiration {self.lock_expiration} ms)." + (
                    f" Happened in event: {event_name}" if event_name else ""
                )
                raise LockExpiredError(msg)
            held_s = (self.lock_expiration - pttl) / 1000
            if held_s > self.lock_warning_threshold / 1000:
                log.warning("Lock for token %s was held too long (%.1f s); use a background event for long tasks", token, held_s, extra={"dedupe": True})
        finally:
            if locked:  # the change failed before its write: free the lock as Reflex does
                with contextlib.suppress(Exception):
                    await self.redis.eval(
                        "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
                        1,
                        lock_key,
                        lock_id,
                    )  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
            self._notify_next_waiter(lock_key)


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
