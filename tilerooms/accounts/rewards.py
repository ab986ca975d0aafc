"""Reward rules of the service page (서비스 규칙), as pure functions of a finished game's record.

  "회원끼리 정상 종료한 경기는 공통 코인·경험치·일일 5판 퀘스트에 반영하며 단독 우승은 주간 우승과
   누적 우승 기록에 반영합니다. AI가 있는 판 전체, 게스트 본인, 중도 종료는 보상·랭킹에서 제외합니다."

Our reading (the text sets "판 전체" for AI against "본인" for guests):
- a game with any AI seat gives nobody anything and never enters a ranking;
- an aborted game (중도 종료: the engine's "aborted", or a game dropped back to the waiting room)
  gives nothing;
- a guest gets nothing, but the members of the same normally finished game are still rewarded;
- each member ranked at the end gets coins, XP and one step of the daily 5-game quest; a member
  who left before the end is not ranked and gets nothing;
- the one and only winner (단독 우승), if a member, gets a win for the weekly and all-time boards.
Coins are points, never money.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

from tilerooms.rooms.identity import MEMBER_PREFIX, is_ai

KST = timezone(timedelta(hours=9))  # quest days and leaderboard weeks follow Korean time

COINS_PER_GAME = 10
COINS_TOP_RANK = 10  # extra for rank 1 (shared ranks included)
XP_PER_GAME = 20
XP_TOP_RANK = 10
DAILY_QUEST = "daily5"
DAILY_QUEST_TARGET = 5
DAILY_QUEST_COINS = 50  # paid once, by the game that completes the day's fifth game

KIND_COINS = "coins:game"
KIND_XP = "xp:game"
KIND_QUEST_STEP = "quest:daily5"
KIND_QUEST_COINS = "coins:daily5"
KIND_WIN = "win:sole"
COIN_KINDS = frozenset({KIND_COINS, KIND_QUEST_COINS})
XP_KINDS = frozenset({KIND_XP})


def player_kind(player_id: str) -> str:
    """ "member" | "guest" | "ai" from the id's prefix (ids are minted by the server, never typed in)."""
    if is_ai(player_id):
        return "ai"
    if player_id.startswith(MEMBER_PREFIX) and player_id[len(MEMBER_PREFIX) :].isdigit():
        return "member"
    return "guest"  # "g-…" and anything unknown: never rewarded


def member_user_id(player_id: str) -> int | None:
    """The users.id behind a member id "u-<id>", else None."""
    return int(player_id[len(MEMBER_PREFIX) :]) if player_kind(player_id) == "member" else None


@dataclass(frozen=True)
class PlayerResult:
    """One player of a game as recorded: rank None when they left before the end."""

    player_id: str
    name: str
    rank: int | None = None
    score: int | None = None
    winner: bool = False

    @property
    def kind(self) -> str:
        """member | guest | ai."""
        return player_kind(self.player_id)


@dataclass(frozen=True)
class GameRecord:
    """What the rules need of a finished (or aborted) game."""

    game_id: str
    room_id: str
    game: str
    end_reason: str
    ended_at: datetime  # timezone-aware
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...] = ()
    result: dict[str, Any] = field(default_factory=dict, compare=False)
    left: tuple[str, ...] = ()  # players who left the game in progress (their seat was empty at its end)

    @property
    def aborted(self) -> bool:
        """중도 종료: aborted by the engine or dropped; no ranking means no normal finish either."""
        return self.end_reason == "aborted" or not any(p.rank is not None for p in self.players)

    @property
    def has_ai(self) -> bool:
        """True when any seat of the game was an AI (then the whole game is excluded)."""
        return any(p.kind == "ai" for p in self.players)

    @property
    def has_member(self) -> bool:
        """Only games with a member are worth recording."""
        return any(p.kind == "member" for p in self.players)


@dataclass(frozen=True)
class Reward:
    """One ledger entry: unique per (game, user, kind)."""

    user_id: int
    kind: str
    amount: int


def kst_day(moment: datetime) -> date:
    """The Korean calendar day of `moment`."""
    return moment.astimezone(KST).date()


def day_key(moment: datetime) -> str:
    """YYYY-MM-DD in Korean time (the daily quest's period)."""
    return kst_day(moment).isoformat()


def week_key(moment: datetime) -> str:
    """YYYY-Www, ISO week in Korean time (the weekly board's period, Monday to Sunday)."""
    year, week, _ = kst_day(moment).isocalendar()
    return f"{year}-W{week:02d}"


def is_rewarded_game(record: GameRecord) -> bool:
    """A normally finished game without AI: the only kind that rewards anybody."""
    return not record.aborted and not record.has_ai and sum(p.rank is not None for p in record.players) >= 2


def sole_winner(record: GameRecord) -> str | None:
    """The one winner of the game, or None when nobody or several players share the win."""
    return record.winners[0] if len(record.winners) == 1 else None


def game_rewards(record: GameRecord) -> list[Reward]:
    """Every ledger entry the game earns (the quest completion bonus is `quest_bonus`, it needs the day's count)."""
    if not is_rewarded_game(record):
        return []
    entries: list[Reward] = []
    winner = sole_winner(record)
    for player in record.players:
        user_id = member_user_id(player.player_id)
        if user_id is None or player.rank is None:  # guests, AIs and leavers get nothing
            continue
        top = player.rank == 1
        entries.append(Reward(user_id, KIND_COINS, COINS_PER_GAME + (COINS_TOP_RANK if top else 0)))
        entries.append(Reward(user_id, KIND_XP, XP_PER_GAME + (XP_TOP_RANK if top else 0)))
        entries.append(Reward(user_id, KIND_QUEST_STEP, 1))
        if winner == player.player_id:
            entries.append(Reward(user_id, KIND_WIN, 1))
    return entries


def quest_bonus(user_id: int, progress_before: int, progress_after: int) -> Reward | None:
    """The daily quest's coins, paid by the step that reaches the target (never twice a day)."""
    if progress_before < DAILY_QUEST_TARGET <= progress_after:
        return Reward(user_id, KIND_QUEST_COINS, DAILY_QUEST_COINS)
    return None


def level_of(xp: int) -> int:
    """Level shown on the profile: 100 XP per level, from level 1."""
    return 1 + max(0, xp) // 100


# -- from the room layer -------------------------------------------------------------------------


def _winners(result: dict[str, Any]) -> tuple[str, ...]:
    winner = result.get("winner")
    if isinstance(winner, str):
        return (winner,)
    if isinstance(winner, (list, tuple)):
        return tuple(w for w in winner if isinstance(w, str))
    return ()


def record_from_result(
    *,
    game_id: str,
    room_id: str,
    game: str,
    started: Iterable[str],
    result: dict[str, Any] | None,
    names: dict[str, str] | None,
    ended_at: datetime,
    left: Iterable[str] = (),
) -> GameRecord:
    """A GameRecord from a room's stored result: the ranking's players plus those who started and left."""
    result = dict(result or {})
    names = {**(names or {}), **(result.get("names") or {})}
    aborted = bool(result.get("aborted")) or result.get("endReason") == "aborted"
    winners = () if aborted else _winners(result)
    rows = [] if aborted else [r for r in result.get("ranking") or [] if isinstance(r, dict) and isinstance(r.get("player"), str)]
    players: dict[str, PlayerResult] = {}
    for row in rows:
        pid = row["player"]
        players[pid] = PlayerResult(pid, str(names.get(pid, pid))[:32], _int(row.get("rank")), _int(row.get("score")), pid in winners)
    for pid in started:
        if pid not in players:
            players[pid] = PlayerResult(pid, str(names.get(pid, pid))[:32])
    return GameRecord(
        game_id=game_id,
        room_id=room_id,
        game=game,
        end_reason="aborted" if aborted else str(result.get("endReason") or "finished"),
        ended_at=ended_at,
        players=tuple(players.values()),
        winners=winners,
        result=result,
        left=tuple(p for p in players if p in set(left)),
    )


def record_from_room(room: Any) -> GameRecord:
    """The record of the room's last game (called by the game-end listener with the stored Room)."""
    from tilerooms.rooms.play import game_id  # the room layer's stable id of the game

    started = list(room.game_players) or list((room.game_state or {}).get("seats") or [])
    names = {s.occupant.id: s.occupant.name for s in room.seats if s.occupant is not None}
    # leaving a game empties the seat at once (rooms.play.leave_game; also a seat away past the
    # grace); at the game's end an empty seat of a starter is a leaver
    left = [p for p in started if room.seat_of(p) is None]
    return record_from_result(
        game_id=game_id(room),
        room_id=room.id,
        game=room.game,
        started=started,
        result=room.result,
        names=names,
        ended_at=datetime.fromtimestamp((room.updated_at or 0) / 1000, tz=UTC),
        left=left,
    )


def record_to_json(record: GameRecord) -> str:
    """The result as stored with the game (the players who started are kept for a later re-read)."""
    return json.dumps({**record.result, "_started": [p.player_id for p in record.players], "_left": list(record.left)}, ensure_ascii=False)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
