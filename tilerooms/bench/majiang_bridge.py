"""A bridge that seats @kobalab/majiang-ai (npm, MIT) in our engine, for the duplicate bench only.

One long-lived node process per bench worker (`majiang_bridge.js`) speaks JSON lines. Each bridged
seat gets exactly its own events (`engine.events_for`) and view, translated into majiang-core's
messages (qipai, zimo / gangzimo, dapai, fulou, gang, kaigang, hule, pingju); majiang-ai's replies
(dapai with ``*`` riichi / ``_`` tsumogiri, fulou, gang, hule, daopai) become our actions. A reply
that has no legal action here is *refused* (counted; the seat then discards its drawn tile or
passes). In validation mode every seat also gets a shadow majiang-core model, compared with that
seat's view after every step (hand, melds, discards, riichi, points, dora, live wall).

The npm packages live in ``.bench/majiang`` (git-ignored) and are installed by `ensure_installed`
(``python -m tilerooms.bench.majiang_bridge --install``), never by the test or CI scripts.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tilerooms.games.mahjong.rounds import WIND_NAMES

REPO = Path(__file__).resolve().parents[2]
PREFIX = REPO / ".bench" / "majiang"
PACKAGES = ("@kobalab/majiang-ai@1.0.13", "@kobalab/majiang-core@1.4.1")
SCRIPT = Path(__file__).with_name("majiang_bridge.js")
WIND_INDEX = {name: i for i, name in enumerate(WIND_NAMES)}  # 동 남 서 북
MARKS = {1: "+", 2: "=", 3: "-"}  # majiang-core: the caller's shimocha / toimen / kamicha


def installed() -> bool:
    """True when node and both npm packages are there."""
    return shutil.which("node") is not None and (PREFIX / "node_modules" / "@kobalab" / "majiang-ai" / "package.json").exists()


def ensure_installed() -> None:
    """Install the bench-only npm packages into ``.bench/majiang`` when they are missing."""
    if installed():
        return
    if shutil.which("npm") is None:
        raise RuntimeError("npm is needed for the majiang-ai bench: apt-get install nodejs npm")
    PREFIX.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(PREFIX), *PACKAGES], check=True)


def rule_for(options: dict[str, Any]) -> dict[str, Any]:
    """majiang-core's rule object for our room options (spec §2); the differences that remain are
    listed in docs/mahjong-ai.md."""
    uma = {"none": (0, 0), "5-10": (5, 10), "10-20": (10, 20), "10-30": (10, 30)}.get(options.get("uma", "10-20"), (10, 20))
    red = 1 if options.get("akaDora", 3) else 0
    return {
        "配給原点": options.get("startPoints", 25000),
        "順位点": [f"{uma[1]}.0", f"{uma[0]}.0", f"{-uma[0]}.0", f"{-uma[1]}.0"],
        "連風牌は2符": options.get("renpuuPairFu", 4) == 2,
        "赤牌": {"m": red, "p": red, "s": red},
        "クイタンあり": options.get("kuitan", True),
        "喰い替え許可レベル": 0,
        "場数": 1 if options.get("length", "hanchan") == "tonpuu" else 2,
        "途中流局あり": options.get("abortiveDraws", True),
        "流し満貫あり": options.get("nagashiMangan", True),
        "ノーテン宣言あり": False,
        "ノーテン罰あり": True,
        "最大同時和了数": 3 if options.get("tripleRon") == "allow" else (1 if options.get("doubleRon") == "headBump" else 2),
        "連荘方式": 1 if options.get("renchanOn") == "agari" else 2,
        "トビ終了あり": options.get("tobi", True),
        "オーラス止めあり": options.get("agariYame", True),
        "延長戦方式": 1 if options.get("westEntry", True) else 0,
        "ツモ番なしリーチあり": False,
        "リーチ後暗槓許可レベル": 1,  # spec 5.4: the drawn tile, waits and every reading unchanged
        "役満の複合あり": True,
        "ダブル役満あり": options.get("doubleYakuman", True),
        "数え役満あり": options.get("kazoeYakuman", True),
        "役満パオあり": options.get("pao", True),
        "切り上げ満貫あり": options.get("kiriageMangan", False),
    }


def mj_tile(token: str) -> str:
    """Our view token or notation (``"52:0p"``, ``"7z"``) as majiang-core's tile (``"p0"``, ``"z7"``)."""
    note = token.split(":", 1)[-1]
    return note[1] + note[0]


def _digit_key(d: str) -> int:
    return 5 if d == "0" else int(d)


def _paistr(tiles: list[str]) -> str:
    """Tiles as majiang-core's shoupai string, e.g. ``["m1", "m2", "p5"]`` -> ``"m12p5"``."""
    return "".join(s + "".join(t[1] for t in tiles if t[0] == s) for s in "mpsz" if any(t[0] == s for t in tiles))


class Translator:
    """Our per-seat events -> majiang-core messages. Tests subclass it to break one step on purpose."""

    def tile(self, token: str) -> str:
        """One tile in majiang notation."""
        return mj_tile(token)

    def meld(self, kind: str, called: str | None, own: list[str], mark: str) -> str:
        """A majiang mianzi string: ``m1-23`` (chi), ``m555=`` (pon), ``m5555=`` (daiminkan),
        ``m5555`` (ankan); `own` are the caller's tiles, `called` the taken one."""
        tiles = [self.tile(t) for t in own]
        suit = tiles[0][0]
        # majiang-core takes only its canonical forms (Shoupai.valid_mianzi): a kan's own digits
        # high to low ("m5550"), a pon's red five after a plain one ("m505=")
        if kind == "ankan":
            return suit + "".join(sorted((t[1] for t in tiles), reverse=True))
        assert called is not None
        c = self.tile(called)
        if kind == "chi":
            parts = sorted([(t[1], "") for t in tiles] + [(c[1], mark)], key=lambda x: _digit_key(x[0]))
            return suit + "".join(d + m for d, m in parts)
        if kind == "kan":
            return suit + "".join(sorted((t[1] for t in tiles), reverse=True)) + c[1] + mark
        pon = suit + "".join(sorted(t[1] for t in tiles)) + c[1] + mark
        return pon[0] + "50" + pon[3:] if pon[1:3] == "05" else pon

    def messages(self, ev: dict[str, Any], me: int, view: dict[str, Any], state: SeatState) -> list[dict[str, Any]]:
        """The majiang-core messages for one of our events seen by seat `me`."""
        seats = {p["id"]: p["seat"] for p in view["players"]}
        n = len(seats)
        etype = ev["type"]
        if etype == "deal":
            state.dealer = seats[view["round"]["dealer"]]
            shoupai = ["", "", "", ""]
            shoupai[self.menfeng(me, state)] = "".join(self.tile(t) for t in ev["tiles"])
            defen = [0] * 4
            for p in view["players"]:
                defen[self.menfeng(p["seat"], state)] = p["points"]
            return [
                {
                    "qipai": {
                        "zhuangfeng": WIND_INDEX[view["round"]["wind"]],
                        "jushu": state.dealer,
                        "changbang": view["round"]["honba"],
                        "lizhibang": view["round"]["riichiPool"] // 1000,
                        "defen": defen,
                        "baopai": self.tile(view["doraIndicators"][0]),
                        "shoupai": shoupai,
                    }
                }
            ]
        who = seats.get(ev.get("player", ""), -1)
        if etype == "draw":
            return [{"gangzimo" if ev["rinshan"] else "zimo": {"l": self.menfeng(who, state), "p": self.tile(ev["tile"])}}]
        if etype == "drew" and who != me:
            return [{"gangzimo" if ev["rinshan"] else "zimo": {"l": self.menfeng(who, state), "p": ""}}]
        if etype == "riichi":
            state.riichi_next.add(who)
            return []
        if etype == "discard":
            p = self.tile(ev["tile"]) + ("_" if ev["tsumogiri"] else "")
            if who in state.riichi_next:
                state.riichi_next.discard(who)
                p += "*"
            return [{"dapai": {"l": self.menfeng(who, state), "p": p}}]
        if etype == "doraRevealed":
            return [{"kaigang": {"baopai": self.tile(ev["indicator"])}}]
        if etype == "call":
            kind = {"daiminkan": "kan"}.get(ev["call"], ev["call"])
            origin = seats[ev["from"]]
            mark = MARKS[(origin - who) % n]
            return [{"fulou": {"l": self.menfeng(who, state), "m": self.meld(kind, ev["tile"], ev["tiles"], mark)}}]
        if etype == "kan":
            if ev["kan"] == "ankan":
                return [{"gang": {"l": self.menfeng(who, state), "m": self.meld("ankan", None, ev["tiles"], "")}}]
            meld = next(m for m in view["players"][who]["melds"] if m["type"] == "kakan" and m["tiles"][-1] == ev["tile"])
            pon = self.meld("pon", meld["called"], [t for t in meld["tiles"][:-1] if t != meld["called"]], MARKS[(seats[meld["from"]] - who) % n])
            return [{"gang": {"l": self.menfeng(who, state), "m": pon + self.tile(ev["tile"])[1]}}]
        if etype == "handEnded":
            return self.ending(ev["result"], seats, state)
        return []

    def ending(self, result: dict[str, Any], seats: dict[str, int], state: SeatState) -> list[dict[str, Any]]:
        """hule (one per winner) or pingju; majiang-ai only acknowledges them (the next qipai resets
        the board), so their scoring fields are informative."""
        fenpei = [0] * 4
        for s, d in enumerate(result["deltas"]):
            fenpei[self.menfeng(s, state)] = d
        if result["kind"] != "agari":
            return [{"pingju": {"name": result.get("reason", "流局"), "shoupai": ["", "", "", ""], "fenpei": fenpei}}]
        out = []
        for w in result["winners"]:
            winner = self.menfeng(seats[w["player"]], state)
            # majiang-core reads the winning tile as the last one of the shoupai string
            hand = [self.tile(t) for t in w["hand"]]
            win = self.tile(w["win_tile"])
            if win in hand:
                hand.remove(win)
            melds = ["," + self.loose_meld([self.tile(t) for t in m]) for m in w["melds"]]
            out.append(
                {
                    "hule": {
                        "l": winner,
                        "shoupai": _paistr(hand) + win + "".join(melds),
                        "baojia": None if w["from"] is None else self.menfeng(seats[w["from"]], state),
                        "fubaopai": [self.tile(t) for t in w["ura"]] or None,
                        "fu": w["fu"],
                        "fanshu": w["han"],
                        "defen": w["points"],
                        "hupai": [],
                        "fenpei": fenpei,
                    }
                }
            )
        return out

    @staticmethod
    def loose_meld(tiles: list[str]) -> str:
        """A finished hand's meld (its direction is not in the record): ``m1-23``, ``m555-``, ``m5555``."""
        digits = sorted((t[1] for t in tiles), key=_digit_key)
        if len(digits) == 4:
            return tiles[0][0] + "".join(digits)
        if len({_digit_key(d) for d in digits}) == 1:
            return tiles[0][0] + "".join(digits) + "-"
        return tiles[0][0] + digits[0] + "-" + "".join(digits[1:])

    @staticmethod
    def menfeng(seat: int, state: SeatState) -> int:
        """majiang-core's seat index: 0 is this hand's dealer (its menfeng)."""
        return (seat - state.dealer) % 4


class SeatState:
    """What the translation keeps between events for one seat."""

    def __init__(self) -> None:
        self.dealer = 0
        self.riichi_next: set[int] = set()


class Bridge:
    """The node process (one per bench worker) and its JSON-lines requests."""

    def __init__(self) -> None:
        ensure_installed()
        node = shutil.which("node") or "node"
        env = {**os.environ, "MAJIANG_PREFIX": str(PREFIX)}
        self.proc = subprocess.Popen([node, str(SCRIPT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.next_key = 0

    def request(self, obj: dict[str, Any]) -> dict[str, Any]:
        """Send one request and read its one-line answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the majiang bridge's node process ended")
        out: dict[str, Any] = json.loads(line)
        if "error" in out:
            raise RuntimeError(out["error"])
        return out

    def close(self) -> None:
        """End the node process."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


_BRIDGE: Bridge | None = None


def worker_bridge() -> Bridge:
    """This process's bridge, started on first use (one node process per bench worker)."""
    global _BRIDGE
    if _BRIDGE is None:
        _BRIDGE = Bridge()
    return _BRIDGE


class MajiangSeat:
    """One seat's majiang-core player: majiang-ai when `plays`, else a shadow model for validation."""

    def __init__(self, bridge: Bridge, seat: int, options: dict[str, Any], *, plays: bool, translator: Translator | None = None) -> None:
        self.bridge = bridge
        self.seat = seat
        self.plays = plays
        self.tr = translator or Translator()
        self.state = SeatState()
        self.key = f"k{bridge.next_key}"
        bridge.next_key += 1
        bridge.request({"op": "new", "key": self.key, "id": seat, "ai": plays, "rule": rule_for(options)})
        self.pending: tuple[str, dict[str, Any] | None, float] | None = None  # (turn | claim, reply, ms)
        self.offered: list[str] | None = None
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.sent: Counter[str] = Counter()  # messages by name: which translations a run exercised

    def feed(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        """Translate this seat's `events` (with its view after them) and send them to node."""
        msgs: list[dict[str, Any]] = []
        offered = None  # claimOptions follow the tile they offer calls on, in the same step
        for ev in events:
            if ev["type"] == "claimOptions":
                offered = list(ev["calls"])
            msgs.extend(self.tr.messages(ev, self.seat, view, self.state))
        if not msgs:
            self.offered = offered or self.offered
            return
        replies = self.bridge.request({"op": "msgs", "key": self.key, "msgs": msgs})["replies"]
        for msg, rep in zip(msgs, replies, strict=True):
            name = next(iter(msg))
            self.sent[name] += 1
            if rep["error"]:
                self.errors.append(f"{name}: {rep['error']}")
            if not self.plays:
                continue
            kind = self._decision(name, msg[name])
            if kind is not None:
                self._settle_unoffered()
                self.pending = (kind, rep["reply"], rep["ms"])
                self.offered = None
        if offered is not None:
            self.offered = offered

    def _decision(self, name: str, body: dict[str, Any]) -> str | None:
        mine = body.get("l") == Translator.menfeng(self.seat, self.state)
        if name in ("zimo", "gangzimo") and mine:
            return "turn"
        if name == "fulou" and mine and sum(ch.isdigit() for ch in body["m"]) == 3:
            return "turn"  # after chi / pon majiang-ai answers with its discard
        if name in ("dapai", "gang") and not mine:
            return "claim"
        return None

    def _settle_unoffered(self) -> None:
        """A claim majiang-ai wanted that our engine did not offer counts as refused."""
        if self.pending and self.pending[0] == "claim" and self.pending[1] and ("hule" in self.pending[1] or "fulou" in self.pending[1]):
            want = "ron" if "hule" in self.pending[1] else "call"
            if self.offered is None:
                self.refused.append(f"not offered: {self.pending[1]}")
            elif want == "ron" and "ron" not in self.offered:
                self.refused.append(f"not offered: {self.pending[1]} (offered {self.offered})")
        self.pending = None

    def decide(self, view: dict[str, Any]) -> tuple[list[dict[str, Any]], float]:
        """Our actions for majiang-ai's pending reply, and the node time it took (ms)."""
        phase = view.get("phase")
        if phase == "handResult":
            return ([] if view.get("viewer") in view.get("ready", []) else [{"type": "ready"}]), 0.0
        me = view.get("me")
        if phase != "playing" or me is None:
            return [], 0.0
        pending, self.pending = self.pending, None
        self.offered = None
        ms = pending[2] if pending else 0.0
        reply = pending[1] if pending else None
        if view.get("stage") == "claim":
            window = view.get("claim")
            mine = me.get("claim")
            if window is None or window.get("from") == view.get("viewer") or (mine and mine.get("answered") is not None):
                return [], 0.0
            if not (mine and mine.get("calls")):
                self.pending = pending
                self._settle_unoffered()
                return [{"type": "pass"}], 0.0
            if pending is None or pending[0] != "claim":
                return [{"type": "pass"}], ms
            return [self._claim(reply, mine)], ms
        legal = me.get("legal")
        if legal is None:
            return [], 0.0
        if pending is None or pending[0] != "turn":
            self.refused.append(f"no turn reply ({pending})")
            return [self._fallback(me, legal)], ms
        return [self._turn(reply, me, legal)], ms

    def _claim(self, reply: dict[str, Any] | None, mine: dict[str, Any]) -> dict[str, Any]:
        calls = mine["calls"]
        if not reply or "daopai" in reply:
            return {"type": "pass"}
        if "hule" in reply:
            if "ron" in calls:
                return {"type": "ron"}
            self.refused.append(f"ron not offered ({calls})")
            return {"type": "pass"}
        m = reply.get("fulou", "")
        digits = [d for d in m[1:] if d.isdigit()]
        called = m[[i for i, ch in enumerate(m) if ch in "+=-"][0] - 1] if any(ch in "+=-" for ch in m) else ""
        own = list(digits)
        if called:
            own.remove(called)
        want = sorted(m[0] + d for d in own)
        kind = "kan" if len(digits) == 4 else ("pon" if len({_digit_key(d) for d in digits}) == 1 else "chi")
        if kind not in calls:
            self.refused.append(f"{kind} not offered: {m} ({calls})")
            return {"type": "pass"}
        if kind == "kan":
            return {"type": "kan"}
        for option in mine.get(kind, []):
            if sorted(mj_tile(t) for t in option) == want:
                return {"type": kind, "tiles": option}
        self.refused.append(f"no {kind} option for {m}")
        return {"type": "pass"}

    def _turn(self, reply: dict[str, Any] | None, me: dict[str, Any], legal: dict[str, Any]) -> dict[str, Any]:
        reply = reply or {}
        if "hule" in reply:
            if legal["tsumo"]:
                return {"type": "tsumo"}
        elif "daopai" in reply:
            if legal["kyuushu"]:
                return {"type": "kyuushu"}
        elif "gang" in reply:
            m = reply["gang"]
            if len(m) == 5 and m[1:].isdigit():
                kind = self._kind(m[0] + m[1])
                if kind in legal["ankan"]:
                    return {"type": "ankan", "kind": kind}
            else:
                for t in legal["kakan"]:
                    if mj_tile(t) == m[0] + m[-1]:
                        return {"type": "kakan", "tile": t}
        elif "dapai" in reply:
            p = reply["dapai"]
            riichi = p.endswith("*")
            tile = p[:2]
            pool = legal["riichi"] if riichi else legal["discard"]
            cands = [t for t in pool if mj_tile(t) == tile]
            if "_" in p and me.get("drawn") in cands:
                return {"type": "discard", "tile": me["drawn"], "riichi": riichi}
            hand = [t for t in cands if t != me.get("drawn")]
            if hand or cands:
                return {"type": "discard", "tile": (hand or cands)[0], "riichi": riichi}
        self.refused.append(f"turn reply not legal: {reply}")
        return self._fallback(me, legal)

    @staticmethod
    def _kind(tile: str) -> int:
        suit, d = tile[0], _digit_key(tile[1])
        return "mpsz".index(suit) * 9 + d - 1

    @staticmethod
    def _fallback(me: dict[str, Any], legal: dict[str, Any]) -> dict[str, Any]:
        drawn = me.get("drawn")
        return {"type": "discard", "tile": drawn if drawn in legal["discard"] else legal["discard"][0]}

    def model(self) -> dict[str, Any]:
        """majiang-core's board as this seat's player sees it."""
        out: dict[str, Any] = self.bridge.request({"op": "model", "key": self.key})["model"]
        return out

    def close(self) -> None:
        """Forget this seat's player in node."""
        self.bridge.request({"op": "drop", "key": self.key})


def _meld_expect(meld: dict[str, Any], seat: int, seats: dict[str, int], n: int) -> tuple[list[str], str]:
    tiles = sorted(mj_tile(t) for t in meld["tiles"])
    if meld["type"] == "ankan":
        return tiles, ""
    called = mj_tile(meld["called"]) + MARKS[(seats[meld["from"]] - seat) % n]
    return tiles, called


def _meld_model(m: str) -> tuple[list[str], str]:
    suit = m[0]
    tiles = sorted(suit + d for d in m[1:] if d.isdigit())
    marks = [i for i, ch in enumerate(m) if ch in "+=-"]
    return tiles, (suit + m[marks[0] - 1] + m[marks[0]]) if marks else ""


def compare(model: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """Every difference between majiang-core's `model` (one seat's player) and our `view` of the
    same seat: hands (own tiles, others' counts), melds, discards, riichi, points, dora, live wall."""
    diffs: list[str] = []
    players = view["players"]
    seats = {p["id"]: p["seat"] for p in players}
    n = len(players)
    me = view["seat"]
    dealer = seats[view["round"]["dealer"]]
    for p in players:
        s = p["seat"]
        m = model["seats"][(s - dealer) % 4]
        if m["id"] != s:
            diffs.append(f"seat {s}: model id {m['id']}")
        if s == me:
            own = [*view["me"]["hand"], *([view["me"]["drawn"]] if view["me"]["drawn"] else [])]
            if Counter(m["tiles"]) != Counter(mj_tile(t) for t in own):
                diffs.append(f"seat {s} hand: model {sorted(m['tiles'])} ours {sorted(mj_tile(t) for t in own)}")
        elif len(m["tiles"]) != p["handCount"]:
            diffs.append(f"seat {s} hand count: model {len(m['tiles'])} ours {p['handCount']}")
        want_melds = sorted(_meld_expect(x, s, seats, n) for x in p["melds"])
        got_melds = sorted(_meld_model(x) for x in m["fulou"])
        if want_melds != got_melds:
            diffs.append(f"seat {s} melds: model {got_melds} ours {want_melds}")
        want_he = [(mj_tile(d["tile"]), d["tsumogiri"], d["called"]) for d in p["discards"]]
        got_he = [(x[:2], "_" in x, x[-1] in "+=-") for x in m["he"]]
        if want_he != got_he:
            diffs.append(f"seat {s} discards: model {m['he']} ours {want_he}")
        if m["lizhi"] != p["riichi"]:
            diffs.append(f"seat {s} riichi: model {m['lizhi']} ours {p['riichi']}")
        if model["defen"][s] != p["points"]:
            diffs.append(f"seat {s} points: model {model['defen'][s]} ours {p['points']}")
    if model["baopai"] != [mj_tile(t) for t in view["doraIndicators"]]:
        diffs.append(f"dora: model {model['baopai']} ours {view['doraIndicators']}")
    if model["paishu"] != view["liveCount"]:
        diffs.append(f"live wall: model {model['paishu']} ours {view['liveCount']}")
    return diffs


def start_events(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of the first hand's deal, which `engine.setup` does not return: the seat's 13
    tiles, then the dealer's first draw (its tile only to the dealer)."""
    me = view["me"]
    dealer = view["round"]["dealer"]
    out: list[dict[str, Any]] = [{"type": "deal", "tiles": list(me["hand"])}]
    if view["viewer"] == dealer:
        out.append({"type": "draw", "player": dealer, "tile": me["drawn"], "rinshan": False})
    out.append({"type": "drew", "player": dealer, "rinshan": False})
    return out


def main(argv: list[str] | None = None) -> None:
    """``--install``: install the npm packages into .bench/majiang."""
    args = sys.argv[1:] if argv is None else argv
    if "--install" in args:
        ensure_installed()
        print(f"majiang-ai installed in {PREFIX}")


if __name__ == "__main__":
    main()
