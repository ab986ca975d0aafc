"""The claim window (spec 5.3): who may answer a tile, kuikae, early resolution and priority.

Pure functions over the state. The window dict (``hand["claim"]``) holds, per seat, the legal
calls (``eligible``, server-only), whether the tile completes the seat's shape (``ron_capable``,
for furiten after a pass) and the responses so far.
"""

from __future__ import annotations

from typing import Any

from tilerooms.games.mahjong.state import is_sanma, n_players
from tilerooms.games.mahjong.wins import completes_kokushi, in_furiten, ron_value, waits_of

PRIORITY = {"ron": 3, "pon": 2, "kan": 2, "chi": 1, "pass": 0}  # spec 5.3: ron > pon = kan > chi
MAX_KANS = 4


def kuikae_kinds(call: str, called_kind: int, hand_kinds: list[int]) -> list[int]:
    """Kinds that may not be discarded right after a chi / pon (spec 5.2 구이가에).

    Pon: the called kind. Chi: the called kind, and when the called tile is an end of the run, the
    suji tile on the other side (34m + 2m bans 2m and 5m; 34m + 5m bans 5m and 2m).
    """
    banned = [called_kind]
    if call == "chi":
        low = min(hand_kinds + [called_kind])
        pos = called_kind % 9
        if called_kind == low and pos + 3 <= 8:
            banned.append(called_kind + 3)
        elif called_kind == low + 2 and pos - 3 >= 0:
            banned.append(called_kind - 3)
    return banned


def _has_discard_after(closed: list[int], used: list[int], banned: list[int]) -> bool:
    rest = list(closed)
    for t in used:
        rest.remove(t)
    return any((t >> 2) not in banned for t in rest)


def pon_choices(state: dict[str, Any], seat: int, tile: int) -> list[list[int]]:
    """Pairs of hand tiles that can pon `tile` (red / plain variants differ), kuikae-checked."""
    closed = state["hand"]["closed"][seat]
    kind = tile >> 2
    same = sorted(t for t in closed if t >> 2 == kind)
    out: list[list[int]] = []
    seen = set()
    for i in range(len(same)):
        for j in range(i + 1, len(same)):
            pair = [same[i], same[j]]
            sig = sum(1 for t in pair if t in (16, 52, 88))  # plain pair and red-five pair differ
            if sig in seen:
                continue
            if _has_discard_after(closed, pair, kuikae_kinds("pon", kind, [kind, kind])):
                seen.add(sig)
                out.append(pair)
    return out


def chi_choices(state: dict[str, Any], seat: int, tile: int) -> list[list[int]]:
    """Hand-tile pairs that chi `tile` into a run (spec 5.2), kuikae-checked; one per red/plain variant."""
    closed = state["hand"]["closed"][seat]
    kind = tile >> 2
    if kind >= 27:
        return []
    by_kind: dict[int, list[int]] = {}
    for t in closed:
        by_kind.setdefault(t >> 2, []).append(t)
    out: list[list[int]] = []
    pos = kind % 9
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if not (0 <= pos + a <= 8 and 0 <= pos + b <= 8):
            continue
        ka, kb = kind + a, kind + b
        variants = set()
        for ta in sorted(by_kind.get(ka, [])):
            for tb in sorted(by_kind.get(kb, [])):
                sig = (ka, kb, ta in (16, 52, 88), tb in (16, 52, 88))
                if sig in variants:
                    continue
                variants.add(sig)
                if _has_discard_after(closed, [ta, tb], kuikae_kinds("chi", kind, [ka, kb])):
                    out.append([ta, tb])
    return out


def compute_eligibility(state: dict[str, Any], window: dict[str, Any]) -> None:
    """Fill ``eligible`` and ``ron_capable`` of a new window (spec 5.3 step 1)."""
    h = state["hand"]
    n = n_players(state)
    tile, source, origin = window["tile"], window["source"], window["from"]
    kind = tile >> 2
    opts = state["options"]
    for seat in range(n):
        if seat == origin:
            continue
        calls: list[str] = []
        if source != "ankan" or opts["ankanChankanKokushi"]:
            # spec 5.2 / 5.3: only kokushi may ron an ankan's tile, so for any other hand it is no
            # winning tile at all, and letting it pass is no furiten (5.5)
            if kind in waits_of(h, seat) and (source != "ankan" or completes_kokushi(h, seat, kind)):
                window["ron_capable"][seat] = True
                if not in_furiten(h, seat) and ron_value(state, seat, tile, chankan=source in ("kakan", "ankan"), kokushi_only=source == "ankan") is not None:
                    calls.append("ron")
        # spec 5.2: the last discard (houtei) is ron only; riichi hands never call
        if source == "discard" and h["live"] and h["riichi"][seat] is None and not state["prefs"][seat]["noCalls"]:
            count = sum(1 for t in h["closed"][seat] if t >> 2 == kind)
            if count >= 2 and pon_choices(state, seat, tile):
                calls.append("pon")
            if count >= 3 and h["kan_count"] < MAX_KANS:
                calls.append("kan")
            if not is_sanma(state) and seat == (origin + 1) % n and chi_choices(state, seat, tile):
                calls.append("chi")  # spec 5.2: chi only from the player before (not in sanma)
        window["eligible"][seat] = calls


def ron_refusal(state: dict[str, Any], seat: int, tile: int) -> tuple[str, str]:
    """Why `seat` cannot ron `tile`, for a refused claim: (message id, Korean message)."""
    h = state["hand"]
    if (tile >> 2) not in waits_of(h, seat):
        return ("cannot_ron.wait", "화료할 수 없는 패입니다")
    if in_furiten(h, seat):
        return ("cannot_ron.furiten", "후리텐이라 론할 수 없습니다")
    return ("no_yaku", "역이 없어 화료할 수 없습니다")


def _best_priority(calls: list[str]) -> int:
    return max((PRIORITY[c] for c in calls), default=0)


def decision_ready(window: dict[str, Any]) -> bool:
    """Spec 5.3 step 4: can the window be settled now without waiting for anybody?

    With a ron declared, every ron-capable seat must have answered (double ron). Otherwise settle
    once no seat that has not answered could still make a claim of at least the best one so far.
    """
    eligible, responses = window["eligible"], window["responses"]
    pending = [s for s, calls in enumerate(eligible) if calls and responses[s] is None]
    declared = [PRIORITY[r["call"]] for r in responses if r is not None]
    best = max(declared, default=0)
    if best == PRIORITY["ron"]:
        return not any("ron" in eligible[s] for s in pending)
    return not any(_best_priority(eligible[s]) >= max(best, 1) for s in pending)


def winning_claim(window: dict[str, Any], players: int) -> tuple[list[int], tuple[int, dict[str, Any]] | None]:
    """``(ron seats, (seat, response) of the winning call or None)`` once the window settles."""
    origin = window["from"]
    order = [(origin + i) % players for i in range(1, players)]
    responses = window["responses"]
    rons = [s for s in order if responses[s] is not None and responses[s]["call"] == "ron"]
    if rons:
        return rons, None
    best: tuple[int, dict[str, Any]] | None = None
    for s in order:
        r = responses[s]
        if r is not None and r["call"] != "pass" and (best is None or PRIORITY[r["call"]] > PRIORITY[best[1]["call"]]):
            best = (s, r)
    return [], best


def check_claim_tiles(state: dict[str, Any], seat: int, call: str, tiles: list[int]) -> tuple[str, str] | None:
    """Why the hand tiles chosen for a pon / kan / chi do not fit (message id, Korean message), or None."""
    h = state["hand"]
    window = h["claim"]
    tile = window["tile"]
    closed = h["closed"][seat]
    if any(t not in closed for t in tiles):
        return ("bad_claim_tiles.missing", "손에 없는 패로 울 수 없습니다")
    if call == "pon":
        choices = pon_choices(state, seat, tile)
        if not tiles:
            return None
        ok = len(tiles) == 2 and all(t >> 2 == tile >> 2 for t in tiles)
        if ok and not _has_discard_after(closed, tiles, [tile >> 2]):
            return ("bad_claim_tiles.no_discard", "울고 나서 버릴 수 있는 패가 없습니다")
        return None if ok and choices else ("bad_claim_tiles.pon", "퐁할 수 있는 조합이 아닙니다")
    if call == "kan":
        if tiles and (len(tiles) != 3 or any(t >> 2 != tile >> 2 for t in tiles)):
            return ("bad_claim_tiles.kan", "깡할 수 있는 조합이 아닙니다")
        return None
    if call == "chi":
        if len(tiles) != 2:
            return ("bad_claim_tiles.chi_pick", "치에 쓸 패 2장을 골라 주세요")
        kinds = sorted([tiles[0] >> 2, tiles[1] >> 2, tile >> 2])
        if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            return ("bad_claim_tiles.chi", "치할 수 있는 조합이 아닙니다")
        if not _has_discard_after(closed, tiles, kuikae_kinds("chi", tile >> 2, [t >> 2 for t in tiles])):
            return ("bad_claim_tiles.no_discard", "울고 나서 버릴 수 있는 패가 없습니다")
        return None
    return None


def default_call_tiles(state: dict[str, Any], seat: int, call: str) -> list[int]:
    """The hand tiles used when a pon / kan claim names none (the first legal choice)."""
    h = state["hand"]
    tile = h["claim"]["tile"]
    if call == "pon":
        return pon_choices(state, seat, tile)[0]
    if call == "kan":
        return [t for t in h["closed"][seat] if t >> 2 == tile >> 2][:3]
    return chi_choices(state, seat, tile)[0]
