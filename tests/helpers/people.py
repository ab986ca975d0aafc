"""The standard guests of the room tests: one browser key and nickname each, so the same person
has the same guest id in every file that uses them."""

from __future__ import annotations

from tilerooms.rooms.identity import guest

HOST = guest("hostbrowser01", "영희")
GUEST = guest("guestbrowser2", "철수")
WATCHER = guest("watcherbrows3", "민수")
