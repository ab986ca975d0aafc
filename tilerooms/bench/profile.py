"""Where a worker's time goes under load (issue 20: 1): py-spy samples the worker while
`tilerooms.bench.load` plays, and every sample is put in one bucket — engine, room views, the
tables' display rows, Reflex's state load/save, delta computation, JSON, the socket emit, … — by
the innermost frame that names one. Printed per room change in ms and as a share of the samples.

    python -m tilerooms.bench.profile [--rooms 100] [--workers 1] [--seconds 30] [--games rummikub,mahjong]
        [--raw out.txt]   # keep py-spy's collapsed stacks (flame-graph input)

Needs `py-spy` (requirements-dev.txt); it reads the worker from outside (`--nonblocking`: the
worker is never paused), on the same 2 cores as the worker and the load generator.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterable

import psutil

from tilerooms.bench.load import Figures, conditions, measure, table

RATE_HZ = 100

# (bucket, pattern on "function (file:line)"), tried on each frame from the innermost outwards; the
# first frame that matches a pattern names the sample's bucket. Library helpers that many callers
# share (pydantic, dataclasses' generated __eq__, copy) are skipped: their time is their caller's.
TRANSPARENT = r"pydantic|dataclasses\.py|\(<string>|copy\.py|typing\.py|functools\.py|contextlib\.py|/abc\.py|/enum\.py"
BUCKETS: list[tuple[str, str]] = [
    ("AI thinking (thread)", r"tilerooms/games/\w+/ai|tilerooms/rooms/bots\.py"),
    ("engine: view per viewer", r"\bview \(.*tilerooms/games/"),
    ("engine: rules (validate/apply/timeouts)", r"tilerooms/games/|tilerooms/core/"),
    ("room views (rooms/views.py)", r"tilerooms/rooms/views\.py"),
    ("room store load/save (JSON ↔ pydantic Room)", r"tilerooms/rooms/store(_redis)?\.py"),
    ("room layer (service, play, presence, bus)", r"tilerooms/rooms/"),
    ("number-tile board rows (table/rummikub/rows.py)", r"tilerooms/table/rummikub/rows\.py"),
    ("mahjong table rows (table/mahjong/rows.py)", r"tilerooms/table/mahjong/rows\.py|tilerooms/games/mahjong/(hand|shape)"),
    ("our Reflex states (apply view, handlers)", r"tilerooms/(shell|pages|table|reflex_ext)/|tilerooms/tilerooms\.py"),  # reflex_ext: once state/, as these
    ("JSON encoding", r"json/|orjson|reflex/utils/format\.py|reflex_base/utils/format|serializers\.py"),
    ("Reflex var proxies (MutableProxy, Field get/set)", r"istate/proxy\.py|vars/base\.py"),
    ("delta computation", r"istate/delta\.py|get_delta|_get_resolved_delta|_mark_dirty|_clean\b|dirty_vars|_as_state_update|computed"),
    (
        "Reflex state load/save (state manager, pickle, .states/ files)",
        r"istate/manager|path_ops|pickle|_serialize|_deserialize|get_state|_get_state_from|pathlib|__getstate__|__setstate__",
    ),
    ("socket emit (socket.io, engine.io, ASGI send)", r"socketio/|engineio/|websocket|modified_send|starlette|_exception_handler"),
    ("Reflex event processing (other)", r"reflex/|reflex_base/|reflex_"),
    ("asyncio / server loop", r"asyncio/|granian|selectors|concurrent/futures|threading\.py"),
    ("library helpers (pydantic, dataclasses, copy)", TRANSPARENT),
]


def bucket(frames: list[str]) -> str:
    """The bucket of one sample: `frames` root first, as py-spy's collapsed output lists them."""
    for frame in reversed(frames):
        if re.search(TRANSPARENT, frame):
            continue
        for name, pattern in BUCKETS:
            if re.search(pattern, frame):
                return name
    for frame in reversed(frames):
        if re.search(TRANSPARENT, frame):
            return BUCKETS[-1][0]
    return "other"


def read_collapsed(path: str) -> Iterable[tuple[list[str], int]]:
    """py-spy `--format raw`: one line per distinct stack, frames joined by ';', then its count."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if stack and count.isdigit():
                yield stack.split(";"), int(count)


def breakdown(path: str) -> tuple[Counter, Counter]:
    """Samples per bucket, and per innermost frame (the hot spots)."""
    buckets: Counter = Counter()
    leaves: Counter = Counter()
    for frames, count in read_collapsed(path):
        while frames and frames[0].startswith("process "):
            frames = frames[1:]
        if frames and frames[0].startswith("thread "):
            frames = frames[1:]
        name = bucket(frames)
        if not frames:
            name = "no Python frame (native code holding the GIL)"
        elif "_worker (concurrent/futures/thread.py" in ";".join(frames[:6]) and name not in ("AI thinking (thread)",):
            name = "thread pool: " + name  # Reflex's disk writes, asyncio.to_thread
        buckets[name] += count
        leaves[_short(frames[-1]) if frames else "?"] += count
    return buckets, leaves


def _short(frame: str) -> str:
    return re.sub(r"\(.*?(site-packages/|tilerooms/|python3\.\d+/)", "(", frame)


def report(buckets: Counter, leaves: Counter, figures: Figures, top: int = 15) -> str:
    """The breakdown as a markdown table: ms per room change and % of the worker's samples."""
    changes = sum(figures.changes.values()) or 1
    total = sum(buckets.values()) or 1
    lines = [
        f"{total} samples holding the GIL at {RATE_HZ} Hz over {figures.seconds:.0f} s = {total / RATE_HZ / figures.seconds * 100:.0f} % of a core "
        f"(psutil: {figures.worker_cpu_s / figures.seconds * 100:.0f} %); {changes} room changes seen by the spectators, "
        f"{figures.actions} people's actions",
        "",
        "| where | ms per room change | % |",
        "|---|---|---|",
    ]
    for name, n in buckets.most_common():
        lines.append(f"| {name} | {n / RATE_HZ * 1000 / changes:.2f} | {n / total * 100:.1f} |")
    lines.append(f"| **total** | **{total / RATE_HZ * 1000 / changes:.2f}** | 100 |")
    lines += ["", "hottest innermost frames:"]
    lines += [f"- {n / total * 100:.1f} % {frame}" for frame, n in leaves.most_common(top)]
    return "\n".join(lines)


def main() -> None:
    """Run the load with py-spy on the worker(s) and print the breakdown."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games", default="rummikub,mahjong")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--ai-delay-ms", type=int, default=1000)
    parser.add_argument("--raw", default="", help="keep py-spy's collapsed stacks here")
    parser.add_argument("--idle", action="store_true", help="count idle samples too (wall clock); default: only samples holding the GIL")
    parser.add_argument("--state-manager", default="", help="REFLEX_STATE_MANAGER_MODE for the worker (disk is Reflex's default without Redis)")
    args = parser.parse_args()
    spy = shutil.which("py-spy")
    if spy is None:
        raise SystemExit("py-spy is not installed: pip install -r requirements-dev.txt")
    raw = args.raw or tempfile.mktemp(prefix="tilerooms-pyspy-", suffix=".txt")
    started: list[subprocess.Popen] = []

    def attach(procs: list[psutil.Process], seconds: float) -> None:
        root = procs[0].pid
        cmd = [
            spy,
            "record",
            "--pid",
            str(root),
            "--subprocesses",
            "--nonblocking",
            "--rate",
            str(RATE_HZ),
            "--duration",
            str(int(seconds)),
            "--format",
            "raw",
            "--output",
            raw,
            "--threads",
            *(["--idle"] if args.idle else ["--gil"]),
        ]
        started.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    print(conditions())
    games = [g for g in args.games.split(",") if g]
    env = {"REFLEX_STATE_MANAGER_MODE": args.state_manager} if args.state_manager else {}
    figures = measure(
        args.rooms, args.workers, games=games, seconds=args.seconds, warmup=5.0, ai_delay_ms=args.ai_delay_ms, think=(0.3, 1.0), env=env, during=attach
    )
    for proc in started:
        proc.wait(60)
    print(table([figures], games))
    print()
    buckets, leaves = breakdown(raw)
    print(report(buckets, leaves, figures))
    if not args.raw:
        os.unlink(raw)


if __name__ == "__main__":
    main()
