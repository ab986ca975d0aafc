"""The rows of the mahjong result screens (issue 19: 5): a hand's result carries the dora
indicators and every seat's wind with its change, nobody's turn shows under it, a draw's tenpai
hands carry their melds and waits, and the game's end gives the per-player summary, the best hand
and the hands played (spec 8.6)."""

from __future__ import annotations

from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.state import make_state
from tilerooms.table.mahjong.rows import best_hand_line, mahjong_table, rounds_played, summary_rows

PLAYERS = ["me", "a1", "a2", "a3"]
NAMES = {"me": "나", "a1": "하가", "a2": "대면", "a3": "상가"}
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


def test_a_ron_result_has_the_dora_indicators_every_seats_change_and_no_turn():
    state = make_state(["234m567m345p22s34s", JUNK[0] + "5s", JUNK[1], JUNK[2]], players=PLAYERS, turn=1, riichi=[0], dora="1s", ura="3m")
    engine.apply(state, "a1", {"type": "discard", "tile": state["hand"]["drawn"][1], "at": 1000})
    engine.apply(state, "me", {"type": "claim", "call": "ron", "at": 1100})
    engine.apply(state, "a2", {"type": "timeout", "at": 99_000})  # the window closes
    table = mahjong_table(engine.view(state, "me"), NAMES)
    res = table.result
    # nobody's turn while a result shows: the table names a turn only while playing, nobody holds a tile
    assert table.info.phase == "handResult" and table.turn.holder == "" and not table.info.my_turn
    assert [t.code for t in res.dora] == ["1s"] and [t.code for t in res.winners[0].ura] == ["3m"]
    assert [(d.name, d.wind, d.wind_en, d.me) for d in res.deltas] == [
        ("나", "동", "E", True),
        ("하가", "남", "S", False),
        ("대면", "서", "W", False),
        ("상가", "북", "N", False),
    ]
    assert res.deltas[0].delta > 0 and res.deltas[1].delta == -res.deltas[0].delta
    assert [y.name for y in res.winners[0].yaku][:3] == ["리치", "핑후", "탕야오"]


def test_a_draw_shows_the_tenpai_hand_with_its_meld_and_waits():
    state = make_state(["234m567m22s34s6p", *JUNK], players=PLAYERS, melds={0: [{"type": "pon", "tiles": "555z", "from": 2}]}, live_count=0)
    engine.apply(state, "me", {"type": "discard", "tile": state["hand"]["drawn"][0], "at": 1000})
    engine.apply(state, "a1", {"type": "timeout", "at": 99_000})
    res = mahjong_table(engine.view(state, "a1"), NAMES).result
    assert res.kind == "exhaustive" and [h.name for h in res.tenpai] == ["나"]
    hand = res.tenpai[0]
    assert (hand.waits, hand.waits_en) == ("2삭·5삭", "2s·5s")
    assert [[t.code for t in m.tiles] for m in hand.melds] == [["5z", "5z", "5z"]]
    assert [d.delta for d in res.deltas] == [3000, -1000, -1000, -1000]


def test_the_game_end_summary_best_hand_and_hands_played():
    state = make_state(
        ["234m567m345p22s34s5s", *JUNK], players=PLAYERS, round_wind=1, hand_number=3, dealer=3, riichi=[0], points=[29000, 25000, 25000, 21000], dora="1s"
    )
    engine.apply(state, "me", {"type": "tsumo", "at": 1000})
    result = engine.result(state)
    assert result is not None
    rows = summary_rows(result, NAMES, "me")
    assert [(r.name, r.wins, r.deal_ins, r.me) for r in rows][0] == ("나", 1, 0, True)  # ranking order: I came first
    assert len(rows) == 4 and all(r.wins == 0 for r in rows[1:])
    ko, en = best_hand_line(result, NAMES)
    assert ko.startswith("나 · ") and "판" in ko and "리치" in ko
    assert en.startswith("나 · ") and " han " in en
    assert rounds_played(result) >= 1
    assert summary_rows(None, NAMES, "me") == [] and best_hand_line(None, NAMES) == ("", "") and rounds_played(None) == 0


def test_a_win_shows_the_hands_value_then_honba_and_sticks():
    """Issue 34: 15 (spec 6.4, 5.9): a non-dealer's mangan ron is 8000; 1 honba (300) and two
    riichi sticks (2000) are their own lines; the winner's change is all of it."""
    state = make_state(
        ["234m567m345p22s34s", JUNK[0] + "5s", JUNK[1], JUNK[2]], players=PLAYERS, turn=1, dealer=1, riichi=[0], dora="1s", ura="9p", honba=1, riichi_pool=2000
    )
    engine.apply(state, "a1", {"type": "discard", "tile": state["hand"]["drawn"][1], "at": 1000})
    engine.apply(state, "me", {"type": "claim", "call": "ron", "at": 1100})
    engine.apply(state, "a2", {"type": "timeout", "at": 99_000})
    win = mahjong_table(engine.view(state, "me"), NAMES).result.winners[0]
    assert (win.han, win.fu, win.value, win.honba_points, win.stick_points, win.points) == (5, 30, 8000, 300, 2000, 10300)


def test_a_dealer_tsumo_value_without_honba():
    """A dealer's tsumo: its value is what the three payers pay for the hand (spec 6.4), the honba
    (3 × 100 a payer for one) apart."""
    state = make_state(["234m567m345p22s34s5s", *JUNK], players=PLAYERS, riichi=[0], dora="1s", ura="9p", honba=1)
    engine.apply(state, "me", {"type": "tsumo", "at": 1000})
    win = mahjong_table(engine.view(state, "me"), NAMES).result.winners[0]
    assert (win.value, win.honba_points, win.stick_points) == (18000, 300, 0)
    assert win.points == 18300


def test_every_abortive_draw_of_the_engine_has_its_name_in_both_languages():
    """Issue 34: 10: each engine's abort reason (spec 5.8) has a title and a replay line in Korean
    and English, never the raw id."""
    from tilerooms.i18n import MESSAGES
    from tilerooms.replays.mahjong import _result_line
    from tilerooms.table.mahjong.rows import ABORT_NAMES

    for reason in ("kyuushu", "suufon", "suukan", "suucha", "sanchaho"):
        assert reason in ABORT_NAMES and f"mjr.title.{reason}" in MESSAGES, reason
        ko, en = _result_line({"kind": "abortive", "reason": reason}, [])
        assert ko.startswith("도중유국 · ") and reason not in ko, ko
        assert en.startswith("Abortive draw · ") and reason not in en, en
