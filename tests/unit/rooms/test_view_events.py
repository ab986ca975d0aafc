"""A viewer's recent events (`views.room_view`): addressed ones only to their addressees, without
the address; unaddressed ones shared with the room instead of copied per viewer (issue 20: 4)."""

from __future__ import annotations

from tilerooms.rooms import play
from tilerooms.rooms.models import Occupant, Room, Seat
from tilerooms.rooms.views import room_view


def _room() -> Room:
    seats = [Seat(occupant=Occupant(id=p, name=p, kind="guest")) for p in ("p1", "p2")]
    room = Room(id="r1", name="방", game="rummikub", host_id="p1", seats=seats, spectators={"s1": "구경꾼"})
    play.begin_game(room, ["p1", "p2"], 7, 0)
    room.recent_events = [
        {"type": "draw", "player": "p1", "seq": 3},
        {"type": "drawn", "player": "p1", "tiles": ["R7a"], "to": ["p1"], "seq": 3},
    ]
    return room


def test_an_addressed_event_reaches_only_its_addressee_and_without_its_address():
    room = _room()
    mine = room_view(room, "p1")["events"]
    assert mine == [{"type": "draw", "player": "p1", "seq": 3}, {"type": "drawn", "player": "p1", "tiles": ["R7a"], "seq": 3}]
    for other in ("p2", "s1"):
        assert room_view(room, other)["events"] == [{"type": "draw", "player": "p1", "seq": 3}]
    assert "to" in room.recent_events[1]  # the room keeps the address


def test_an_unaddressed_event_is_the_rooms_own_object_in_every_view():
    room = _room()
    views = [room_view(room, viewer) for viewer in ("p1", "p2", "s1")]
    assert all(view["events"][0] is room.recent_events[0] for view in views)
    assert views[0]["events"][1] is not room.recent_events[1]


def test_the_engines_public_events_are_recorded_without_an_address_and_shared():
    # the engines write "to": None on a public event; the room keeps it without the key
    room = _room()
    room.recent_events = []
    player = room.game_state["current"]
    play.player_action(room, player, {"type": "draw", "seq": room.game_state["seq"]}, 1000)
    public = [e for e in room.recent_events if "to" not in e]
    assert public and all(e.get("to") is not None for e in room.recent_events if e not in public)
    other = next(p for p in ("p1", "p2") if p != player)
    for viewer in (player, other, "s1"):
        shared = [e for e in room_view(room, viewer)["events"] if any(e is p for p in public)]
        assert len(shared) == len(public)
    drawn = next(e for e in room.recent_events if e.get("to") == [player])
    assert drawn["type"] == "drew" and drawn["tile_ids"]
    assert [e["type"] for e in room_view(room, player)["events"]].count("drew") == 1
    assert "drew" not in [e["type"] for e in room_view(room, other)["events"]]
