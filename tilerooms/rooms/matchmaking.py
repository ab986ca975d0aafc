"""Grouping people who wait for the same quick match (빠른 대전, issue 37): pure functions, no I/O.

People are grouped by rating once enough of them wait: an anchor (the one waiting longest) takes the
people nearest its rating whose rating gap fits every member's band, and a band widens with waiting
time, so a lone strong player still finds a game after a while. Someone who opted in to "AI로
채우기" and has waited their chosen time gets a game at once: with the other opted-in people of
that mode who fit (nearest ratings first), the empty seats for AIs. A person who did not opt in is
never put into a game with AIs (such a game is unrated).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field

BASE_BAND = 150.0  # rating points apart two people may be grouped at once
WIDEN_PER_S = 15.0  # the band grows this much a second of waiting
OPEN_AFTER_MS = 60_000  # after a minute anyone of the mode will do


@dataclass(frozen=True)
class Waiting:
    """One person in a mode's queue, as the grouping sees them."""

    person_id: str
    rating: float
    since: int  # epoch ms they joined
    fill_after_ms: int | None = None  # AI fill after this wait (None: people only)


@dataclass
class Group:
    """People to seat together; `ais` empty seats go to AIs (an opted-in group's)."""

    members: list[Waiting]
    ais: int = 0
    ai_level: str = field(default="easy")


def band(waited_ms: int) -> float:
    """How far apart in rating a person who waited `waited_ms` accepts (spec of the issue: "widen
    the band with waiting time"); unbounded once they waited `OPEN_AFTER_MS`."""
    if waited_ms >= OPEN_AFTER_MS:
        return float("inf")
    return BASE_BAND + WIDEN_PER_S * max(0, waited_ms) / 1000


def group(waiting: list[Waiting], size: int, now: int) -> tuple[list[Group], list[Waiting]]:
    """Groups of `size` people whose ratings fit every member's band, then groups for those whose
    AI fill is due; returns (groups, the people left waiting). Oldest anchors first, so a long
    wait is served before a fresh one."""
    by_rating = sorted(waiting, key=lambda w: (w.rating, w.since, w.person_id))
    ratings = [w.rating for w in by_rating]
    taken: set[str] = set()
    groups: list[Group] = []
    if len(waiting) >= size:
        for anchor in sorted(waiting, key=lambda w: (w.since, w.person_id)):
            if anchor.person_id in taken:
                continue
            members = _nearest(anchor, by_rating, ratings, taken, size, now, lambda w: True)
            if len(members) == size:
                groups.append(Group(members))
                taken.update(m.person_id for m in members)
    for anchor in sorted(waiting, key=lambda w: (w.since, w.person_id)):
        if anchor.person_id in taken or anchor.fill_after_ms is None or now - anchor.since < anchor.fill_after_ms:
            continue
        # the fill is due: the other opted-in people who fit sit with them, AIs take the rest
        members = _nearest(anchor, by_rating, ratings, taken, size, now, lambda w: w.fill_after_ms is not None)
        groups.append(Group(members, ais=size - len(members)))
        taken.update(m.person_id for m in members)
    return groups, [w for w in waiting if w.person_id not in taken]


def _nearest(
    anchor: Waiting, by_rating: list[Waiting], ratings: list[float], taken: set[str], size: int, now: int, allowed: Callable[[Waiting], bool]
) -> list[Waiting]:
    """The anchor and up to `size - 1` untaken people nearest its rating such that the group's
    spread fits the band of every member (walking outwards from the anchor's place)."""
    members = [anchor]
    low = high = anchor.rating
    tightest = band(now - anchor.since)
    centre = bisect.bisect_left(ratings, anchor.rating)
    left, right = centre - 1, centre
    while len(members) < size and (left >= 0 or right < len(by_rating)):
        # the nearer side first
        if right < len(by_rating) and (left < 0 or by_rating[right].rating - anchor.rating <= anchor.rating - by_rating[left].rating):
            candidate, right = by_rating[right], right + 1
        else:
            candidate, left = by_rating[left], left - 1
        if candidate.person_id == anchor.person_id or candidate.person_id in taken or not allowed(candidate):
            continue
        if abs(candidate.rating - anchor.rating) > tightest:
            if candidate.rating > anchor.rating:
                right = len(by_rating)  # everyone further that way is further still
            else:
                left = -1
            continue
        spread = max(high, candidate.rating) - min(low, candidate.rating)
        limit = min(tightest, band(now - candidate.since))
        if spread > limit:
            continue
        members.append(candidate)
        low, high, tightest = min(low, candidate.rating), max(high, candidate.rating), limit
    return members
