"""Moves a player can follow (issue 19: 4): the last discard is marked in its pond (and only there),
a call is announced in large text from the room's public events until somebody else discards, the
same call twice gets a new key, and the riichi discard lies sideways. The latest move of all goes
to the live region in a few bytes (`said`, issue 34: 14)."""

from __future__ import annotations

from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.state import make_state
from tilerooms.table.mahjong.moves import compact_events, moves_from_events
from tilerooms.table.mahjong.rows import PLACES, mahjong_table, pond_marks, tile_code

PLAYERS = ["me", "a1", "a2", "a3"]
NAMES = {"me": "나", "a1": "하가", "a2": "대면", "a3": "상가"}
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


class Room:
    """The room layer's recent events: every engine event stamped with the state's seq."""

    def __init__(self, state):
        self.state, self.events = state, []

    def act(self, player, action, at=1000):
        for e in engine.apply(self.state, player, {**action, "at": at}):
            self.events.append({**e, "seq": self.state["seq"]})

    def table(self, viewer="me"):
        public = [e for e in self.events if e.get("to") is None]
        return mahjong_table(engine.view(self.state, viewer), NAMES, events=compact_events(public))


def _marked(table):
    """(place, code) of the pond tile the table marks: the one whose token is the turn's `last`."""
    return [(p, tile_code(t)) for p in PLACES for t in table.ponds[p] if table.turn.last and t.split("/")[0] == table.turn.last]


def test_the_last_discard_is_marked_in_its_pond_and_moves_with_the_next():
    room = Room(make_state(["123m456m78p99s55z9m1z", *JUNK], players=PLAYERS, live="2z3z"))
    assert _marked(room.table()) == []
    room.act("me", {"type": "discard", "tile": room.state["hand"]["drawn"][0]})
    if room.state["hand"]["stage"] == "claim":  # the window closes at its deadline, 하가 draws
        room.act("a1", {"type": "timeout"}, at=99_000)
    assert _marked(room.table()) == [("bottom", "1z")]
    assert _marked(room.table("a1")) == [("left", "1z")]  # the same tile, seen from my right
    room.act("a1", {"type": "discard", "tile": room.state["hand"]["drawn"][1]})
    marks = _marked(room.table())
    assert len(marks) == 1 and marks[0][0] == "right"
    # one mark in the whole table, never in a hand
    assert room.table().turn.last not in [t.id for t in room.table().own.hand]


def test_a_claim_window_marks_its_tile_without_events():
    state = make_state(["123m456m78p99s55z9m", JUNK[0] + "5z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1)
    engine.apply(state, "a1", {"type": "discard", "tile": state["hand"]["drawn"][1], "at": 1000})
    table = mahjong_table(engine.view(state, "me"), NAMES)
    assert _marked(table) == [("right", "5z")]
    assert table.announce.text == ""


def test_pon_is_announced_until_somebody_else_discards_and_twice_gets_a_new_key():
    room = Room(make_state(["123m456m78p99s55z9m", JUNK[0] + "5z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1))
    room.act("a1", {"type": "discard", "tile": room.state["hand"]["drawn"][1]})
    pon = engine.view(room.state, "me")["me"]["claim"]["pon"][0]
    room.act("me", {"type": "claim", "call": "pon", "tiles": pon}, at=2500)
    table = room.table()
    assert (table.announce.text, table.announce.text_en) == ("퐁!", "Pon!")
    assert table.announce.key and _marked(table) == []  # the called tile left the pond
    assert pond_marks(table.ponds["right"][-1]) == {"tsumogiri", "called"}  # and lies faded in it
    assert room.table("a2").announce.text == "퐁!"  # public: everybody sees the call
    key = table.announce.key
    room.act("me", {"type": "discard", "tile": next(t for t in room.state["hand"]["closed"][0] if t // 4 == 8)})  # 9m
    assert room.table().announce.text == "퐁!"  # my own discard after the call keeps it
    assert _marked(room.table()) == [("bottom", "9m")]
    # the same call again later: a new key, so the browser shows it again
    again = moves_from_events([*compact_events(room.events), {"type": "call", "call": "pon", "player": "me", "seq": 99}])
    assert again.announce == "퐁!" and again.announce_key != key
    # somebody else's discard ends it
    cleared = moves_from_events([*compact_events(room.events), {"type": "discard", "player": "a1", "tile": "0:1m", "seq": 100}])
    assert cleared.announce == "" and cleared.last_player == "a1"


def test_each_call_has_its_word():
    words = {}
    for event in (
        {"type": "call", "call": "chi", "player": "a"},
        {"type": "call", "call": "daiminkan", "player": "a"},
        {"type": "kan", "kan": "ankan", "player": "a"},
        {"type": "riichi", "player": "a"},
        {"type": "kita", "player": "a"},
        {"type": "handEnded", "result": {"kind": "agari", "tsumo": False, "winners": [{"player": "a"}]}},
        {"type": "handEnded", "result": {"kind": "agari", "tsumo": True, "winners": [{"player": "a"}]}},
        {"type": "handEnded", "result": {"kind": "exhaustive"}},
    ):
        m = moves_from_events(compact_events([{**event, "seq": 1}]))
        words[m.announce] = m.announce_en
    assert words == {"치!": "Chi!", "깡!": "Kan!", "리치!": "Riichi!", "북!": "Kita!", "론!": "Ron!", "쯔모!": "Tsumo!", "": ""}
    # a new hand starts clean
    assert moves_from_events([{"type": "riichi", "player": "a", "seq": 1}, {"type": "handStarted", "seq": 2}]).announce == ""


def test_the_riichi_discard_lies_sideways_and_is_announced():
    room = Room(make_state(["234m567m345p67s22p7z", *JUNK], players=PLAYERS, live="1z1z1z8s"))
    seven = next(t for t in room.state["hand"]["closed"][0] if t // 4 == 33)
    room.act("me", {"type": "discard", "tile": seven, "riichi": True})  # the drawn 중: tsumogiri too
    table = room.table()
    [mine] = table.ponds["bottom"]
    assert pond_marks(mine) == {"sideways", "tsumogiri"} and tile_code(mine) == "7z" and _marked(table) == [("bottom", "7z")]
    assert table.announce.text == "리치!"


def test_compact_events_keep_no_tiles_of_a_result():
    small = compact_events(
        [
            {"type": "handEnded", "seq": 3, "result": {"kind": "agari", "tsumo": True, "winners": [{"player": "a", "hand": ["1:1m"]}]}},
            {"type": "draw", "to": ["me"], "tile": "5:2m"},
            {"type": "pointsChanged", "points": [1]},
        ]
    )
    assert small == [{"type": "handEnded", "seq": 3, "result": {"kind": "agari", "tsumo": True, "winners": [{"player": "a"}]}}]


def test_the_latest_move_is_said_from_each_viewers_place():
    room = Room(make_state(["123m456m78p99s55z9m", JUNK[0] + "5z", JUNK[1], JUNK[2]], players=PLAYERS, turn=1))
    assert room.table().turn.said == ""  # nothing yet this hand
    room.act("a1", {"type": "discard", "tile": room.state["hand"]["drawn"][1]})
    assert (room.table().turn.said, room.table("a1").turn.said) == ("r d 5z", "b d 5z")  # 하가 is at my right
    pon = engine.view(room.state, "me")["me"]["claim"]["pon"][0]
    room.act("me", {"type": "claim", "call": "pon", "tiles": pon}, at=2500)
    assert room.table().turn.said == "b p 5z"
    room.act("me", {"type": "discard", "tile": next(t for t in room.state["hand"]["closed"][0] if t // 4 == 8)})
    assert room.table().turn.said == "b d 9m"  # the caller's discard is the latest move now


def test_a_riichi_discard_a_win_and_a_draw_are_said():
    room = Room(make_state(["234m567m345p67s22p7z", *JUNK], players=PLAYERS, live="1z1z1z8s"))
    room.act("me", {"type": "discard", "tile": next(t for t in room.state["hand"]["closed"][0] if t // 4 == 33), "riichi": True})
    assert room.table().turn.said == "b R 7z"
    said = {}
    for kind, result in (("ron", {"kind": "agari", "tsumo": False, "winners": [{"player": "a1"}]}), ("draw", {"kind": "exhaustive"})):
        moves = moves_from_events(compact_events([{"type": "handEnded", "seq": 1, "result": result}]))
        said[kind] = (moves.said_kind, moves.said_player)
    assert said == {"ron": ("ron", "a1"), "draw": ("draw", "")}
