"""Operators' report of member pairs who play rated games together again and again (issue 37,
abuse and fairness): one person's second account fed wins, or two friends trading them.

    python -m tilerooms.accounts.pair_report --min-games 10 [--database-url URL]

Plain text, one pair a line, most games together first: both members (nickname and id), the rated
games they shared, how often each placed ahead of the other, and the share of each one's rated
games the pair makes up. Read from the rating ledger, so only rated games count.
"""

from __future__ import annotations

import argparse
import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass

import sqlalchemy as sa
from sqlmodel import col, select

from tilerooms.db.engine import get_engine, make_engine, session
from tilerooms.db.models import RatingEntry, User


@dataclass(frozen=True)
class Pair:
    """Two members (lower id first) and what their shared rated games say."""

    first: int
    second: int
    games: int
    first_ahead: int
    second_ahead: int
    first_total: int
    second_total: int


def frequent_pairs(min_games: int, engine: sa.Engine | None = None) -> list[Pair]:
    """Pairs of members who shared at least `min_games` rated games, most first (then by ids)."""
    places: dict[str, dict[int, int]] = defaultdict(dict)
    with session(engine) as s:
        for game_id, user_id, place in s.exec(select(RatingEntry.game_id, RatingEntry.user_id, RatingEntry.place)).all():
            places[game_id][user_id] = place
    together: Counter[tuple[int, int]] = Counter()
    ahead: Counter[tuple[int, int]] = Counter()  # (winner, loser)
    totals: Counter[int] = Counter()
    for seats in places.values():
        totals.update(seats.keys())  # one game each (a dict would add its places)
        for x, y in itertools.combinations(sorted(seats), 2):
            together[(x, y)] += 1
            if seats[x] != seats[y]:
                ahead[(x, y) if seats[x] < seats[y] else (y, x)] += 1
    pairs = [Pair(x, y, n, ahead[(x, y)], ahead[(y, x)], totals[x], totals[y]) for (x, y), n in together.items() if n >= min_games]
    return sorted(pairs, key=lambda p: (-p.games, p.first, p.second))


def report(min_games: int, engine: sa.Engine | None = None) -> str:
    """The report's text (a line saying so when no pair reaches `min_games`)."""
    pairs = frequent_pairs(min_games, engine)
    if not pairs:
        return f"no member pair shares {min_games} or more rated games"
    ids = {p.first for p in pairs} | {p.second for p in pairs}
    with session(engine) as s:
        names = dict(s.exec(select(User.id, User.nickname).where(col(User.id).in_(ids))).all())
    lines = [f"member pairs with {min_games}+ rated games together ({len(pairs)}):"]
    for p in pairs:
        a, b = f"{names.get(p.first, '?')} (#{p.first})", f"{names.get(p.second, '?')} (#{p.second})"
        lines.append(
            f"{a} + {b}: {p.games} games together; ahead {p.first_ahead} / {p.second_ahead}; "
            f"{100 * p.games // max(1, p.first_total)}% / {100 * p.games // max(1, p.second_total)}% of their rated games"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """The command line: print the report."""
    parser = argparse.ArgumentParser(description="Member pairs who play rated games together repeatedly.")
    parser.add_argument("--min-games", type=int, default=10, help="list pairs with at least this many rated games together (default 10)")
    parser.add_argument("--database-url", default=None, help="the records database (default: DATABASE_URL / the site's)")
    args = parser.parse_args(argv)
    if args.min_games < 1:
        parser.error("--min-games must be 1 or more")
    engine = make_engine(args.database_url) if args.database_url else get_engine()
    print(report(args.min_games, engine))


if __name__ == "__main__":
    main()
