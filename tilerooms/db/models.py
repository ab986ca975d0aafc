"""SQLModel tables of accounts and records.

Members sign in through OAuth / OpenID Connect only, so no table holds a password. Rewards are a
ledger: one row per (game, user, kind), unique, so a result processed twice writes each reward once.
Coins are points for the site, never money.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """Now, timezone-aware UTC (SQLModel's UTCDateTime columns refuse naive datetimes)."""
    return datetime.now(UTC)


class User(SQLModel, table=True):
    """A member. `session_key` is rotated to invalidate every signed session cookie of the user."""

    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    nickname: str = Field(max_length=32)
    avatar_color: str = Field(default="teal", max_length=16)
    coins: int = Field(default=0)  # cache of the ledger's coin rows, updated in the same transaction
    xp: int = Field(default=0)  # cache of the ledger's XP rows
    session_key: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


class OAuthLink(SQLModel, table=True):
    """One provider account (issuer's `sub`) signed in as a member."""

    __tablename__ = "oauth_links"
    __table_args__ = (sa.UniqueConstraint("provider", "subject", name="uq_oauth_links_provider_subject"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    provider: str = Field(max_length=32)
    subject: str = Field(max_length=255)
    created_at: datetime = Field(default_factory=utcnow)


class Game(SQLModel, table=True):
    """A game that ended with at least one member seated. `rewarded` flips once its rewards are written."""

    __tablename__ = "games"

    id: str = Field(primary_key=True, max_length=64)  # tilerooms.rooms.play.game_id(room)
    room_id: str = Field(max_length=64)
    game: str = Field(max_length=16)  # "rummikub" | "mahjong"
    end_reason: str = Field(max_length=16)  # rackEmpty | stalemate | timeUp | aborted
    ended_at: datetime = Field(index=True)
    has_ai: bool = Field(default=False)
    rewarded: bool = Field(default=False, index=True)
    result_json: str = Field(sa_type=sa.Text)  # the room's result as stored (ranking, winner, names...)


class GameParticipant(SQLModel, table=True):
    """One player of a recorded game and their result."""

    __tablename__ = "game_participants"
    __table_args__ = (sa.UniqueConstraint("game_id", "player_id", name="uq_game_participants_game_player"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64, ondelete="CASCADE")
    player_id: str = Field(max_length=64)  # "u-7" | "g-…" | "ai-…"
    user_id: int | None = Field(default=None, foreign_key="users.id", index=True, ondelete="SET NULL")
    kind: str = Field(max_length=8)  # member | guest | ai
    name: str = Field(max_length=32)
    rank: int | None = Field(default=None)  # None: left the game before the end
    score: int | None = Field(default=None)
    winner: bool = Field(default=False)


class RewardEntry(SQLModel, table=True):
    """The reward ledger: one row per (game, user, kind); the unique key makes every write idempotent."""

    __tablename__ = "reward_ledger"
    __table_args__ = (
        sa.UniqueConstraint("game_id", "user_id", "kind", name="uq_reward_ledger_game_user_kind"),
        sa.Index("ix_reward_ledger_kind_week", "kind", "week"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=64, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    kind: str = Field(max_length=24)  # coins:game | xp:game | quest:daily5 | coins:daily5 | win:sole
    amount: int
    day: str = Field(max_length=10)  # KST date of the game's end, YYYY-MM-DD
    week: str = Field(max_length=8)  # KST ISO week of the game's end, YYYY-Www
    created_at: datetime = Field(default_factory=utcnow)


class QuestProgress(SQLModel, table=True):
    """A member's progress on one quest in one period (the daily 5-game quest: one row per KST day)."""

    __tablename__ = "quest_progress"
    __table_args__ = (sa.UniqueConstraint("user_id", "quest", "period", name="uq_quest_progress_user_quest_period"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    quest: str = Field(max_length=24)
    period: str = Field(max_length=10)
    progress: int = Field(default=0)
    target: int
    completed_at: datetime | None = Field(default=None)


class GameRecord(SQLModel, table=True):
    """A finished game kept whole (issue 21): seed, options, seats and the room layer's log, from which
    `games/<game>/replay.py` rebuilds every state. Written once when the game ends, for every game
    (guests and AIs too; `accounts/game_records.py`); no row exists while a game runs.

    `id` is random (22 url-safe characters) and is the game's shareable link: nothing of the room or
    the game derives it. (Not `accounts.rewards.GameRecord`, the rewards' view of a result.)
    """

    __tablename__ = "game_records"
    __table_args__ = (sa.UniqueConstraint("game_key", name="uq_game_records_game_key"),)

    id: str = Field(primary_key=True, max_length=32)  # secrets.token_urlsafe(16), the room result's record_id
    game_key: str = Field(max_length=64)  # tilerooms.rooms.play.game_id(room): each game stored once
    room_id: str = Field(max_length=64)
    game: str = Field(max_length=16)  # "rummikub" | "mahjong"
    game_no: int = Field(default=1)  # the game's number in its match: the log starts with the match
    seed: int = Field(sa_type=sa.BigInteger)  # the engine setup's seed (62 bits)
    options_json: str = Field(sa_type=sa.Text)  # the options handed to setup, startedAt included
    seats_json: str = Field(sa_type=sa.Text)  # [{id, name, kind, level}] in the engine's player order
    log_json: str = Field(sa_type=sa.Text)  # [log entry, ...] (tilerooms.core.replay)
    result_json: str = Field(sa_type=sa.Text)  # the room's result as the result screen showed it
    started_at: datetime
    ended_at: datetime = Field(index=True)


class GameRecordMember(SQLModel, table=True):
    """A member who played a stored game (their /me/records list)."""

    __tablename__ = "game_record_members"

    record_id: str = Field(foreign_key="game_records.id", primary_key=True, max_length=32, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", primary_key=True, index=True, ondelete="CASCADE")


TABLES = frozenset(
    {
        "users",
        "oauth_links",
        "games",
        "game_participants",
        "reward_ledger",
        "quest_progress",
        "game_records",
        "game_record_members",
    }
)


class GameReview(SQLModel, table=True):
    """The 복기 (AI review) of a stored game (issue 21: 3), computed once in the background after the
    game is stored (`accounts/game_reviews.py`): `games/<game>/review.py`'s result as JSON.

    The row is the claim: the first worker to insert it (status "pending") computes the review, so
    it is written once however many workers heard the game end; a pending row left by a dead
    worker is taken over after `game_reviews.STALE_S`.
    """

    __tablename__ = "game_reviews"

    record_id: str = Field(foreign_key="game_records.id", primary_key=True, max_length=32, ondelete="CASCADE")
    game: str = Field(max_length=16)  # "rummikub" | "mahjong"
    status: str = Field(default="pending", max_length=8, index=True)  # pending | done | failed
    review_json: str | None = Field(default=None, sa_type=sa.Text)  # the review (status done)
    error: str | None = Field(default=None, max_length=500)  # why it failed (status failed)
    compute_ms: int | None = Field(default=None)  # the review function's own time
    created_at: datetime = Field(default_factory=utcnow)  # claimed
    updated_at: datetime = Field(default_factory=utcnow)  # last status change


TABLES = TABLES | {"game_reviews"}  # noqa: F811 - the migrations' table list grows with each table


class GameRecordGuest(SQLModel, table=True):
    """A guest who played a stored game (issue 34: 12): their /me/records list in the browser that
    holds their key. `guest_ref` is an HMAC of the guest's secret browser key
    (`accounts.game_records.guest_ref`), never the public player id every viewer of a room sees.

    Written by the guest's own browser state when it shows the finished game, which may come before
    the game's record is stored: so no foreign key; a listing joins the stored records. Moved to the
    member's `GameRecordMember` rows when the guest signs in.
    """

    __tablename__ = "game_record_guests"

    record_id: str = Field(primary_key=True, max_length=32)  # game_records.id (maybe not stored yet)
    guest_ref: str = Field(primary_key=True, index=True, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


TABLES = TABLES | {"game_record_guests"}  # noqa: F811


class Rating(SQLModel, table=True):
    """A member's current skill rating for one rating key (issue 37): openskill's Plackett–Luce
    `mu` / `sigma`, and how many rated games built it. A cache of the rating ledger's last row,
    updated in the same transaction (as `users.coins` caches the reward ledger)."""

    __tablename__ = "ratings"
    __table_args__ = (sa.Index("ix_ratings_key_games", "rating_key", "games"),)

    user_id: int = Field(foreign_key="users.id", primary_key=True, ondelete="CASCADE")
    rating_key: str = Field(primary_key=True, max_length=16)  # accounts.ratings.rating_key: rummikub | mahjong4 | mahjong3
    mu: float
    sigma: float
    games: int = Field(default=0)
    updated_at: datetime = Field(default_factory=utcnow)


class RatingEntry(SQLModel, table=True):
    """The rating ledger: one row per (game, user), unique, so a result processed twice (or again
    after a restart) moves a rating once. Before and after values make the /me history chart."""

    __tablename__ = "rating_ledger"
    __table_args__ = (
        sa.UniqueConstraint("game_id", "user_id", name="uq_rating_ledger_game_user"),
        sa.Index("ix_rating_ledger_user_key", "user_id", "rating_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    rating_key: str = Field(max_length=16)
    place: int  # the rank the rating used: the final rank, or last for a player who left
    left: bool = Field(default=False)  # left the game in progress (rated last)
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    games: int  # rated games of this key after this one
    ended_at: datetime = Field(index=True)  # the game's end (the chart's x order)


TABLES = TABLES | {"ratings", "rating_ledger"}  # noqa: F811
