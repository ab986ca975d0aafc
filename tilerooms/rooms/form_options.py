"""Room-creation form fields → game options (strings from the browser → the engine's types).

The engine's own `resolve_options` still checks every value; this only converts. Checkboxes
that are absent from a submitted form are off.
"""

from __future__ import annotations

from typing import Any

from tilerooms.engine import RuleError

# form field -> (option key, converter)
_RUMMIKUB_FIELDS: dict[str, tuple[str, type]] = {
    "turn_seconds": ("turnSeconds", int),
    "initial_meld": ("initialMeldPoints", int),
    "timeout_valid_draft": ("timeoutValidDraft", str),
    "invalid_timeout_penalty": ("invalidTimeoutPenalty", int),
    "invalid_commit_penalty": ("invalidCommitPenalty", str),
    "joker_penalty": ("jokerPenalty", int),
    "games_per_match": ("gamesPerMatch", int),
}
_RUMMIKUB_SWITCHES = {"allow_extend": "initialMeldAllowExtend", "show_draft": "showDraftToOthers", "hints": "hints"}
_MAHJONG_FIELDS: dict[str, tuple[str, type]] = {
    "mj_length": ("length", str),
    "mj_turn": ("turnSeconds", int),
    "mj_claim": ("claimSeconds", int),
    "mj_aka": ("akaDora", int),
}
_MAHJONG_SWITCHES = {"mj_kuitan": "kuitan"}


def options_from_form(game: str, form: dict[str, Any]) -> dict[str, Any]:
    """The game options a create-room form asks for (RuleError "bad_option" on a non-number)."""
    options: dict[str, Any] = {}
    try:
        if game == "rummikub":
            if form.get("game_minutes") not in (None, ""):  # the whole-game clock: number tiles only
                options["gameSeconds"] = int(form["game_minutes"]) * 60
            for field, (key, convert) in _RUMMIKUB_FIELDS.items():
                if form.get(field) not in (None, ""):
                    options[key] = convert(form[field])
            if form.get("advanced") == "1":  # the switches are on the form: absent means off
                for field, key in _RUMMIKUB_SWITCHES.items():
                    options[key] = form.get(field) in ("on", True, "true")
        elif game == "mahjong":
            for field, (key, convert) in _MAHJONG_FIELDS.items():
                if form.get(field) not in (None, ""):
                    options[key] = convert(form[field])
            if form.get("advanced") == "1":
                for field, key in _MAHJONG_SWITCHES.items():
                    options[key] = form.get(field) in ("on", True, "true")
    except (TypeError, ValueError) as err:
        raise RuleError("bad_option", "설정 값이 올바르지 않아요") from err
    return options
