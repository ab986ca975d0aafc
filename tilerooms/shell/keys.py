"""Keyboard shortcuts for the board, saved in this browser (issue 4: configurable key bindings).

The bindings are the player's own preference (public: nothing secret); `assets/keys.js` reads them
from the page and presses the matching button, so a shortcut does exactly what a click does.
"""

from __future__ import annotations

import json

import reflex as rx

from tilerooms.reflex_ext.payloads import browser_event

# action -> (button id, default key, Korean label)
ACTIONS: dict[str, tuple[str, str, str]] = {
    "commit": ("commit", "c", "배치 확정"),
    "draw": ("draw", "d", "한 장 가져오기"),
    "undo": ("undo", "z", "되돌리기"),
    "reset": ("reset", "r", "전체 취소"),
    "new_set": ("place-new", "n", "새 묶음"),
    "to_rack": ("to-rack", "b", "손패로"),
    "sort_runs": ("sort-runs", "1", "789 정렬"),
    "sort_groups": ("sort-groups", "2", "777 정렬"),
    "hint": ("hint", "h", "힌트"),
    "clear": ("clear-selection", "Escape", "선택 해제"),
}
DEFAULTS = {action: key for action, (_, key, _) in ACTIONS.items()}


def parse_bindings(raw: str) -> dict[str, str]:
    """Saved bindings merged over the defaults; garbage falls back to the defaults."""
    try:
        saved = json.loads(raw) if raw else {}
    except ValueError:
        saved = {}
    if not isinstance(saved, dict):
        saved = {}
    out = dict(DEFAULTS)
    for action, key in saved.items():
        if action in ACTIONS and isinstance(key, str) and 0 < len(key) <= 12:
            out[action] = key
    return out


def key_map(bindings: dict[str, str]) -> dict[str, str]:
    """key -> button id, what keys.js needs (a key bound twice: the first action wins)."""
    out: dict[str, str] = {}
    for action, key in bindings.items():
        out.setdefault(key.lower() if len(key) == 1 else key, ACTIONS[action][0])
    return out


class KeyState(rx.State):
    """This browser's board shortcuts."""

    saved: str = rx.LocalStorage("", name="tilerooms_keys", sync=True)

    @rx.var
    def bindings(self) -> dict[str, str]:
        """Action -> key, defaults filled in."""
        return parse_bindings(self.saved)

    @rx.var
    def keymap_json(self) -> str:
        """key -> button id as JSON, read by assets/keys.js."""
        return json.dumps(key_map(parse_bindings(self.saved)))

    @browser_event
    def save(self, form: dict[str, str]) -> None:
        """Store the bindings from the settings form (empty fields keep their defaults)."""
        chosen = {a: str(form.get(a, "")).strip() for a in ACTIONS if str(form.get(a, "")).strip()}
        self.saved = json.dumps(parse_bindings(json.dumps(chosen)))

    @browser_event
    def restore_defaults(self) -> None:
        """Back to the default keys."""
        self.saved = ""
