"""The mahjong table in English (the second locale): seat winds as E/S/W/N, AI names, the round,
tile captions in riichi notation ("1m", "E", "Wh") next to the Korean ones, which stay as
they were; and the Korean claim question's particle chosen by the tile's name (백을, 서를)."""

from __future__ import annotations

import pytest

from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.state import make_state
from tilerooms.i18n.lines import english_names
from tilerooms.table.mahjong.rows import PLACES, mahjong_table, object_particle, round_label_en, tile_aria_en, tile_code, tile_label_en, tile_row
from tilerooms.table.mahjong.tiles import TILE_FACES

PLAYERS = ["me", "a1", "a2", "a3"]
NAMES = {"me": "Ana", "a1": "AI 2 (쉬움)", "a2": "AI 3 (보통)", "a3": "AI 4 (어려움)"}
# the AI seats' English names, made from their number and level as the room state makes them
NAMES_EN = english_names([{"id": f"a{n}", "kind": "ai", "number": n + 1, "level": level} for n, level in ((1, "easy"), (2, "normal"), (3, "hard"))])
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


def test_round_label_in_english():
    assert round_label_en("동1국 0본장") == "East 1, 0 honba"
    assert round_label_en("남4국 12본장") == "South 4, 12 honba"
    assert round_label_en("서2국 1본장") == "West 2, 1 honba"
    assert round_label_en("something else") == "something else"


def test_tile_captions_in_riichi_notation():
    codes = ("1m", "7p", "9s", "0m", "0p", "0s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")
    assert [tile_label_en(c) for c in codes] == ["1m", "7p", "9s", "5m", "5p", "5s", "E", "S", "W", "N", "Wh", "Gr", "Rd"]
    assert tile_aria_en("0p") == "red 5p" and tile_aria_en("5z") == "Haku (white dragon)" and tile_aria_en("1z") == "East wind"
    row = tile_row("52:0p")
    assert (row.label, row.aria, row.label_en, row.aria_en) == ("5통", "빨간 5통", "5p", "red 5p")
    # the live table's tiles travel as tokens: the component's face table gives the same texts
    assert TILE_FACES[tile_code("52:0p")] == {"label": "5통", "label_en": "5p", "aria": "빨간 5통", "aria_en": "red 5p"}
    assert TILE_FACES["5z"]["aria_en"] == "Haku (white dragon)" and TILE_FACES["back"]["aria"] == "뒷면"


@pytest.mark.parametrize(
    ("word", "particle"),
    [
        ("백", "을"),
        ("1만", "을"),
        ("9삭", "을"),
        ("7통", "을"),
        ("동", "을"),
        ("남", "을"),
        ("서", "를"),
        ("북", "을"),
        ("중", "을"),
        ("발", "을"),
        ("사", "를"),
        ("", "을(를)"),
    ],
)
def test_object_particle_follows_the_last_syllable(word, particle):
    assert object_particle(word) == particle


def test_seats_round_and_turn_carry_english_next_to_korean():
    state = make_state(["123m456m78p99s55z9m1z", *JUNK], players=PLAYERS, live="5z6p")
    table = mahjong_table(engine.view(state, "me"), NAMES, names_en=NAMES_EN)
    plates = [table.plates[p] for p in PLACES]
    assert [(s.wind, s.wind_en) for s in plates] == [("동", "E"), ("남", "S"), ("서", "W"), ("북", "N")]
    assert [(s.name, s.name_en) for s in plates] == [
        ("Ana", "Ana"),
        ("AI 2 (쉬움)", "AI 2 (Easy)"),
        ("AI 3 (보통)", "AI 3 (Normal)"),
        ("AI 4 (어려움)", "AI 4 (Hard)"),
    ]
    assert (table.round.label, table.round.label_en) == ("동1국 0본장", "East 1, 0 honba")
    [drawn] = [TILE_FACES[tile_code(t.id)] for t in table.own.drawn]
    assert (drawn["label"], drawn["label_en"]) == ("동", "E")
    assert all(TILE_FACES[tile_code(t)]["label_en"] for t in [r.id for r in table.own.hand] + table.round.dora)
    # the turn's name is its plate's (ui/mahjong_table.py _turn_name)
    others = mahjong_table(engine.view(state, "a1"), NAMES, names_en=NAMES_EN)
    turn = others.plates[others.turn.seat]
    assert (turn.name, turn.name_en) == ("Ana", "Ana")


def test_claim_names_the_discarder_in_english_and_asks_in_korean_with_the_right_particle():
    state = make_state(["123m456m78p99s55z9m", JUNK[0] + "5z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1)
    white = state["hand"]["drawn"][1]
    engine.apply(state, "a1", {"type": "discard", "tile": white, "at": 1000})
    mine = mahjong_table(engine.view(state, "me"), NAMES, names_en=NAMES_EN)
    face = TILE_FACES[tile_code(mine.claim.tile)]
    assert mine.claim.open and face["label"] == "백" and face["label_en"] == "Wh"
    assert (mine.claim.from_name, mine.claim.from_name_en) == ("AI 2 (쉬움)", "AI 2 (Easy)")
    assert mine.claim.question == "을 가져올까요?"
    assert mine.plates[mine.turn.seat].name_en == "AI 2 (Easy)"


def test_result_screens_carry_the_round_and_names_in_english():
    state = make_state(["234m567m345p678s2p2p", *JUNK], players=PLAYERS, riichi=[0], discards={0: "1z"}, ura="1s")
    engine.apply(state, "me", {"type": "tsumo", "at": 1000})
    res = mahjong_table(engine.view(state, "a1"), NAMES, names_en=NAMES_EN).result
    assert (res.round_label, res.round_label_en) == ("동1국 0본장", "East 1, 0 honba")
    assert [(w.name, w.name_en) for w in res.winners] == [("Ana", "Ana")]
    assert [(w.how, w.how_en) for w in res.winners] == [("쯔모", "Tsumo")]
    assert [y.name_en for y in res.winners[0].yaku][:2] == ["Menzen Tsumo", "Riichi"]
    assert [d.name_en for d in res.deltas] == ["Ana", "AI 2 (Easy)", "AI 3 (Normal)", "AI 4 (Hard)"]
    draw = make_state(["123m456m789p23s55z9m", *JUNK], players=PLAYERS, live_count=0)
    engine.apply(draw, "me", {"type": "discard", "tile": draw["hand"]["drawn"][0], "at": 1000})
    engine.apply(draw, "a1", {"type": "timeout", "at": 99_000})
    res = mahjong_table(engine.view(draw, "a1"), NAMES, names_en=NAMES_EN).result
    assert [(h.name, h.name_en) for h in res.tenpai] == [("Ana", "Ana")]
    assert res.noten_names == "AI 2 (쉬움), AI 3 (보통), AI 4 (어려움)" and res.noten_names_en == "AI 2 (Easy), AI 3 (Normal), AI 4 (Hard)"
