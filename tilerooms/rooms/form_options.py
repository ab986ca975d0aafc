"""Room-creation form fields → game options (strings from the browser → the engine's types).

Each game lists its own form fields (`GameDefinition.form_fields` / `form_switches`); the engine's
own `resolve_options` still checks every value, this only converts. Checkboxes that are absent
from a submitted advanced form are off.
"""

from __future__ import annotations

from typing import Any

from tilerooms.core import RuleError
from tilerooms.rooms.catalog import game_info


def options_from_form(game: str, form: dict[str, Any]) -> dict[str, Any]:
    """The game options a create-room form asks for (RuleError "bad_option" on a non-number,
    "bad_game" for a game there is not)."""
    try:
        return game_info(game).options_from_form(form)
    except (TypeError, ValueError) as err:
        raise RuleError("bad_option", "설정 값이 올바르지 않아요") from err
