"""Scores, ranking and the result summary (spec §6, §8.6). Player ids stand in for names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tilerooms.core.json_copy import json_copy
from tilerooms.games.rummikub.state import participants
from tilerooms.games.rummikub.tiles import rack_value


def score_rack_empty(winner: str, racks: Mapping[str, Sequence[str]], players: Sequence[str], joker_penalty: int) -> dict[str, int]:
    """spec §6: the others lose their rack sums (joker = `joker_penalty`); the winner gains the total."""
    scores = {p: -rack_value(list(racks[p]), joker_penalty) for p in players if p != winner}
    scores[winner] = -sum(scores.values())
    return {p: scores[p] for p in players}


def score_lowest_rack(racks: Mapping[str, Sequence[str]], players: Sequence[str], joker_penalty: int) -> tuple[list[str], dict[str, int]]:
    """spec §6 (stalemate, and the service's whole-game clock): the lowest rack sum wins.

    Ties go to fewer tiles; still tied, the winners share the others' losses, each taking the
    floor of total / winners (so the sum may not be 0). Returns (winners, scores).
    """
    values = {p: rack_value(list(racks[p]), joker_penalty) for p in players}
    best = min((values[p], len(racks[p])) for p in players)
    winners = [p for p in players if (values[p], len(racks[p])) == best]
    low = best[0]
    scores = {p: -(values[p] - low) for p in players if p not in winners}
    share = -sum(scores.values()) // len(winners)
    for p in winners:
        scores[p] = share
    return winners, {p: scores[p] for p in players}


def ranking(
    players: Sequence[str],
    winners: Sequence[str],
    scores: Mapping[str, int],
    racks: Mapping[str, Sequence[str]],
    joker_penalty: int,
) -> list[dict[str, Any]]:
    """spec §6 순위: winners first, then by score (higher first); equal keys share a rank (1, 2, 2, 4)."""

    def key(p: str) -> tuple[int, int]:
        return (0 if p in winners else 1, -scores.get(p, 0))

    order = sorted(players, key=lambda p: (key(p), players.index(p)))
    rows: list[dict[str, Any]] = []
    for i, p in enumerate(order):
        rank = rows[-1]["rank"] if rows and key(order[i - 1]) == key(p) else i + 1
        rows.append(
            {
                "player": p,
                "rank": rank,
                "score": scores.get(p, 0),
                "rackValue": rack_value(list(racks.get(p, [])), joker_penalty),
                "tilesLeft": len(racks.get(p, [])),
            }
        )
    return rows


def summary(end_reason: str | None, winners: Sequence[str], scores: Mapping[str, int]) -> str:
    """One Korean line for the result screen, in generic wording (no trademark, spec §12)."""
    names = ", ".join(f"{w} 님" for w in winners)
    gain = f"(+{scores[winners[0]]}점)" if winners else ""
    if end_reason == "rackEmpty" and winners:
        return f"{names}이 타일을 모두 내려놓았어요! {gain}"
    if end_reason == "stalemate" and winners:
        return f"더 낼 수 있는 사람이 없어요. 남은 숫자 합이 가장 적은 {names} 승리! {gain}"
    if end_reason == "timeUp" and winners:
        return f"전체 시간이 끝났어요. 남은 숫자 합이 가장 적은 {names} 승리! {gain}"
    if end_reason == "aborted":
        return "참가자가 한 명만 남아 판이 끝났어요."
    return "판이 끝났어요."


def match_winners(wins: Mapping[str, int], totals: Mapping[str, int], players: Sequence[str]) -> list[str]:
    """spec §6 여러 판: most game wins; a tie goes to the higher total; still tied, joint winners."""
    if not players:
        return []
    best = max((wins.get(p, 0), totals.get(p, 0)) for p in players)
    return [p for p in players if (wins.get(p, 0), totals.get(p, 0)) == best]


def game_result(state: dict[str, Any]) -> dict[str, Any] | None:
    """spec §8.6 GameResult of a finished game (None while playing): ranking, winners, scores,
    the match record and a summary line."""
    if state["phase"] != "finished":
        return None
    scores = state["game_scores"]
    winners = state["winner_ids"]
    # the players of the scored game (someone may have left afterwards)
    players = [p for p in state["seats"] if p in scores] if scores else participants(state)
    return {
        "ranking": ranking(players, winners, scores, state["racks"], state["options"]["jokerPenalty"]),
        "winner": list(winners),
        "endReason": state["end_reason"],
        "scores": dict(scores),
        "match": json_copy(state["match"]),
        "summary": summary(state["end_reason"], winners, scores),
    }
