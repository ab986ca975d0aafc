"""Room, seat and chat records. Stored as JSON (memory or Redis); never sent to a browser whole.

`Room.game_state` holds the engine's full state with hidden tiles: only `views.room_view` may turn a
room into something a viewer sees. `game_setup` and `game_log` (the seed and every change the room
layer made to the engine, issue 21) rebuild it; they are stored with the game record once it ends
and never shown while it runs.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

AiLevel = Literal["easy", "normal", "hard"]
RoomStatus = Literal["waiting", "playing", "paused", "finished"]


class Occupant(BaseModel):
    """Who sits in a seat."""

    id: str
    name: str
    kind: Literal["guest", "member", "ai"]
    level: AiLevel | None = None  # AI seats only
    number: int | None = None  # AI seats only: the "2" of "AI 2 (쉬움)"; each language's name is made from it and `level`


class Seat(BaseModel):
    """One seat of a room: empty (occupant None) or taken."""

    occupant: Occupant | None = None
    ready: bool = False
    connected: bool = True
    disconnected_at: int | None = None  # epoch ms; the 60 s rejoin grace runs from here
    arrived: bool = True  # False for a host whose page has not shown the room yet (never "away" in play)


class ChatLine(BaseModel):
    """One chat message (plain text; the UI renders it as text, never HTML)."""

    no: int
    sender_id: str
    name: str
    text: str
    at: int


class Room(BaseModel):
    """A room: settings, seats, spectators, chat and, while playing, the engine state."""

    id: str
    name: str
    game: Literal["rummikub", "mahjong"]
    options: dict[str, Any] = Field(default_factory=dict)
    password_hash: str | None = None
    allow_spectators: bool = True
    host_id: str
    seats: list[Seat]
    spectators: dict[str, str] = Field(default_factory=dict)  # id -> name
    status: RoomStatus = "waiting"
    solo: bool = False  # "혼자 AI와 연습": may be paused
    game_state: dict[str, Any] | None = None
    game_players: list[str] = Field(default_factory=list)
    # issue 21: how the running match began ({"seed", "options", "players"} as handed to `setup`,
    # and "seats": [{id, name, kind, level}]) and each change made to its state since, in order:
    # JSON lines, one entry a line (`play.log_entries` reads them). One string loads and saves as one
    # value: as a list of dicts, a hanchan's ~1,800 entries cost a room change ~2.4 ms more by its end;
    # as text ~0.8 ms. Never in a view.
    game_setup: dict[str, Any] | None = None
    game_log: str = ""
    games_played: int = 0
    result: dict[str, Any] | None = None
    chat: list[ChatLine] = Field(default_factory=list)
    chat_no: int = 0
    ai_due: dict[str, int] = Field(default_factory=dict)  # AI id -> epoch ms it may act
    recent_events: list[dict[str, Any]] = Field(default_factory=list)  # with "to": filtered per viewer
    paused_at: int | None = None
    away_spectators: dict[str, int] = Field(default_factory=dict)  # id -> epoch ms they went away
    # person id -> live sockets showing the room, "<worker id>/<client token>" (rooms/presence.py);
    # tokens are bearer credentials: never in a view
    sockets: dict[str, list[str]] = Field(default_factory=dict)
    version: int = 0  # bumped on every stored change (clients compare it)
    created_at: int = 0
    updated_at: int = 0

    def occupant_ids(self) -> list[str]:
        """Ids of everyone seated, in seat order."""
        return [s.occupant.id for s in self.seats if s.occupant is not None]

    def seat_of(self, player_id: str) -> int | None:
        """Index of the seat `player_id` occupies, or None."""
        for i, seat in enumerate(self.seats):
            if seat.occupant is not None and seat.occupant.id == player_id:
                return i
        return None

    def name_of(self, player_id: str) -> str:
        """Display name of a seated player or spectator."""
        index = self.seat_of(player_id)
        if index is not None:
            return self.seats[index].occupant.name  # type: ignore[union-attr]
        return self.spectators.get(player_id, player_id)
