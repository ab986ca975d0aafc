"""The one exception type every engine raises for a rejected action."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action was rejected by the rules.

    `code` is a stable machine-readable id (tests and the UI key on it), `message` is the Korean
    text shown to the player, and `details` carries extra public data (e.g. the index of an invalid
    set). Raising it never changes the state: engines validate before they mutate.
    """

    def __init__(self, code: str, message: str, **details: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        """The public form sent to the acting client."""
        return {"code": self.code, "message": self.message, **self.details}

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"
