"""What a room costs in a worker's memory (issue 20: 4): tracemalloc snapshots of a worker before
and after N rooms open and play, diffed and put in buckets by the innermost frame that names one.

The worker starts tracemalloc when `TILEROOMS_TRACEMALLOC_DIR` is set (`tilerooms/web/memory_trace.py`:
`start_tracing` at the app's import, `serve_snapshots` when the worker's lifespan starts): a thread there answers each `request-<name>` file put in that folder with
`<name>.snap` (a `tracemalloc.Snapshot.dump`). Tracing slows the worker down: use it for memory,
never for timings.

    python -m tilerooms.bench.memory [--rooms 50] [--games rummikub,mahjong] [--seconds 20]
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path

import psutil

from tilerooms.bench.load import conditions, measure

# (bucket, pattern on a frame's filename), tried from the innermost frame outwards
BUCKETS: list[tuple[str, str]] = [
    ("room store: rooms as JSON strings (rooms/store.py)", r"tilerooms/rooms/store"),
    ("room layer other (rate-limit buckets, presence, viewers)", r"tilerooms/rooms/"),
    ("engines", r"tilerooms/games/|tilerooms/core/"),
    ("number-tile board rows (table/rummikub/rows.py)", r"tilerooms/table/rummikub/rows"),
    ("mahjong table rows (table/mahjong/rows.py)", r"tilerooms/table/mahjong/rows"),
    ("our Reflex states (shell, pages, table vars)", r"tilerooms/(shell|pages|table|reflex_ext)/"),  # reflex_ext: once state/, as these
    ("Reflex state manager (states kept per client token)", r"reflex/istate/manager"),
    ("Reflex state objects (reflex/state.py, istate)", r"reflex/state\.py|reflex/istate/|reflex_base/vars"),
    ("Reflex app / event processing", r"reflex/|reflex_base/"),
    ("socket.io / engine.io sessions and queues", r"socketio/|engineio/"),
    ("pickle (disk state manager)", r"pickle"),
    ("asyncio (tasks, futures, buffers)", r"asyncio/"),
]


# -- in the bench --------------------------------------------------------------------------------
def _snapshot(folder: Path, name: str, timeout: float = 300.0) -> tracemalloc.Snapshot:
    (folder / f"request-{name}").touch()
    deadline = time.monotonic() + timeout
    while not (folder / f"{name}.snap").exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the worker answered no snapshot {name!r}")
        time.sleep(0.2)
    return tracemalloc.Snapshot.load(str(folder / f"{name}.snap"))


def bucket(frames: list[str]) -> str:
    """The bucket of one allocation: `frames` are filenames, innermost first."""
    if any("importlib._bootstrap" in f for f in frames):
        return "module imports (once per worker, e.g. SciPy for the AI's solver)"
    for filename in frames:
        for name, pattern in BUCKETS:
            if re.search(pattern, filename):
                return name
    return "other (interpreter, libraries)"


def _where(frame: tracemalloc.Frame) -> str:
    """A frame as `file:line`, the path from the package on."""
    return f"{re.sub(r'.*site-packages/|.*/tilerooms/|.*/lib/python3[.0-9]+/', '', frame.filename)}:{frame.lineno}"


def diff(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, detail: str = "", depth: int = 8) -> tuple[Counter, Counter, Counter]:
    """Bytes grown per bucket, per innermost line of our code or Reflex's (the hot spots), and —
    for the buckets whose name the regex `detail` finds — per stack of the innermost `depth` frames."""
    buckets: Counter = Counter()
    lines: Counter = Counter()
    stacks: Counter = Counter()
    keep = [tracemalloc.Filter(False, tracemalloc.__file__)]
    for stat in after.filter_traces(keep).compare_to(before.filter_traces(keep), "traceback"):
        if stat.size_diff == 0:
            continue
        inner = list(reversed(stat.traceback))  # innermost first
        name = bucket([f.filename for f in inner])
        buckets[name] += stat.size_diff
        if detail and re.search(detail, name):
            stacks[" < ".join(_where(f) for f in inner[:depth])] += stat.size_diff
        if name.startswith("module imports"):
            continue
        ours = next((f for f in inner if re.search(r"tilerooms/|reflex/|reflex_base/|socketio/|engineio/", f.filename)), None)
        lines[_where(ours or inner[0])] += stat.size_diff  # none of those: the innermost frame
    return buckets, lines, stacks


def main() -> None:
    """Open N rooms on a traced worker and print what their memory holds."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--games", default="rummikub,mahjong")
    parser.add_argument("--seconds", type=float, default=20.0, help="play before the second snapshot")
    parser.add_argument("--state-manager", default="", help="REFLEX_STATE_MANAGER_MODE for the worker")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--detail", default="", help="also print the biggest stacks of the buckets whose name this regex finds")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tilerooms-heap-"))
    snaps: dict[str, tracemalloc.Snapshot] = {}
    rss: dict[str, float] = {}

    def before(procs: list[psutil.Process]) -> None:
        snaps["before"] = _snapshot(folder, "before")
        rss["before"] = sum(p.memory_info().rss for p in procs) / 2**20

    def window(procs: list[psutil.Process], seconds: float) -> None:
        def later() -> None:
            time.sleep(max(0.0, seconds - 3))
            snaps["after"] = _snapshot(folder, "after")
            rss["after"] = sum(p.memory_info().rss for p in procs) / 2**20

        threading.Thread(target=later, daemon=True).start()

    print(conditions())
    env = {"TILEROOMS_TRACEMALLOC_DIR": str(folder)}
    if args.state_manager:
        env["REFLEX_STATE_MANAGER_MODE"] = args.state_manager
    games = [g for g in args.games.split(",") if g]
    figures = measure(args.rooms, 1, games=games, seconds=args.seconds, warmup=3.0, ai_delay_ms=1000, think=(0.3, 1.0), env=env, at_idle=before, during=window)
    for _ in range(600):
        if "after" in snaps:
            break
        time.sleep(0.5)
    shutil.rmtree(folder, ignore_errors=True)
    buckets, lines, stacks = diff(snaps["before"], snaps["after"], args.detail)
    grown = sum(buckets.values())
    print(
        f"{args.rooms} rooms ({', '.join(games)}; each 1 person + AIs + 1 spectator) after {figures.seconds:.0f} s of play: "
        f"traced Python heap +{grown / 2**20:.1f} MB = {grown / args.rooms / 1024:.0f} KB per room; "
        f"worker RSS +{rss['after'] - rss['before']:.1f} MB = {(rss['after'] - rss['before']) / args.rooms * 1024:.0f} KB per room (tracing itself costs RSS too)"
    )
    print()
    print("| what | KB per room | % |")
    print("|---|---|---|")
    for name, size in buckets.most_common():
        print(f"| {name} | {size / args.rooms / 1024:.1f} | {size / grown * 100:.1f} |")
    print()
    print("innermost line of our code or Reflex's / socket.io's, KB per room:")
    for where, size in lines.most_common(args.top):
        print(f"- {size / args.rooms / 1024:.1f} KB {where}")
    if stacks:
        print()
        print(f"biggest stacks in buckets matching {args.detail!r} (innermost frame first), KB per room:")
        for where, size in stacks.most_common(args.top):
            print(f"- {size / args.rooms / 1024:.1f} KB {where}")


if __name__ == "__main__":
    main()
