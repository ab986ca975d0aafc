"""The one exception type every engine raises for a rejected action."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action was rejected by the rules.

    `code` is a stable machine-readable id (tests and the engines key on it); `id` is the message
    id in the catalog (`tilerooms.i18n.SERVER_MESSAGES`): the code itself, or `message_id` where one
    code has several messages (`bad_target`, `kuikae`, …). `details` carries the public data of the
    refusal and the message's parameters (`{limit}` in the catalog is `details["limit"]`). `message`
    is the Korean text, the same as the catalog's (a unit test holds them together), kept for logs
    and engine tests. Raising it never changes the state: engines validate before they mutate.
    """

    def __init__(self, code: str, message: str, *, message_id: str | None = None, **details: object) -> None:
        super().__init__(message)
        self.code = code
        self.id = message_id or code
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        """The public form sent to the acting client."""
        return {"code": self.code, "message": self.message, **self.details}

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"
