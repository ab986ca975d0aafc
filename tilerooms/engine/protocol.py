"""The game protocol every engine module implements (GUIDE §3, modelled on boardgame.io).

An engine is a module of pure functions over a JSON-serialisable state dict:

- `setup(options, players, seed) -> state`
- `validate(state, player, action) -> None` (raises `RuleError`)
- `apply(state, player, action) -> list[event]` (validates, then mutates `state` in place)
- `view(state, viewer) -> dict` (what `viewer` may see; `None` viewer = spectator)
- `active_players(state) -> list[player]`
- `deadline(state) -> float | None` (epoch ms)
- `on_timeout(state, player) -> action`
- `result(state) -> dict | None`

Events are dicts `{"type": ..., "to": [player ids] | None, ...}`; `to=None` means public.
"""

from __future__ import annotations

from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


class Engine(Protocol):
    """Structural type of an engine module (used for type hints in the room layer)."""

    def setup(self, options: dict, players: list[str], seed: int | str) -> State: ...

    def validate(self, state: State, player: str, action: Action) -> None: ...

    def apply(self, state: State, player: str, action: Action) -> list[Event]: ...

    def view(self, state: State, viewer: str | None) -> dict: ...

    def active_players(self, state: State) -> list[str]: ...

    def deadline(self, state: State) -> float | None: ...

    def on_timeout(self, state: State, player: str) -> Action: ...

    def result(self, state: State) -> dict | None: ...
