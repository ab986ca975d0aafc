"""Create-room form fields become engine options of the right types."""

import pytest

from tilerooms.core import RuleError
from tilerooms.games.rummikub.options import resolve_options
from tilerooms.rooms.form_options import options_from_form


def test_every_number_tile_option_from_the_form():
    form = {
        "game": "rummikub",
        "turn_seconds": "90",
        "game_minutes": "45",
        "initial_meld": "50",
        "timeout_valid_draft": "commit",
        "invalid_timeout_penalty": "3",
        "invalid_commit_penalty": "penalty3",
        "joker_penalty": "50",
        "games_per_match": "2",
        "advanced": "1",
        "allow_extend": "on",
        "hints": "on",
    }
    options = options_from_form("rummikub", form)
    assert options == {
        "turnSeconds": 90,
        "gameSeconds": 2700,
        "initialMeldPoints": 50,
        "timeoutValidDraft": "commit",
        "invalidTimeoutPenalty": 3,
        "invalidCommitPenalty": "penalty3",
        "jokerPenalty": 50,
        "gamesPerMatch": 2,
        "initialMeldAllowExtend": True,
        "showDraftToOthers": False,
        "hints": True,
    }
    resolve_options(options)  # the engine accepts every value


def test_a_short_form_keeps_the_service_defaults():
    assert options_from_form("rummikub", {"turn_seconds": "60"}) == {"turnSeconds": 60}


def test_garbage_numbers_are_a_clear_error():
    with pytest.raises(RuleError) as err:
        options_from_form("rummikub", {"turn_seconds": "sixty"})
    assert err.value.message == "설정 값이 올바르지 않아요"


@pytest.mark.parametrize("typed", ["١٢٠", "²", "１２０", "-60", " 60", "6e1", "60.0", "9" * 12])
@pytest.mark.parametrize("game, field", [("rummikub", "turn_seconds"), ("rummikub", "game_minutes"), ("mahjong", "mj_turn")])
def test_a_number_is_ascii_digits_only(game, field, typed):
    # Python's int() reads "١٢٠" and "１２０" as 120: no form of ours sends them (issue 35: 1)
    with pytest.raises(RuleError) as err:
        options_from_form(game, {field: typed})
    assert err.value.message == "설정 값이 올바르지 않아요"


def test_a_mahjong_form_sends_its_own_options_and_no_number_tile_clock():
    from tilerooms.games.mahjong.options import resolve_options as resolve_mahjong

    form = {"game_minutes": "30", "turn_seconds": "60", "mj_length": "tonpuu", "mj_turn": "10", "mj_claim": "5", "mj_aka": "0", "advanced": "1"}
    options = options_from_form("mahjong", form)
    assert options == {"length": "tonpuu", "turnSeconds": 10, "claimSeconds": 5, "akaDora": 0, "kuitan": False}
    resolve_mahjong(options, 4)


def test_the_mahjong_form_picks_the_claim_windows_minimum_delay():
    """Issue 35: 6 — the form's "타패 뒤 대기" (spec 5.3 step 2); a value not offered is refused in Korean."""
    from tilerooms.games.mahjong.options import resolve_options as resolve_mahjong
    from tilerooms.rooms.waiting import resolve_room_options

    options = options_from_form("mahjong", {"mj_claim_delay": "700"})
    assert options == {"claimMinDelayMs": 700}
    assert resolve_room_options("mahjong", options) == {"claimMinDelayMs": 700}
    assert resolve_mahjong({}, 4)["claimMinDelayMs"] == resolve_mahjong({}, 3)["claimMinDelayMs"] == 400  # the default
    with pytest.raises(RuleError) as err:
        resolve_room_options("mahjong", options_from_form("mahjong", {"mj_claim_delay": "50"}))
    assert err.value.message.startswith("옵션 값이 올바르지 않습니다")
