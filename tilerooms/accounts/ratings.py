"""Skill ratings (issue 37): openskill's Plackett–Luce model on a rated game's final places, one
rating per member and rating key, kept as a ledger.

Which games are rated (our reading of issue 37 and the service rules' reward exclusions, seed 003):
- every player who started is a member (no guest, no AI), at least two of them;
- the game finished normally: its ranking gives the places;
- except a player who left the game in progress (their seat was vacated when it ended): they are
  rated **last**, tied with any other leaver, whatever the engine made of their seat (number tiles
  drop a leaver from the ranking; mahjong plays the seat on autopilot and ranks it);
- a game aborted because players left (number tiles end a game when one player remains) is rated
  too: the ones who stayed share first place, the leavers last; a game everybody left, or one
  dropped for any other reason, changes no rating.

One rating per rating key: a game's id, or the game's id with its player count for a game whose
player counts are modes of their own (`GameDefinition.mode_names`: mahjong's 4 and 3 are rated
apart, number tiles of any count share one). Common code asks `rating_key`, never a game's name.

The ledger (`RatingEntry`) holds one row per (game, member), unique, written in the rewards'
transaction (`records.apply_rewards`): a result processed twice, by two workers or again after a
restart, moves a rating once. `Rating` caches each member's latest row.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlmodel import Session, col, select

from tilerooms.accounts import ranks
from tilerooms.accounts.rewards import GameRecord, member_user_id
from tilerooms.db.engine import session
from tilerooms.db.models import Rating, RatingEntry, User
from tilerooms.games import GAMES

log = logging.getLogger(__name__)

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma


def rating_key(game: str, players: int) -> str:
    """The rating a game of `players` players counts for: "rummikub", "mahjong4", "mahjong3"."""
    definition = GAMES.get(game)
    return definition.rating_key(players) if definition is not None else game


def rating_keys() -> list[tuple[str, str, str]]:
    """Every rating key with its names (key, Korean, English), in the registry's order, a game's
    larger mode first (`GameDefinition.rating_key` says which player counts share a rating)."""
    keys: list[tuple[str, str, str]] = []
    for game in GAMES.values():
        seen: set[str] = set()
        for players in range(game.max_players, game.min_players - 1, -1):
            key = game.rating_key(players)
            if key in seen:
                continue
            seen.add(key)
            ko, en = game.display_names(players)
            if key != game.id and players not in game.mode_names:
                ko, en = f"{ko} · {players}인", f"{en} · {players}-player"
            keys.append((key, ko, en))
    return keys


def ordinal(mu: float, sigma: float) -> float:
    """openskill's conservative skill: mu − 3·sigma (0 for a new member)."""
    return mu - 3 * sigma


# -- which places a game gives -------------------------------------------------------------------


def rated_places(record: GameRecord) -> dict[str, int] | None:
    """The places (1 best, ties shared) the ratings use, by player id; None for an unrated game."""
    players = record.players
    if len(players) < 2 or any(p.kind != "member" for p in players):
        return None  # guests and AIs: the whole game is unrated (as rewards, seed 003)
    left = set(record.left)
    stayed = [p for p in players if p.player_id not in left]
    if not stayed or not (left or not record.aborted):
        return None  # everybody left, or dropped for another reason
    places: dict[str, int] = {}
    if record.aborted:
        places = {p.player_id: 1 for p in stayed}
    else:
        ranked = [p for p in stayed if p.rank is not None]
        if not ranked:
            return None
        places = {p.player_id: p.rank for p in ranked if p.rank is not None}
    last = max(places.values()) + 1
    for p in players:
        places.setdefault(p.player_id, last)  # leavers (and any unranked seat): last, tied
    return places


@dataclass(frozen=True)
class RatingChange:
    """One member's move in one game."""

    player_id: str
    place: int
    left: bool
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


def rate(places: Mapping[str, int], current: Mapping[str, tuple[float, float]], left: Iterable[str] = ()) -> list[RatingChange]:
    """Plackett–Luce on the places: `current` gives each player's (mu, sigma) (default: a new
    member's); returns each player's change, in `places`' order."""
    order = list(places)
    before = [current.get(p, (DEFAULT_MU, DEFAULT_SIGMA)) for p in order]
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(places[p]) for p in order])
    gone = set(left)
    return [
        RatingChange(p, places[p], p in gone, mu, sigma, float(team[0].mu), float(team[0].sigma))
        for p, (mu, sigma), team in zip(order, before, after, strict=True)
    ]


# -- writing (inside the rewards' transaction) ---------------------------------------------------


def write_ratings(s: Session, record: GameRecord, linked: set[int]) -> list[RatingEntry]:
    """Rate `record` in session `s` (not committed here): ledger rows and the cached ratings of
    the members still `linked` to an account. The ledger's unique (game, user) key makes a racing
    second write fail the whole transaction; [] for an unrated game."""
    places = rated_places(record)
    if places is None:
        return []
    key = rating_key(record.game, len(record.players))
    users = {pid: member_user_id(pid) for pid in places}
    ids = [u for u in users.values() if u is not None and u in linked]
    stored = {
        r.user_id: r
        for r in s.exec(select(Rating).where(Rating.rating_key == key, col(Rating.user_id).in_(ids)).with_for_update()).all()  # a member's other game waits
    }
    current = {pid: (stored[u].mu, stored[u].sigma) for pid, u in users.items() if u in stored}
    entries: list[RatingEntry] = []
    for change in rate(places, current, record.left):
        user_id = users[change.player_id]
        if user_id is None or user_id not in linked:
            continue  # a member deleted since: rated against, but nothing stored
        row = stored.get(user_id)
        if row is None:
            row = Rating(user_id=user_id, rating_key=key, mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, games=0)
        row.mu, row.sigma, row.games, row.updated_at = change.mu_after, change.sigma_after, row.games + 1, record.ended_at
        s.add(row)
        entry = RatingEntry(
            game_id=record.game_id,
            user_id=user_id,
            rating_key=key,
            place=change.place,
            left=change.left,
            mu_before=change.mu_before,
            sigma_before=change.sigma_before,
            mu_after=change.mu_after,
            sigma_after=change.sigma_after,
            games=row.games,
            ended_at=record.ended_at,
        )
        s.add(entry)
        entries.append(entry)
    return entries


# -- reading -------------------------------------------------------------------------------------


def current_rating(user_id: int, key: str, engine: sa.Engine | None = None) -> tuple[float, float, int]:
    """(mu, sigma, rated games) of the member for `key`; a new member's defaults when unrated."""
    with session(engine) as s:
        row = s.get(Rating, (user_id, key))
    return (row.mu, row.sigma, row.games) if row is not None else (DEFAULT_MU, DEFAULT_SIGMA, 0)


MATCH_POINTS_PER_MU = 60.0  # quick match's scale: an unrated member's mu 25 is its default 1500


async def rating_for(user_id: int, rating_key: str) -> float:
    """The matchmaking number of a member for a rating key, on quick match's scale (1500 for an
    unrated member, like a guest; a typical spread is ±600): openskill's `mu`, the skill estimate.
    Matchmaking groups on the estimate, not on the conservative ordinal that the shown rank uses
    (a newcomer's ordinal is 0, the bottom)."""
    mu, _, _ = await asyncio.to_thread(current_rating, user_id, rating_key)
    return mu * MATCH_POINTS_PER_MU


def rank_for(mu: float, sigma: float, games: int) -> ranks.Rank:
    """The shown rank of a stored rating."""
    return ranks.rank_of(ordinal(mu, sigma), games)


def member_ranks(user_ids: Iterable[int], key: str, engine: sa.Engine | None = None) -> dict[int, ranks.Rank]:
    """The rank of each listed member for `key` (members without a rated game: 배치 0/10)."""
    wanted = sorted(set(user_ids))
    found: dict[int, ranks.Rank] = {}
    if wanted:
        with session(engine) as s:
            for row in s.exec(select(Rating).where(Rating.rating_key == key, col(Rating.user_id).in_(wanted))).all():
                found[row.user_id] = rank_for(row.mu, row.sigma, row.games)
    return {u: found.get(u, ranks.rank_of(ordinal(DEFAULT_MU, DEFAULT_SIGMA), 0)) for u in wanted}


SHOWN_TTL_S = 20.0  # a rank read for the room pages is reused this long (a rated game's end shows within it)
_shown: dict[tuple[int, str], tuple[float, ranks.Rank]] = {}


def shown_ranks(user_ids: Iterable[int], key: str, engine: sa.Engine | None = None) -> dict[int, ranks.Rank]:
    """`member_ranks` for the room pages, which render on every push: each member's rank is read
    once per `SHOWN_TTL_S` (one primary-key query for all the misses); {} when the database does
    not answer (a rank is never worth breaking a table)."""
    now = time.monotonic()
    wanted = set(user_ids)
    missing = [u for u in wanted if (u, key) not in _shown or _shown[(u, key)][0] < now]
    if missing:
        try:
            fresh = member_ranks(missing, key, engine)
        except sa.exc.SQLAlchemyError:
            log.warning("ranks of %s not read", missing, exc_info=True)
            return {}
        for u, rank in fresh.items():
            _shown[(u, key)] = (now + SHOWN_TTL_S, rank)
    return {u: _shown[(u, key)][1] for u in wanted}


def rank_chips(player_ids: Iterable[str], game: str, players: int) -> dict[str, dict[str, str]]:
    """The rank chips of a room's members for its rating key (a game of `players`): player id ->
    {"ko", "en"} full labels and {"short_ko", "short_en"} chip forms. Guests and AIs have none."""
    users = {pid: u for pid in player_ids if (u := member_user_id(pid)) is not None}
    found = shown_ranks(users.values(), rating_key(game, players))
    return {
        pid: {"ko": r.label("ko"), "en": r.label("en"), "short_ko": r.short("ko"), "short_en": r.short("en")}
        for pid, u in users.items()
        if (r := found.get(u)) is not None
    }


def forget_shown_ranks() -> None:
    """Drop the room pages' cached ranks (tests; a game's end in this process)."""
    _shown.clear()


def my_ratings(user_id: int, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """The member's ratings, one per key they played rated games of, each with its history
    (`[(ended_at, shown points)]`, oldest first) for the /me chart."""
    with session(engine) as s:
        rows = {r.rating_key: r for r in s.exec(select(Rating).where(Rating.user_id == user_id)).all()}
        entries = s.exec(select(RatingEntry).where(RatingEntry.user_id == user_id).order_by(col(RatingEntry.ended_at), col(RatingEntry.id))).all()
    history: dict[str, list[tuple[datetime, int]]] = {}
    for e in entries:
        history.setdefault(e.rating_key, []).append((e.ended_at, ranks.rating_points(ordinal(e.mu_after, e.sigma_after))))
    out: list[dict[str, Any]] = []
    for key, ko, en in rating_keys():
        row = rows.get(key)
        if row is None:
            continue
        out.append(
            {"key": key, "name_ko": ko, "name_en": en, "rank": rank_for(row.mu, row.sigma, row.games), "games": row.games, "history": history.get(key, [])}
        )
    return out


def leaderboard(key: str, limit: int = 20, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """The members rated for `key`, best shown rating first (ties share a place); members still in
    their placement games are listed with their 배치 rank (their ordinal is low: sigma is wide)."""
    conservative = (col(Rating.mu) - 3 * col(Rating.sigma)).label("ordinal")
    with session(engine) as s:
        rows = s.exec(
            select(User.id, User.nickname, User.avatar_color, Rating.mu, Rating.sigma, Rating.games)
            .join(Rating, col(Rating.user_id) == col(User.id))
            .where(Rating.rating_key == key)
            .order_by(conservative.desc(), col(User.id))
            .limit(limit)
        ).all()
    board: list[dict[str, Any]] = []
    for i, (uid, nickname, color, mu, sigma, games) in enumerate(rows):
        rank = rank_for(mu, sigma, games)
        place = board[-1]["place"] if board and board[-1]["points"] == rank.points else i + 1
        board.append({"place": place, "user_id": uid, "nickname": nickname, "color": color, "points": rank.points, "rank": rank, "games": games})
    return board


__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "RatingChange",
    "current_rating",
    "leaderboard",
    "member_ranks",
    "my_ratings",
    "ordinal",
    "rank_chips",
    "rank_for",
    "rate",
    "rated_places",
    "rating_for",
    "rating_key",
    "rating_keys",
    "shown_ranks",
    "write_ratings",
]
