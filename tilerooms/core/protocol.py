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
- `shift_time(state, delta_ms) -> None` (a paused game's clocks move on)

Optional capabilities are declared on the game's `GameDefinition` (`set_away`, `reaction_window`),
never probed on the engine module: the room layer asks the definition whether a game has one.

Events are dicts `{"type": ..., "to": [player ids] | None, ...}`; `to=None` means public.

A game is one `GameDefinition` (its engine, names, seat limits, room options, AI, replay and
review), registered in `tilerooms.games.GAMES`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


class Engine(Protocol):
    """Structural type of an engine module (used for type hints in the room layer)."""

    def setup(self, options: dict[str, Any], players: list[str], seed: int | str) -> State: ...

    def validate(self, state: State, player: str, action: Action) -> None: ...

    def apply(self, state: State, player: str, action: Action) -> list[Event]: ...

    def view(self, state: State, viewer: str | None) -> dict[str, Any]: ...

    def active_players(self, state: State) -> list[str]: ...

    def deadline(self, state: State) -> float | None: ...

    def on_timeout(self, state: State, player: str) -> Action: ...

    def result(self, state: State) -> dict[str, Any] | None: ...

    def shift_time(self, state: State, delta_ms: float) -> None: ...


# -- one game, whole (issue 21: 4) -------------------------------------------------------------

FormField = tuple[str, Callable[[Any], Any]]  # (option key, converter of the browser's string)


def form_number(value: Any) -> int:
    """A whole number from a create-room form: ASCII digits only, else ValueError. Python's `int`
    also reads "١٢٠" as 120 and "²" passes `isdigit`; no form of ours sends either (issue 35: 1)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, str) or not (value.isascii() and value.isdecimal()) or len(value) > 9:
        raise ValueError(f"not a number: {value!r:.40}")
    return int(value)


SetAway = Callable[[State, str, bool, float], list[Event]]  # (state, player, away, now) -> events
ReactionWindow = Callable[[State], bool]  # (state) -> the game waits for answers to another's move


@dataclass(frozen=True)
class QuickMatchMode:
    """One quick-match queue (빠른 대전, issue 37) a game offers: `players` seats with `options` over
    the site's defaults, named in both languages."""

    suffix: str  # the queue's id after the game's: "4-tonpuu" makes "mahjong-4-tonpuu"
    players: int
    name_ko: str
    name_en: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameDefinition:
    """Everything the site needs about one game, registered once in `tilerooms.games.GAMES` by the
    game's own package (`games/<game>/__init__.py`): the room layer, the records and the replays
    ask this object instead of branching on the game's name or importing modules by string.

    `decide` (the AI) and `review` (the 복기) import their heavy modules on first call; `preload`
    imports them now (the server does at start).
    """

    id: str
    name_ko: str
    name_en: str
    min_players: int
    max_players: int
    engine: Engine
    decide: Callable[[dict[str, Any], str, random.Random], list[Action]]  # AI: (own view, level, rng) -> actions
    replay: Callable[..., Iterator[Any]]  # (seed, options, players, log) -> ReplaySteps
    final_state: Callable[..., State]  # (seed, options, players, log) -> the last state
    review: Callable[..., dict[str, Any]]  # (seed, options, seats, log) -> the AI review of the human seats
    form_fields: Mapping[str, FormField] = field(default_factory=dict)  # create-room form field -> option
    form_switches: Mapping[str, str] = field(default_factory=dict)  # checkbox field -> boolean option
    turn_choices: tuple[int, ...] | None = None  # the room's allowed turnSeconds (None: the engine checks)
    fallback_actions: tuple[Action, ...] = ()  # an AI whose plan failed does this (else its turn clock decides)
    unshown_keys: tuple[str, ...] = ()  # view keys that change without anything visible changing
    preload: Callable[[], None] = lambda: None  # imports what `decide` would import on its first call
    # state lists that only grow at their end, an entry never changed once added (mahjong's past
    # hands): the in-process store serialises them again only when they grow
    append_only_keys: tuple[str, ...] = ()
    # how many AIs a practice game seats; None: as many as the player chose (1..max_players - 1)
    practice_ais: int | None = None
    # a game of N players that has a name of its own: N -> (Korean, English), shown after the
    # game's name wherever a room, a result or a replay names it (mahjong's 3: sanma)
    mode_names: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    # optional engine capabilities, declared here (None: the game has none)
    # the room layer reports seats whose socket is gone: the game plays them on autopilot
    set_away: SetAway | None = None
    # the game waits for answers to another player's tile: AIs answer at once, not at a human pace
    reaction_window: ReactionWindow | None = None
    # the quick-match queues the lobby offers for this game, in menu order
    quick_modes: tuple[QuickMatchMode, ...] = ()

    def display_names(self, players: int) -> tuple[str, str]:
        """The game's name for a game of `players` (Korean, English): the game's own name, then its
        mode's when that count has one ("리치 마작 · 3인 (산마)")."""
        mode = self.mode_names.get(players)
        if mode is None:
            return self.name_ko, self.name_en
        return f"{self.name_ko} · {mode[0]}", f"{self.name_en} · {mode[1]}"

    def rating_key(self, players: int) -> str:
        """The skill rating a game of `players` counts for (issue 37): one per game, and one per
        count that has a mode of its own (mahjong: "mahjong4", "mahjong3"; number tiles: "rummikub")."""
        return f"{self.id}{players}" if self.mode_names else self.id

    def shown_view(self, game_view: Mapping[str, Any]) -> dict[str, Any]:
        """What a player's engine view shows: all of it but the `unshown_keys` (mahjong's action
        count `seq`, which every hidden claim answer moves). The one place a view's visible part is
        told from its counters: the push of a room's change (`rooms.live.shown_part`) and an AI's
        stale plan (`rooms.play.plan_still_fits`) both ask it."""
        return {k: v for k, v in game_view.items() if k not in self.unshown_keys}

    def options_from_form(self, form: Mapping[str, Any]) -> dict[str, Any]:
        """The game options a create-room form asks for; ValueError / TypeError on a non-number.
        Checkboxes count only on the advanced form (absent there means off)."""
        options: dict[str, Any] = {}
        for name, (key, convert) in self.form_fields.items():
            if form.get(name) not in (None, ""):
                options[key] = convert(form[name])
        if form.get("advanced") == "1":
            for name, key in self.form_switches.items():
                options[key] = form.get(name) in ("on", True, "true")
        return options
