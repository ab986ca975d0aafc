"""Mahjong AI players (쉬움 / 보통 / 어려움), deciding from their own seat's view only.

`decide(view, level, rng)` is the contract the room layer calls (tilerooms/rooms/bots.py) whenever
the AI is in `engine.active_players`: it returns the actions this seat sends now, each one taken
from the legal moves its view lists (discards and riichi discards, tsumo, kans, kita, kyuushu,
claim choices), so the engine never has to reject one. It never sees the engine state.

Levels:
- easy: discards that lower shanten, with some randomness; calls rarely (a yakuhai pon now and
  then); declares riichi whenever it can; never folds.
- normal: the discard with the most ukeire (unseen tiles that lower shanten); pons yakuhai and
  calls when the hand has an obvious yaku (tanyao, honitsu, yakuhai); riichi with a decent wait;
  avoids yaku-less open tenpai.
- hard: efficiency weighed by value (dora, red fives, yakuhai, the real value of each wait via
  `hand.evaluate_win`), one step from tenpai a two-step look-ahead (the waits each draw leads
  to: `ai_eval.tenpai_quality`), avoids furiten and yaku-less waits; calls by expected value
  (`ai_calls`: the hand's value x its chance to win over `ai_race`'s race, with the call against
  without it, besides yakuhai pons); riichi or dama by expected value when every wait has a yaku
  (`ai_riichi`; otherwise normal's rule), and defends:
  against a riichi (or a loud open hand) it reads genbutsu, suji and kabe (`ai_defence`) and folds
  or pushes by comparing its hand's speed and value with the danger.
Every level takes a legal tsumo or ron.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tilerooms.games.mahjong.ai_calls import NO_PATH, after_call, call_worth, current_worth
from tilerooms.games.mahjong.ai_defence import discard_danger, threat_level
from tilerooms.games.mahjong.ai_eval import (
    WaitValue,
    han_estimate,
    improving_kinds,
    points_for_han,
    shanten,
    tenpai_quality,
    wait_values,
    waits,
    yaku_distance,
)
from tilerooms.games.mahjong.ai_riichi import prefers_riichi
from tilerooms.games.mahjong.ai_table import Table, counts_of_ids, read_table, tile_id
from tilerooms.games.mahjong.tiles import NORTH, RED_FIVE_IDS, TERMINAL_HONOR_KINDS

LEVELS = ("easy", "normal", "hard")
Action = dict[str, Any]

FOLD_THREAT = 0.6  # a riichi, or a seat with three open melds, makes hard think about folding
TWO_STEP_SCALE = 6.0  # a typical tenpai's winning tiles: puts `tenpai_quality` on ukeire's scale


def decide(view: dict[str, Any], level: str, rng: random.Random) -> list[Action]:
    """The actions the viewing seat sends now, decided from `view` (its own `engine.view`) alone.

    `level` is "easy", "normal" or "hard" (anything else plays "normal"); `rng` breaks ties and
    drives easy's randomness. Returns [] when the seat has nothing to do (e.g. its own discard's
    claim window, or the game is over); every returned action is one the view lists as legal.
    """
    if level not in LEVELS:
        level = "normal"
    seat = view.get("seat")
    phase = view.get("phase")
    if seat is None or phase == "finished":
        return []
    if phase == "handResult":
        return [] if view.get("viewer") in view.get("ready", []) else [{"type": "ready"}]
    me = view.get("me")
    if phase != "playing" or me is None:
        return []
    if view.get("stage") == "claim":
        window = view.get("claim")
        if window is None or window.get("from") == view.get("viewer"):
            return []  # our own tile: only the window's time-out is left to happen
        mine = me.get("claim")
        if mine is not None and mine.get("answered") is not None:
            return []
        if mine and mine.get("calls"):
            return [answer_claim(view, level, rng)]
        return [{"type": "pass"}]  # active_players lists every unanswered seat, able or not
    if me.get("legal") is not None:
        return [turn_action(view, level, rng)]
    return []


# --- the discard ---------------------------------------------------------------------------------


@dataclass
class Candidate:
    """One distinct discard kind and what the hand looks like after it."""

    token: str
    kind: int
    shanten: int  # effective: open hands add their yaku distance, dead tenpai counts as 1-shanten
    ukeire: float  # tiles that advance the hand (tenpai: winning tiles weighed by yaku / furiten)
    raw_shanten: int = 0
    waits: list[WaitValue] = field(default_factory=list)
    value: float = 0.0  # estimated points of the hand after this discard
    two_step: float | None = None  # hard, 1-shanten: `tenpai_quality` (draws x the waits they reach)
    danger: float = 0.0
    tiebreak: float = 0.0
    score: float = 0.0


def _token_for_kind(tokens: list[str], kind: int, drawn: int | None) -> str:
    """A legal token of `kind`: a plain copy before a red five (keep the dora), the drawn tile first."""
    same = [t for t in tokens if tile_id(t) >> 2 == kind]
    same.sort(key=lambda t: (tile_id(t) in RED_FIVE_IDS, tile_id(t) != drawn, tile_id(t)))
    return same[0]


def _isolation(kind: int, counts: list[int], table: Table) -> float:
    """How useless a tile looks (higher = discard first): lone honors, terminals, no neighbours."""
    if kind >= 27:
        score = 3.0 if counts[kind] == 1 else 0.0
        if kind in table.yakuhai_kinds():
            score -= 1.0
        return score + 0.3 * (table.visible[kind] - counts[kind])  # dead honors go first
    rank = kind % 9
    near = sum(counts[kind + d] for d in (-2, -1, 1, 2) if 0 <= rank + d <= 8)
    edge = 1.0 if rank in (0, 8) else (0.5 if rank in (1, 7) else 0.0)
    return edge - near - (counts[kind] - 1) * 1.5


def _can_riichi_later(view: dict[str, Any], table: Table) -> bool:
    """Whether a closed tenpai could still declare riichi (points, wall)."""
    if table.is_open:
        return False
    me_points = table.points[table.seat]
    return table.riichi or (me_points >= 1000 and table.live_count >= (3 if table.sanma else 4))


def _candidates(view: dict[str, Any], table: Table, level: str) -> list[Candidate]:
    legal = view["me"]["legal"]
    tokens = legal["discard"]
    counts = counts_of_ids(table.closed)
    kinds = sorted({tile_id(t) >> 2 for t in tokens})
    riichi_ok = bool(legal.get("riichi")) or _can_riichi_later(view, table)
    out = []
    # first the shanten of every discard (cheap), then ukeire only for the ones that could be best
    firsts = []
    for kind in kinds:
        tiebreak = _isolation(kind, counts, table)
        counts[kind] -= 1
        s = shanten(counts, table.n_melds)
        dist = yaku_distance(table, counts) if table.is_open and level != "easy" else 0
        counts[kind] += 1
        firsts.append((kind, s, dist, tiebreak))
    floor = min(s + d for _, s, d, _ in firsts)
    for kind, s, dist, tiebreak in firsts:
        token = _token_for_kind(tokens, kind, table.drawn)
        cand = Candidate(token, kind, s + dist, 0.0, raw_shanten=s, tiebreak=tiebreak)
        out.append(cand)
        if level == "easy" or s + dist > floor + 1:
            continue  # easy looks at shanten only; clearly slower discards need no ukeire
        counts[kind] -= 1
        _, kinds_up = improving_kinds(counts, table.n_melds, table.unseen)
        cand.ukeire = sum(table.unseen[k] for k in kinds_up)
        if s == 0 and not waits(table, counts):
            cand.shanten = 1 + dist  # spec 5.5: waiting only on a tile we hold four of is no wait
        elif s == 0:
            rest = list(table.closed)
            rest.remove(tile_id(token))
            cand.waits = wait_values(table, rest, riichi=riichi_ok, discarding=kind)
            uk = 0.0
            for w in cand.waits:
                weight = 1.0
                if w.points == 0:
                    weight = 0.0 if table.is_open else 0.4  # open: no yaku at all; closed: tsumo only
                if w.furiten and level == "hard":
                    weight *= 0.3  # furiten: only tsumo wins
                uk += w.unseen * weight
            cand.ukeire = uk
            with_yaku = [w for w in cand.waits if w.points > 0]
            cand.value = sum(w.points * w.unseen for w in with_yaku) / max(1, sum(w.unseen for w in with_yaku)) if with_yaku else 0.0
            cand.shanten = 0 if uk > 0 else 1 + dist  # a dead or yaku-less tenpai is no tenpai
        if level == "hard" and not cand.value:
            rest_ids = list(table.closed)
            rest_ids.remove(tile_id(token))
            cand.value = points_for_han(han_estimate(table, counts, rest_ids), table.dealer)
        if level == "hard" and floor == 1 and s == 1 and cand.shanten == 1:
            # one step from tenpai: rank by the waits each draw leads to, not just the draws
            cand.two_step = tenpai_quality(counts, table.n_melds, table.unseen, kinds_up)
        counts[kind] += 1
    return out


def _efficiency_score(c: Candidate, level: str) -> float:
    """Higher is better: shanten first, then ukeire (hard: weighed by the hand's value)."""
    if level == "hard":
        if c.raw_shanten == 0 and c.shanten == 0:
            # tenpai: winning tiles weighed by what each one pays (sqrt: a cheap many-sided wait
            # still beats a single expensive tile)
            weighted: float = sum(w.unseen * ((w.points or 500) / 2000) ** 0.5 for w in c.waits)
            ratio = c.ukeire / max(1, sum(w.unseen for w in c.waits))
            return -1000 * c.shanten + weighted * ratio * 2 + 0.01 * c.tiebreak
        mult = 1 + 0.12 * min(8.0, c.value / 1000)
        speed = c.ukeire if c.two_step is None else c.two_step / TWO_STEP_SCALE
        return -1000 * c.shanten + speed * mult + 0.01 * c.tiebreak
    return -1000 * c.shanten + c.ukeire + 0.01 * c.tiebreak


def _hard_should_push(table: Table, best: Candidate, threat: float) -> bool:
    """Push against a threat when the hand is fast and worth it (tenpai with enough winning tiles
    × value, or a big 1-shanten early); otherwise fold."""
    riichi_threat = any(o.riichi for o in table.opponents)
    if best.shanten == 0:
        if not riichi_threat:
            return True
        return best.ukeire * max(best.value, 1000) >= 7000 * max(1.0, threat)
    if best.shanten == 1:
        early = table.live_count >= (30 if table.sanma else 24)
        if not riichi_threat:
            return best.value >= 3900 or best.ukeire >= 16
        return early and best.value >= 7700 and best.ukeire >= 8
    return False


def choose_discard(view: dict[str, Any], table: Table, level: str, rng: random.Random) -> tuple[str, bool]:
    """The discard token and whether to declare riichi with it."""
    legal = view["me"]["legal"]
    tokens = legal["discard"]
    if len(tokens) == 1:
        return tokens[0], False  # after riichi: tsumogiri
    cands = _candidates(view, table, level)
    riichi_kinds = {tile_id(t) >> 2 for t in legal.get("riichi", [])}
    if level == "easy":
        return _easy_discard(cands, riichi_kinds, rng)
    for c in cands:
        c.score = _efficiency_score(c, level) + rng.random() * 1e-4
    pushing = True
    if level == "hard":
        threat = threat_level(table)
        for c in cands:
            c.danger = discard_danger(c.kind, table) if threat > 0 else 0.0
        best = max(cands, key=lambda c: c.score)
        pushing = threat < FOLD_THREAT or _hard_should_push(table, best, threat)
        for c in cands:
            if pushing:
                c.score -= c.danger * (150 if threat >= FOLD_THREAT else 40)
            else:
                # fold: the safest tile; efficiency only breaks ties between equally safe ones
                c.score = -c.danger * 1e5 + _efficiency_score(c, level) * 1e-3
    choice = max(cands, key=lambda c: c.score)
    if level == "hard":
        riichi = pushing and choice.kind in riichi_kinds and _hard_wants_riichi(table, choice, threat)
    else:
        riichi = pushing and choice.kind in riichi_kinds and _wants_riichi(table, choice)
    if riichi:
        riichi_tokens = legal["riichi"]
        if choice.token in riichi_tokens:
            return choice.token, True
        return next(t for t in riichi_tokens if tile_id(t) >> 2 == choice.kind), True
    return choice.token, False


def _easy_discard(cands: list[Candidate], riichi_kinds: set[int], rng: random.Random) -> tuple[str, bool]:
    """Easy: a random shanten-lowering discard; now and then a worse one; riichi when it can."""
    best = min(c.shanten for c in cands)
    pool = [c for c in cands if c.shanten == best]
    if rng.random() < 0.2:
        pool = [c for c in cands if c.shanten <= best + 1]
    # prefer lone honors / terminals a little, like a beginner cleaning up the hand
    weights = [1.0 + max(0.0, c.tiebreak) for c in pool]
    choice = rng.choices(pool, weights=weights)[0]
    riichi = choice.kind in riichi_kinds and rng.random() < 0.9
    return choice.token, riichi


def _wants_riichi(table: Table, c: Candidate) -> bool:
    """Riichi with a decent wait (three or more unseen winning tiles), or when riichi is the only yaku.

    Hard once kept big yaku-ful hands dama and skipped furiten riichi; paired seeded hands showed the
    riichi (ura-dora, ippatsu, a tsumo-only furiten wait that still wins) was worth more, so both
    levels share this rule."""
    total = sum(w.unseen for w in c.waits)
    if total == 0:
        return False
    dama = _dama_values(table, c)
    return total >= 3 or not any(v > 0 for v in dama)


def _hard_wants_riichi(table: Table, c: Candidate, threat: float) -> bool:
    """Hard: when every wait has a yaku without riichi, riichi only if its expected value beats
    dama's (`ai_riichi`); otherwise the shared rule (a yaku-less wait needs the riichi)."""
    if not c.waits or sum(w.unseen for w in c.waits) == 0:
        return False
    dama = _dama_values(table, c)
    if not all(v > 0 for v in dama):
        return _wants_riichi(table, c)
    return prefers_riichi(table, c.waits, dama, threat)


def _dama_values(table: Table, c: Candidate) -> list[int]:
    rest = list(table.closed)
    rest.remove(tile_id(c.token))
    return [w.points for w in wait_values(table, rest, riichi=False, discarding=c.kind)]


# --- the own turn -------------------------------------------------------------------------------


def turn_action(view: dict[str, Any], level: str, rng: random.Random) -> Action:
    """The one action for the seat's own turn: tsumo, kyuushu, kita, a kan, or a discard."""
    legal = view["me"]["legal"]
    if legal.get("tsumo"):
        return {"type": "tsumo"}  # every level takes a legal win
    table = read_table(view)
    if legal.get("kyuushu") and _wants_kyuushu(table, level, rng):
        return {"type": "kyuushu"}
    if legal.get("kita") and _wants_kita(table, level):
        return {"type": "kita"}
    kan = _kan_choice(view, table, level, rng)
    if kan is not None:
        return kan
    token, riichi = choose_discard(view, table, level, rng)
    action: Action = {"type": "discard", "tile": token}
    if riichi:
        action["riichi"] = True
    return action


def _best_discard_shanten(table: Table) -> int:
    counts = counts_of_ids(table.closed)
    best = 99
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            best = min(best, shanten(counts, table.n_melds))
            counts[k] += 1
    return best


def _wants_kyuushu(table: Table, level: str, rng: random.Random) -> bool:
    """Nine kinds of terminals / honors: easy flips a coin, the others go for kokushi from 11 kinds."""
    kinds = len({t >> 2 for t in table.closed} & TERMINAL_HONOR_KINDS)
    if level == "easy":
        return rng.random() < 0.5
    return kinds < (11 if level == "hard" else 12)


def _wants_kita(table: Table, level: str) -> bool:
    """Sanma kita (a dora and a new tile) unless the north is needed in the hand (a pair or set)."""
    if level == "easy" or table.riichi:
        return True
    counts = counts_of_ids(table.closed)
    counts[NORTH] -= 1
    return shanten(counts, table.n_melds) <= _best_discard_shanten(table)


def _kan_choice(view: dict[str, Any], table: Table, level: str, rng: random.Random) -> Action | None:
    """Ankan / kakan when the hand does not get slower (hard: not into somebody's riichi)."""
    legal = view["me"]["legal"]
    ankan, kakan = legal.get("ankan") or [], legal.get("kakan") or []
    if not ankan and not kakan:
        return None
    if table.riichi and ankan:
        return {"type": "ankan", "kind": ankan[0]}  # the engine only offers reading-safe kans
    if level == "easy":
        if ankan and rng.random() < 0.5:
            return {"type": "ankan", "kind": ankan[0]}
        if kakan and rng.random() < 0.5:
            return {"type": "kakan", "tile": kakan[0]}
        return None
    best = _best_discard_shanten(table)
    counts = counts_of_ids(table.closed)
    if level == "hard" and threat_level(table) >= FOLD_THREAT and best > 0:
        return None  # a kan hands a riichi player a new dora (and kakan risks chankan)
    for kind in ankan:
        counts[kind] -= 4
        after = shanten(counts, table.n_melds + 1)
        counts[kind] += 4
        if after <= best:
            return {"type": "ankan", "kind": kind}
    for token in kakan:
        kind = tile_id(token) >> 2
        counts[kind] -= 1
        after = shanten(counts, table.n_melds)
        counts[kind] += 1
        if after <= best:
            return {"type": "kakan", "tile": token}
    return None


# --- the claim window ---------------------------------------------------------------------------


def answer_claim(view: dict[str, Any], level: str, rng: random.Random) -> Action:
    """Ron when offered; else the level's best pon / chi / kan, or pass."""
    mine = view["me"]["claim"]
    calls = mine["calls"]
    if "ron" in calls:
        return {"type": "claim", "call": "ron"}
    table = read_table(view)
    kind = tile_id(view["claim"]["tile"]) >> 2
    yakuhai = kind in table.yakuhai_kinds()
    if level == "easy":
        if "pon" in calls and yakuhai and rng.random() < 0.35:
            return {"type": "claim", "call": "pon", "tiles": mine["pon"][0]}
        return {"type": "pass"}
    counts = counts_of_ids(table.closed)
    now_s = shanten(counts, table.n_melds)
    now_dist = yaku_distance(table, counts) if table.is_open else 0
    now_eff = now_s + now_dist
    threat = threat_level(table) if level == "hard" else 0.0
    options: list[tuple[str, list[str]]] = [("pon", c) for c in mine.get("pon", [])]
    options += [("chi", c) for c in mine.get("chi", [])]
    if level == "hard":
        return _hard_claim(view, table, kind, options, now_s, now_eff, threat)
    best: tuple[float, Action] | None = None
    for call, tokens in options:
        used = [tile_id(t) for t in tokens]
        after = after_call(table, used, call, kind)
        s_eff, uk, dist = after.shanten, after.ukeire, after.distance
        if dist >= NO_PATH:
            continue  # spec 5.6: an open hand without a yaku can never win
        if call == "pon" and yakuhai:
            # a yakuhai pon is a yaku by itself; a closed tenpai keeps its riichi instead
            good = s_eff <= now_eff and (table.is_open or now_s > 0)
        else:
            good = s_eff < now_eff and (table.is_open or _open_the_hand(table, call, kind, yakuhai, now_s, dist, level))
        if not good:
            continue
        if level == "hard" and threat >= FOLD_THREAT and s_eff > 0:
            continue  # folding: no calls that do not reach tenpai
        red = sum(1 for t in used if t in RED_FIVE_IDS)
        key = -s_eff * 100 + uk + red * 0.5
        if best is None or key > best[0]:
            best = (key, {"type": "claim", "call": call, "tiles": tokens})
    if best is not None:
        return best[1]
    return {"type": "pass"}


def _hard_claim(view: dict[str, Any], table: Table, kind: int, options: list[tuple[str, list[str]]], now_s: int, now_eff: int, threat: float) -> Action:
    """Hard's claim: the chi / pon whose hand is worth most (value x chance to win, `ai_calls`),
    when it beats passing; never slower, never yaku-less (spec 5.6), never into a riichi unless
    the call reaches tenpai; a daiminkan only on an open hand with a secured yaku."""
    called = tile_id(view["claim"]["tile"])
    yakuhai = kind in table.yakuhai_kinds()
    keep = current_worth(table, threat)
    best: tuple[float, Action] | None = None
    for call, tokens in options:
        used = [tile_id(t) for t in tokens]
        after = after_call(table, used, call, kind)
        if after.distance >= NO_PATH or after.shanten > now_eff:
            continue
        yakuhai_pon = call == "pon" and yakuhai and (table.is_open or now_s > 0)
        if after.shanten == now_eff and not yakuhai_pon:
            continue  # only a yakuhai pon may keep the shanten (it secures the yaku)
        if threat >= FOLD_THREAT and after.shanten > 0:
            continue  # folding: no calls that do not reach tenpai
        worth = call_worth(table, used, called, call, after, threat)
        red = sum(1 for t in used if t in RED_FIVE_IDS)
        # a yakuhai pon, or the calls normal makes (with some dora), are taken as before; value
        # decides the rest (tanyao / one-suit / toitoi speed calls)
        sure = yakuhai_pon or table.is_open or _open_the_hand(table, call, kind, yakuhai, now_s, after.distance, "hard")
        if (sure or worth > keep) and (best is None or worth + red > best[0]):
            best = (worth + red, {"type": "claim", "call": call, "tiles": tokens})
    if best is not None:
        return best[1]
    mine = view["me"]["claim"]
    if "kan" in mine["calls"] and table.is_open and threat < FOLD_THREAT:
        counts = counts_of_ids(table.closed)
        counts[kind] -= 3
        after_s = shanten(counts, table.n_melds + 1)
        dist = yaku_distance(table, counts, [("pon", kind)])
        if after_s <= now_s and dist == 0:
            return {"type": "claim", "call": "kan"}
    return {"type": "pass"}


def _open_the_hand(table: Table, call: str, kind: int, yakuhai: bool, now_s: int, dist: int, level: str) -> bool:
    """Whether a closed hand should open for this call: yakuhai always; tanyao / one-suit hands
    only while still slow (2-shanten or worse) and, for hard, with some dora to make it pay."""
    if yakuhai and call == "pon":
        return now_s > 0
    if dist > (0 if level == "hard" else 1):
        return False
    if now_s < 2:
        return False  # a closed 1-shanten is worth more as a riichi
    if level == "hard":
        dora = table.dora_count(table.closed) + table.kita
        return dora >= 1 or now_s >= 3
    return True
