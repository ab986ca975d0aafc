"""The UI string tables: every message in both locales, no Korean left in the English texts."""

from __future__ import annotations

import re

import pytest

from tilerooms.i18n import LOCALES, MESSAGES, PLACEHOLDER, SERVER_MESSAGES, placeholders, refusal, server_text, text

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


def test_server_messages_by_id_in_both_languages_with_the_same_placeholders():
    for message_id, entry in SERVER_MESSAGES.items():
        assert set(entry) == {"ko", "en"}, message_id
        assert HANGUL.search(entry["ko"]), message_id
        assert entry["en"] and not HANGUL.search(entry["en"]), message_id
        assert placeholders(entry["ko"]) == placeholders(entry["en"]), message_id
        assert not HANGUL.search(message_id), message_id  # an id, not a Korean sentence


def test_text_falls_back_to_korean_then_the_key():
    assert text("lobby.title") == "로비"
    assert text("lobby.title", "en") == "Lobby"
    assert text("lobby.title", "fr") == "로비"
    assert text("no.such.key", "en") == "no.such.key"


def _raised_messages() -> list[tuple[str, str, object, set[str] | None]]:
    """Every message a refusal is raised with in tilerooms/: (where, message id, Korean message
    node, the keyword names a `RuleError` call passes), from `RuleError(code, message, message_id=…)`, the actions' `_bad(id, message)`, the
    number-tile `TurnCheck(ok, code, message, message_id=…)` and the (id, message) pairs the
    mahjong helpers return."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "tilerooms"
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None)
                kw = {k.arg: k.value for k in node.keywords}
                first = {"RuleError": 0, "TurnCheck": 1, "_bad": 0}.get(name or "")
                if first is None or len(node.args) < first + 2:
                    continue
                id_node = kw.get("message_id") if name != "_bad" else None
                id_node = id_node or node.args[first]
                message = node.args[first + 1]
                if isinstance(id_node, ast.Constant) and isinstance(message, (ast.Constant, ast.JoinedStr)):
                    found.append((where, id_node.value, message, set(kw) if name == "RuleError" else None))
            elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
                message_id, message = node.elts
                if HANGUL.search(message.value) and not HANGUL.search(message_id.value) and message_id.value in SERVER_MESSAGES:
                    found.append((where, message_id.value, message, None))
    return found


def _template(message: object) -> str:
    """A raised message as a catalog text: an f-string's values become `{}`."""
    import ast

    if isinstance(message, ast.Constant):
        return PLACEHOLDER.sub("{}", message.value)
    assert isinstance(message, ast.JoinedStr)
    return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in message.values)


def test_every_raised_message_has_its_id_in_the_catalog_in_both_languages():
    """Each refusal raised anywhere is a catalog entry: its id is a key, its Korean message is the
    entry's Korean with the values in the placeholders' places, and English has the same ones."""
    raised = _raised_messages()
    assert len(raised) > 100  # the scan finds the raising sites
    for where, message_id, message, keywords in raised:
        assert message_id in SERVER_MESSAGES, f"{where}: {message_id} has no catalog entry"
        entry = SERVER_MESSAGES[message_id]
        assert PLACEHOLDER.sub("{}", entry["ko"]) == _template(message), f"{where}: {message_id}"
        assert placeholders(entry["en"]) == placeholders(entry["ko"]), message_id
        if keywords is not None:  # the values of the placeholders travel with the refusal
            assert placeholders(entry["ko"]) <= keywords, f"{where}: {message_id} lacks {placeholders(entry['ko']) - keywords}"


def test_a_refusal_is_shown_by_its_id_and_parameters():
    from tilerooms.core import RuleError
    from tilerooms.games.rummikub import options

    err = RuleError("long_chat", "메시지는 200자까지 보낼 수 있어요", limit=200)
    assert refusal(err) == ("long_chat", {"limit": "200"})
    assert server_text(*refusal(err)) == err.message
    assert server_text(*refusal(err), "en") == "Messages can be up to 200 characters"
    with pytest.raises(RuleError) as raised:
        options.resolve_options({"nope": 1})
    assert raised.value.id == "bad_option.unknown" and server_text(*refusal(raised.value)) == raised.value.message
    # a code without an entry (none is raised: the test above) shows its Korean message as it is
    assert refusal(RuleError("no_such_code", "알 수 없는 일")) == ("알 수 없는 일", {})
    assert server_text("알 수 없는 일", {}, "en") == "알 수 없는 일"


def test_room_state_lines_in_both_locales():
    from tilerooms.table.mahjong.room_lines import options_text as _mahjong_options_text
    from tilerooms.table.rummikub.room_lines import options_text as _options_text

    options = {"turnSeconds": 90, "gameSeconds": 1200}
    assert _options_text(options) == "턴 90초 · 전체 20분"
    assert _options_text(options, "en") == "Turn 90 s · game 20 min"
    assert _mahjong_options_text({"length": "tonpuu", "turnSeconds": 10, "claimSeconds": 5}) == "동풍전 · 타패 10초 · 응답 5초"
    assert _mahjong_options_text({}, "en") == "Half game · discard 15 s · call 8 s"


def test_the_states_hold_message_ids_not_korean_lines():
    """No state assigns a Korean line to what it shows: the error lines are ids of
    `SERVER_MESSAGES`, the account notices ids the account page renders."""
    from pathlib import Path

    from tilerooms.pages.account.page import NOTICES

    root = Path(__file__).resolve().parents[2] / "tilerooms"
    assigned = re.compile(r'self\.(error|notice) = "([^"]*)"')
    said = re.compile(r'self\._say\(\s*"([^"]+)"')
    for path in [*root.glob("table/**/*.py"), *root.glob("pages/**/*.py")]:
        source = path.read_text(encoding="utf-8")
        for var, value in assigned.findall(source):
            assert not HANGUL.search(value), f"{path.name}: self.{var} = {value!r}"
            if var == "notice" and value:
                assert value in NOTICES and value in MESSAGES, value
        for message_id in said.findall(source):
            assert message_id in SERVER_MESSAGES, f"{path.name}: {message_id}"
    assert set(NOTICES) <= set(MESSAGES)


def test_why_a_set_is_not_valid_in_both_languages():
    from tilerooms.games.rummikub.rules import SET_PROBLEMS, set_problem, set_problem_id

    for problem, korean in SET_PROBLEMS.items():
        assert text(f"set.reason.{problem}") == korean  # the engine's Korean is the catalog's
        assert not HANGUL.search(text(f"set.reason.{problem}", "en"))
    assert "set.reason.invalid" in MESSAGES
    assert set_problem_id(["R1a", "R2a"]) == "too_short" and set_problem(["R1a", "R2a"]) == "3개 이상이어야 해요"
