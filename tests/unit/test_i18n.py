"""The UI string tables: every message in both locales, no Korean left in the English texts."""

from __future__ import annotations

import re

import pytest

from tilerooms.i18n import LOCALES, MESSAGES, SERVER_MESSAGES, text

HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
# the language switch names the other language in that language
NATIVE_NAMES = {"lang.switch"}
TRADEMARKS = ("Rummikub", "루미큐브", "Mahjong Soul", "작혼", "텐호")


def test_locales():
    assert LOCALES == ("ko", "en")


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_korean_and_english(key):
    entry = MESSAGES[key]
    assert set(entry) == {"ko", "en"}, key
    assert isinstance(entry["ko"], str) and entry["ko"], key
    assert isinstance(entry["en"], str) and entry["en"], key
    if key not in NATIVE_NAMES:
        assert not HANGUL.search(entry["en"]), f"{key}: {entry['en']!r}"
    for name in TRADEMARKS:
        assert name not in entry["ko"] and name not in entry["en"], key


def test_server_messages_are_korean_to_english():
    for korean, english in SERVER_MESSAGES.items():
        assert HANGUL.search(korean), korean
        assert english and not HANGUL.search(english), english


def test_text_falls_back_to_korean_then_the_key():
    assert text("lobby.title") == "로비"
    assert text("lobby.title", "en") == "Lobby"
    assert text("lobby.title", "fr") == "로비"
    assert text("no.such.key", "en") == "no.such.key"


def test_known_rule_error_messages_have_english():
    """The fixed RuleError messages raised in tilerooms/ (not the ones with values in them)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "tilerooms"
    literal = re.compile(r'RuleError\(\s*"[a-z_]+",\s*"([^"{}]+)"')
    missing = sorted({m for path in root.rglob("*.py") for m in literal.findall(path.read_text(encoding="utf-8"))} - set(SERVER_MESSAGES))
    assert missing == []


def test_room_state_lines_in_both_locales():
    from tilerooms.table.mahjong.room_lines import options_text as _mahjong_options_text
    from tilerooms.table.rummikub.room_lines import options_text as _options_text

    options = {"turnSeconds": 90, "gameSeconds": 1200}
    assert _options_text(options) == "턴 90초 · 전체 20분"
    assert _options_text(options, "en") == "Turn 90 s · game 20 min"
    assert _mahjong_options_text({"length": "tonpuu", "turnSeconds": 10, "claimSeconds": 5}) == "동풍전 · 타패 10초 · 응답 5초"
    assert _mahjong_options_text({}, "en") == "Half game · discard 15 s · call 8 s"
