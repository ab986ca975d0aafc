"""Records and rewards in the database: the thin adapter around the pure rules of `rewards`.

A game end is handled in two idempotent steps, each its own transaction:
1. `record_game`: the game and its participants, keyed by the room layer's `game_id`;
2. `apply_rewards`: every ledger row, the members' coin/XP caches, quest progress, the skill
   ratings (`ratings.write_ratings`) and the game's `rewarded` flag, all or nothing. The ledger's unique (game, user, kind) key and the flag make a
   second run a no-op; a crash between 1 and 2 leaves a game with `rewarded = false`, which
   `apply_pending_rewards` (at start and every minute) finishes.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import col, func, select

from tilerooms.accounts import ratings, rewards
from tilerooms.accounts.rewards import GameRecord, PlayerResult, Reward
from tilerooms.db.engine import session
from tilerooms.db.models import Game, GameParticipant, QuestProgress, RewardEntry, User
from tilerooms.games import GAMES

log = logging.getLogger(__name__)

END_REASONS = {
    "rackEmpty": "타일을 모두 내려놓음",
    "stalemate": "더 낼 수 없어 종료",
    "timeUp": "전체 시간 종료",
    "aborted": "중도 종료",
}


# -- writing ----------------------------------------------------------------------------------


def record_game(record: GameRecord, engine: sa.Engine | None = None) -> bool:
    """Store the game and its players once. False when it is not recorded (no member played)."""
    if not record.has_member:
        return False
    with session(engine) as s:
        if s.get(Game, record.game_id) is not None:
            return True
        member_ids = {rewards.member_user_id(p.player_id) for p in record.players} - {None}
        existing = set(s.exec(select(User.id).where(col(User.id).in_(member_ids))).all()) if member_ids else set()
        s.add(
            Game(
                id=record.game_id,
                room_id=record.room_id,
                game=record.game,
                end_reason=record.end_reason,
                ended_at=record.ended_at,
                has_ai=record.has_ai,
                rewarded=False,
                result_json=rewards.record_to_json(record),
            )
        )
        s.flush()  # the game row first: participants refer to it
        for player in record.players:
            user_id = rewards.member_user_id(player.player_id)
            s.add(
                GameParticipant(
                    game_id=record.game_id,
                    player_id=player.player_id,
                    user_id=user_id if user_id in existing else None,
                    kind=player.kind,
                    name=player.name,
                    rank=player.rank,
                    score=player.score,
                    winner=player.winner,
                )
            )
        try:
            s.commit()
        except IntegrityError:  # another worker stored it first
            s.rollback()
    return True


def stored_record(game: Game, players: list[GameParticipant]) -> GameRecord:
    """The rules' view of a stored game (rewards are always computed from what was stored)."""
    result = json.loads(game.result_json)
    winners = tuple(p.player_id for p in players if p.winner)
    return GameRecord(
        game_id=game.id,
        room_id=game.room_id,
        game=game.game,
        end_reason=game.end_reason,
        ended_at=_aware(game.ended_at),
        players=tuple(PlayerResult(p.player_id, p.name, p.rank, p.score, p.winner) for p in players),
        winners=winners,
        result=result,
        left=tuple(p for p in result.get("_left") or [] if isinstance(p, str)),
    )


def apply_rewards(game_id: str, engine: sa.Engine | None = None, *, before_commit: Callable[[], None] | None = None) -> list[Reward]:
    """Write the game's rewards exactly once; returns the entries written now ([] when already done).

    `before_commit` is a test hook: raising there stands for a crash in the middle of the rewards.
    """
    with session(engine) as s:
        game = s.get(Game, game_id)
        if game is None or game.rewarded:
            return []
        players = list(s.exec(select(GameParticipant).where(GameParticipant.game_id == game_id)).all())
        record = stored_record(game, players)
        linked = {p.user_id for p in players if p.user_id is not None}  # members deleted since: skipped
        entries = [e for e in rewards.game_rewards(record) if e.user_id in linked]
        day, week = rewards.day_key(record.ended_at), rewards.week_key(record.ended_at)
        written: list[Reward] = []
        by_user: dict[int, list[Reward]] = defaultdict(list)
        for entry in entries:
            by_user[entry.user_id].append(entry)
        for user_id, mine in by_user.items():
            if any(e.kind == rewards.KIND_QUEST_STEP for e in mine):
                before, after = _quest_step(s, user_id, day, sum(e.amount for e in mine if e.kind == rewards.KIND_QUEST_STEP))
                bonus = rewards.quest_bonus(user_id, before, after)
                if bonus is not None:
                    mine.append(bonus)
            for entry in mine:
                s.add(RewardEntry(game_id=game_id, user_id=user_id, kind=entry.kind, amount=entry.amount, day=day, week=week))
            coins = sum(e.amount for e in mine if e.kind in rewards.COIN_KINDS)
            xp = sum(e.amount for e in mine if e.kind in rewards.XP_KINDS)
            if coins or xp:  # atomic increments: concurrent games of one member add up
                s.execute(sa.update(User).where(User.id == user_id).values(coins=User.coins + coins, xp=User.xp + xp))
            written.extend(mine)
        rated = ratings.write_ratings(s, record, linked)  # the same transaction: rated once with the rewards
        game.rewarded = True
        s.add(game)
        try:
            s.flush()
            if before_commit is not None:
                before_commit()
            s.commit()
        except IntegrityError:  # another worker rewarded this game first: nothing more to do
            s.rollback()
            return []
        if rated:
            ratings.forget_shown_ranks()  # this process's room pages show the new ranks at once
        return written


def _quest_step(s, user_id: int, day: str, steps: int) -> tuple[int, int]:
    """Advance the daily quest row (created on first use); returns progress before and after."""
    where = (QuestProgress.user_id == user_id, QuestProgress.quest == rewards.DAILY_QUEST, QuestProgress.period == day)
    if s.exec(select(QuestProgress.id).where(*where)).first() is None:
        try:
            with s.begin_nested():  # a savepoint: a racing insert of the same row must not undo ours
                s.add(QuestProgress(user_id=user_id, quest=rewards.DAILY_QUEST, period=day, progress=0, target=rewards.DAILY_QUEST_TARGET))
        except IntegrityError:
            pass
    s.execute(sa.update(QuestProgress).where(*where).values(progress=QuestProgress.progress + steps))
    after = s.exec(select(QuestProgress.progress).where(*where)).one()  # our row lock holds it for us
    before = after - steps
    if before < rewards.DAILY_QUEST_TARGET <= after:
        s.execute(sa.update(QuestProgress).where(*where).values(completed_at=rewards_now()))
    return before, after


def rewards_now() -> datetime:
    """Now in UTC (a function so tests can see one place that reads the clock)."""
    return datetime.now(UTC)


def process_game_end(room: Any, engine: sa.Engine | None = None) -> list[Reward]:
    """Record the room's last game and write its rewards (both idempotent)."""
    record = rewards.record_from_room(room)
    if not record_game(record, engine):
        return []
    return apply_rewards(record.game_id, engine)


def apply_pending_rewards(engine: sa.Engine | None = None) -> int:
    """Finish the rewards of every recorded game still marked unrewarded (after a crash); returns how many."""
    with session(engine) as s:
        pending = list(s.exec(select(Game.id).where(Game.rewarded == False).order_by(Game.ended_at)).all())  # noqa: E712
    for game_id in pending:
        apply_rewards(game_id, engine)
    return len(pending)


async def on_game_end(room: Any) -> None:
    """The RoomService listener: retried a few times; what still fails is finished by the pending sweep."""
    for attempt in range(3):
        try:
            await asyncio.to_thread(process_game_end, room)
            return
        except OperationalError:  # a busy or restarting database: try again shortly
            log.warning("recording game of room %s failed (attempt %d)", getattr(room, "id", "?"), attempt + 1)
            await asyncio.sleep(0.5 * (attempt + 1))
    log.error("recording game of room %s postponed to the pending sweep", getattr(room, "id", "?"))


# -- reading ----------------------------------------------------------------------------------


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _when(moment: datetime) -> str:
    return _aware(moment).astimezone(rewards.KST).strftime("%m/%d %H:%M")


def excluded_reason(game: Game, me: GameParticipant | None) -> str:
    """Why a game gave me nothing ("" when it rewarded me)."""
    if game.end_reason == "aborted" or me is None or me.rank is None:
        return "중도 종료 · 보상 없음"
    if game.has_ai:
        return "AI 참여 · 보상 없음"
    return ""


def recent_games(user_id: int, limit: int = 20, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """My records: the member's latest games, newest first, with every player's result."""
    with session(engine) as s:
        games = s.exec(
            select(Game)
            .join(GameParticipant, GameParticipant.game_id == Game.id)
            .where(GameParticipant.user_id == user_id)
            .order_by(col(Game.ended_at).desc())
            .limit(limit)
        ).all()
        ids = [g.id for g in games]
        players: dict[str, list[GameParticipant]] = defaultdict(list)
        for p in s.exec(select(GameParticipant).where(col(GameParticipant.game_id).in_(ids))).all() if ids else []:
            players[p.game_id].append(p)
        coins: dict[str, int] = defaultdict(int)
        xp: dict[str, int] = defaultdict(int)
        for e in s.exec(select(RewardEntry).where(RewardEntry.user_id == user_id, col(RewardEntry.game_id).in_(ids))).all() if ids else []:
            if e.kind in rewards.COIN_KINDS:
                coins[e.game_id] += e.amount
            elif e.kind in rewards.XP_KINDS:
                xp[e.game_id] += e.amount
    rows = []
    for game in games:
        ranked = sorted(players[game.id], key=lambda p: (p.rank is None, p.rank or 0))
        me = next((p for p in ranked if p.user_id == user_id), None)
        rows.append(
            {
                "game_id": game.id,
                "when": _when(game.ended_at),
                "game": GAMES[game.game].name_ko if game.game in GAMES else game.game,
                "end": END_REASONS.get(game.end_reason, game.end_reason),
                "rank": f"{me.rank}위" if me is not None and me.rank is not None else "-",
                "score": str(me.score) if me is not None and me.score is not None else "-",
                "players": " · ".join(f"{p.name} {p.rank}위" if p.rank is not None else f"{p.name} 퇴장" for p in ranked),
                "reward": excluded_reason(game, me) or f"코인 +{coins[game.id]} · 경험치 +{xp[game.id]}",
            }
        )
    return rows


def _board(where: list[Any], limit: int, engine: sa.Engine | None) -> list[dict[str, Any]]:
    wins = func.sum(RewardEntry.amount).label("wins")
    with session(engine) as s:
        rows = s.exec(
            select(User.id, User.nickname, User.avatar_color, wins)
            .join(RewardEntry, RewardEntry.user_id == User.id)
            .where(RewardEntry.kind == rewards.KIND_WIN, *where)
            .group_by(User.id, User.nickname, User.avatar_color)
            .order_by(wins.desc(), User.id)
            .limit(limit)
        ).all()
    board: list[dict[str, Any]] = []
    for i, (uid, nickname, color, count) in enumerate(rows):
        rank = board[-1]["rank"] if board and board[-1]["wins"] == int(count) else i + 1  # ties share a rank
        board.append({"rank": rank, "user_id": uid, "nickname": nickname, "color": color, "wins": int(count)})
    return board


def weekly_leaderboard(now: datetime | None = None, limit: int = 20, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """This KST week's sole wins by member (games with AI, guests' and aborted games never count)."""
    return _board([RewardEntry.week == rewards.week_key(now or rewards_now())], limit, engine)


def all_time_leaderboard(limit: int = 20, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """All sole wins by member."""
    return _board([], limit, engine)


def daily_quest(user_id: int, now: datetime | None = None, engine: sa.Engine | None = None) -> dict[str, Any]:
    """Today's (KST) 5-game quest: progress, target, done."""
    day = rewards.day_key(now or rewards_now())
    with session(engine) as s:
        row = s.exec(
            select(QuestProgress).where(QuestProgress.user_id == user_id, QuestProgress.quest == rewards.DAILY_QUEST, QuestProgress.period == day)
        ).first()
    progress = min(row.progress, rewards.DAILY_QUEST_TARGET) if row else 0
    return {"day": day, "progress": progress, "target": rewards.DAILY_QUEST_TARGET, "done": progress >= rewards.DAILY_QUEST_TARGET}


def member_stats(user_id: int, engine: sa.Engine | None = None) -> dict[str, int]:
    """Profile numbers: rewarded games, sole wins, coins, XP and level."""
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None:
            return {}
        counts = dict(s.exec(select(RewardEntry.kind, func.sum(RewardEntry.amount)).where(RewardEntry.user_id == user_id).group_by(RewardEntry.kind)).all())
    return {
        "games": int(counts.get(rewards.KIND_QUEST_STEP, 0)),
        "wins": int(counts.get(rewards.KIND_WIN, 0)),
        "coins": user.coins,
        "xp": user.xp,
        "level": rewards.level_of(user.xp),
    }


def ledger_totals(user_id: int, engine: sa.Engine | None = None) -> dict[str, int]:
    """Coins and XP summed from the ledger (the users row caches them; tests check they agree)."""
    with session(engine) as s:
        rows = s.exec(select(RewardEntry.kind, RewardEntry.amount).where(RewardEntry.user_id == user_id)).all()
    return {
        "coins": sum(a for k, a in rows if k in rewards.COIN_KINDS),
        "xp": sum(a for k, a in rows if k in rewards.XP_KINDS),
    }


__all__ = [
    "record_game",
    "apply_rewards",
    "apply_pending_rewards",
    "process_game_end",
    "on_game_end",
    "recent_games",
    "weekly_leaderboard",
    "all_time_leaderboard",
    "daily_quest",
    "member_stats",
    "ledger_totals",
    "stored_record",
]
