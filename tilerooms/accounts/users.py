"""Members: created on first OAuth sign-in, renamed, recoloured, deleted. No password is ever stored."""

from __future__ import annotations

import json
import secrets

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from tilerooms.accounts import game_records
from tilerooms.db.engine import session
from tilerooms.db.models import Game, GameParticipant, OAuthLink, QuestProgress, RewardEntry, User
from tilerooms.rooms.identity import MEMBER_PREFIX, Identity, clean_name

AVATAR_COLORS = ("teal", "tomato", "amber", "grass", "blue", "violet", "pink", "gray")
DELETED_NAME = "탈퇴한 회원"


def member_identity(user: User) -> Identity:
    """The room layer's identity of a member: id "u-<users.id>"."""
    return Identity(id=f"{MEMBER_PREFIX}{user.id}", name=clean_name(user.nickname, "회원"), kind="member")


def get_user(user_id: int, engine: sa.Engine | None = None) -> User | None:
    """The member with `user_id`, or None (deleted or never existed)."""
    with session(engine) as s:
        return s.get(User, user_id)


def find_or_create_member(provider: str, subject: str, nickname: object, engine: sa.Engine | None = None) -> User:
    """The member linked to the provider's `sub`; a new member (keeping `nickname`) on first sign-in."""
    provider, subject = str(provider)[:32], str(subject)[:255]
    if not subject:
        raise ValueError("empty subject")
    for _ in range(3):  # two first sign-ins racing: the unique (provider, subject) picks one
        with session(engine) as s:
            link = s.exec(select(OAuthLink).where(OAuthLink.provider == provider, OAuthLink.subject == subject)).first()
            if link is not None:
                user = s.get(User, link.user_id)
                if user is not None:
                    return user
            user = User(nickname=clean_name(nickname, "회원"), session_key=secrets.token_urlsafe(24))
            s.add(user)
            s.flush()
            s.add(OAuthLink(user_id=user.id, provider=provider, subject=subject))
            try:
                s.commit()
                return user
            except IntegrityError:
                s.rollback()
    raise RuntimeError("could not create the member")


def rename(user_id: int, nickname: object, engine: sa.Engine | None = None) -> str | None:
    """Change a member's nickname; returns the stored name (None when the member is gone)."""
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None:
            return None
        user.nickname = clean_name(nickname, user.nickname)
        s.add(user)
        s.commit()
        return user.nickname


def set_avatar_color(user_id: int, color: str, engine: sa.Engine | None = None) -> str | None:
    """Choose the avatar colour from the palette; returns it (None when the member is gone)."""
    if color not in AVATAR_COLORS:
        raise ValueError("unknown colour")
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None:
            return None
        user.avatar_color = color
        s.add(user)
        s.commit()
        return color


def delete_member(user_id: int, engine: sa.Engine | None = None) -> bool:
    """Delete the account: links, rewards and quests go; past games keep an anonymous seat."""
    player_id = f"{MEMBER_PREFIX}{user_id}"
    with session(engine) as s:
        user = s.get(User, user_id)
        if user is None:
            return False
        rows = s.exec(select(GameParticipant).where(GameParticipant.user_id == user_id)).all()
        for row in rows:  # the others' records stay readable, without this member's name
            row.user_id = None
            row.name = DELETED_NAME
            s.add(row)
            game = s.get(Game, row.game_id)
            if game is not None:
                result = json.loads(game.result_json)
                if isinstance(result.get("names"), dict) and player_id in result["names"]:
                    result["names"][player_id] = DELETED_NAME
                    game.result_json = json.dumps(result, ensure_ascii=False)
                    s.add(game)
        game_records.forget_member(s, user_id, player_id, DELETED_NAME)  # their replays stay, nameless
        for model in (RewardEntry, QuestProgress, OAuthLink):  # explicit: not every backend cascades
            s.execute(sa.delete(model).where(model.user_id == user_id))
        s.delete(user)
        s.commit()
        return True
