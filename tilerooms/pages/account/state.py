"""Account pages' state: sign-in links, profile, my records, leaderboards, the daily quest.

The acting member always comes from `IdentityState._current_user()` (the signed session cookie of
this tab's connection), never from anything the browser sends.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import reflex as rx

from tilerooms.accounts import game_records, oauth, ratings, records, rewards, settings, users
from tilerooms.games import GAMES
from tilerooms.pages.account.rating_chart import rating_line
from tilerooms.reflex_ext.page_reset import entered
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.rooms.identity import Identity
from tilerooms.shell.identity import IdentityState

COLOR_NAMES = {
    "teal": "청록",
    "tomato": "토마토",
    "amber": "호박",
    "grass": "풀빛",
    "blue": "파랑",
    "violet": "보라",
    "pink": "분홍",
    "gray": "회색",
}


def stored_games(user_id: int) -> list[dict[str, str]]:
    """The member's stored games (`game_records.games_of`, newest first) as /me/records rows."""
    return replay_rows(game_records.games_of(user_id))


def guest_games(browser_key: str) -> list[dict[str, str]]:
    """The stored games this browser's guest played (`game_records.guest_games_of`) as /me/records rows."""
    return replay_rows(game_records.guest_games_of(browser_key))


def replay_rows(games: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Stored games as /me/records rows: when (KST, as the records table), the game, who played and
    the replay's link."""
    return [
        {
            "record_id": g["record_id"],
            "href": f"/game/{g['record_id']}",
            "game": g["game"],
            "game_ko": GAMES[g["game"]].name_ko if g["game"] in GAMES else g["game"],
            "when": g["ended_at"].astimezone(rewards.KST).strftime("%m/%d %H:%M"),
            "players": " · ".join(g["players"]),
        }
        for g in games
    ]


RATING_KEYS = [key for key, _, _ in ratings.rating_keys()]


def rating_cards(user_id: int) -> list[dict[str, str]]:
    """The /me rating cards: each rating key the member has rated games of, with the rank in both
    languages, the shown rating, the games and the history chart's line."""
    cards = []
    for r in ratings.my_ratings(user_id):
        line, low, high = rating_line([points for _, points in r["history"]])
        rank = r["rank"]
        cards.append(
            {
                "key": r["key"],
                "name_ko": r["name_ko"],
                "name_en": r["name_en"],
                "rank_ko": rank.label("ko"),
                "rank_en": rank.label("en"),
                "points": str(rank.points),
                "games": str(r["games"]),
                "line": line,
                "low": str(low),
                "high": str(high),
            }
        )
    return cards


def rating_boards() -> dict[str, list[dict[str, str]]]:
    """The /rankings rating boards, one per rating key (`ratings.rating_keys`)."""
    boards = {}
    for key, _, _ in ratings.rating_keys():
        boards[key] = [
            {
                "rank": str(row["place"]),
                "nickname": row["nickname"],
                "color": row["color"],
                "points": str(row["points"]),
                "rank_ko": row["rank"].label("ko"),
                "rank_en": row["rank"].label("en"),
            }
            for row in ratings.leaderboard(key)
        ]
    return boards


def post_script(url: str) -> str:
    """A script that sends the browser to `url` by a form POST (no fields), as a submit button would."""
    return (
        f"(() => {{ const f = document.createElement('form'); f.method = 'post'; f.action = {json.dumps(url)}; document.body.appendChild(f); f.submit(); }})()"
    )


def _user_id(who: Identity) -> int | None:
    return int(who.id[2:]) if who.is_member else None


class AccountState(rx.State):
    """What the account pages show to this browser's own user."""

    providers: list[dict[str, str]] = []
    logout_href: str = ""
    signin_href: str = "/signin"
    is_member: bool = False
    nickname: str = ""
    avatar_color: str = "teal"
    games: int = 0
    wins: int = 0
    coins: int = 0
    xp: int = 0
    level: int = 1
    quest_progress: int = 0
    quest_target: int = 5
    quest_done: bool = False
    records: list[dict[str, str]] = []
    replays: list[dict[str, str]] = []  # the member's stored games, each with its replay's link (issue 21: 2)
    weekly: list[dict[str, Any]] = []
    all_time: list[dict[str, Any]] = []
    ratings: list[dict[str, str]] = []  # /me: a card per rating key played (`rating_cards`)
    # /rankings: rating key -> its board; every key present from the start (the page reads each one)
    rating_boards: dict[str, list[dict[str, str]]] = {key: [] for key in RATING_KEYS}
    notice: str = ""  # the notice line: a message id of the account catalog (`acct.notice.*`)

    async def _who(self) -> Identity:
        identity = await self.get_state(IdentityState)
        who = identity._current_user()
        self.is_member = who.is_member
        self.nickname = who.name
        self.avatar_color = identity.avatar_color
        self.logout_href = oauth.logout_url("/")
        return who

    @browser_event
    async def load_signin(self) -> None:
        """The sign-in page: one link per configured provider, carrying the guest's nickname."""
        with entered(self):  # what the page showed before goes (a notice: `page_reset`)
            who = await self._who()
            next_path = oauth.safe_next(self.router.url.query_parameters.get("next") or "/me")
            self.providers = [{"name": p.name, "label": p.label, "href": oauth.login_url(p.name, who.name, next_path)} for p in settings.providers().values()]

    @browser_event
    async def load_profile(self) -> None:
        """Profile page: nickname, colour, stats and today's quest."""
        with entered(self):  # what the page showed before goes (a notice: `page_reset`)
            who = await self._who()
            user_id = _user_id(who)
            if user_id is None:
                return
            stats, quest, cards = await asyncio.gather(
                asyncio.to_thread(records.member_stats, user_id), asyncio.to_thread(records.daily_quest, user_id), asyncio.to_thread(rating_cards, user_id)
            )
            self.ratings = cards
            self.games, self.wins = stats.get("games", 0), stats.get("wins", 0)
            self.coins, self.xp, self.level = stats.get("coins", 0), stats.get("xp", 0), stats.get("level", 1)
            self.quest_progress, self.quest_target, self.quest_done = quest["progress"], quest["target"], quest["done"]

    @browser_event
    async def load_records(self) -> None:
        """My records: recent games with every player's result, and the stored games to replay."""
        with entered(self):  # what the page showed before goes (a notice: `page_reset`)
            who = await self._who()
            user_id = _user_id(who)
            if user_id is not None:
                self.records = await asyncio.to_thread(records.recent_games, user_id)
                self.replays = await asyncio.to_thread(stored_games, user_id)
            else:  # a guest: the games this browser's key played (issue 34: 12)
                key = (await self.get_state(IdentityState)).guest_key
                self.replays = await asyncio.to_thread(guest_games, key)

    @browser_event
    async def load_rankings(self) -> None:
        """Weekly and all-time boards of sole wins (members only; AI, guest-only and aborted games never
        count) and a skill-rating board per rating key."""
        with entered(self):  # what the page showed before goes (a notice: `page_reset`)
            await self._who()
            weekly, all_time, boards = await asyncio.gather(
                asyncio.to_thread(records.weekly_leaderboard), asyncio.to_thread(records.all_time_leaderboard), asyncio.to_thread(rating_boards)
            )
            self.rating_boards = boards
            self.weekly = [{**row, "wins": str(row["wins"]), "rank": str(row["rank"])} for row in weekly]
            self.all_time = [{**row, "wins": str(row["wins"]), "rank": str(row["rank"])} for row in all_time]

    @browser_event
    async def save_nickname(self, form: dict[str, str]) -> None:
        """Rename the member (the guest nickname of this browser follows)."""
        identity = await self.get_state(IdentityState)
        who = identity._current_user()
        user_id = _user_id(who)
        if user_id is None:
            return
        stored = await asyncio.to_thread(users.rename, user_id, form.get("nickname", ""))
        identity._forget_member()
        if stored:
            identity.nickname = stored
            self.nickname = stored
            self.notice = "acct.notice.renamed"

    @browser_event
    async def choose_color(self, color: str) -> None:
        """Pick the avatar colour."""
        identity = await self.get_state(IdentityState)
        user_id = _user_id(identity._current_user())
        if user_id is None or color not in users.AVATAR_COLORS:
            return
        await asyncio.to_thread(users.set_avatar_color, user_id, color)
        identity._forget_member()
        identity.avatar_color = color
        self.avatar_color = color

    @browser_event
    async def delete_account(self, form: dict[str, str]):
        """Delete the member (typing the nickname confirms it), then sign out."""
        identity = await self.get_state(IdentityState)
        who = identity._current_user()
        user_id = _user_id(who)
        if user_id is None:
            return None
        if form.get("confirm", "").strip() != who.name:
            self.notice = "acct.notice.confirm_delete"
            return None
        await asyncio.to_thread(users.delete_member, user_id)
        identity._forget_member()
        self.is_member = False
        # a full navigation (the backend's /auth/logout clears the HttpOnly cookie), even in single-port
        # mode; a POST from this page, as the sign-out button's form (issue 35: 5)
        return rx.call_script(post_script(oauth.logout_url("/")))
