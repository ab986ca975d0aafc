"""Log lines that cannot break on text a client sent (issue 17: 7).

A lone surrogate (JSON's "\\ud800") is a valid Python string that UTF-8 cannot encode. Reflex's
console handler writes warnings to stdout, whose error handler is "strict" when it is a file or a
pipe, so a warning quoting a client's value failed as "--- Logging error ---" with a traceback of
its own. `install()` makes such text printable everywhere: stdout and stderr write it as
`\\ud800`, and every log record's message and arguments have it replaced before any handler
(console, file or JSON) formats them.
"""

from __future__ import annotations

import logging
import re
import sys
from typing import Any

SURROGATE = re.compile("[\ud800-\udfff]")
_installed = False


def printable(text: str) -> str:
    """`text` with each lone surrogate written as its escape (`\\ud800`), which every codec can write."""
    return text if text.isascii() else SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _clean(value: Any) -> Any:
    return printable(value) if isinstance(value, str) else value


def install() -> None:
    """Make this process's log output safe for any text (idempotent; call where the app starts)."""
    global _installed
    if _installed:
        return
    _installed = True
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a test runner's capture may not have it
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    make_record = logging.getLogRecordFactory()

    def safe_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        record.msg = _clean(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return record

    logging.setLogRecordFactory(safe_record)
