"""A serving worker's collector settings (`tilerooms/web/collector.py`, issue 20): start-up objects
frozen, young collections after 10,000 new containers, and garbage cycles still collected.
Run in a child process: the test process keeps its own settings."""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import gc, json
from tilerooms.web.collector import YOUNG_THRESHOLD, tune_for_serving
kept = [[i] for i in range(5000)]  # start-up objects
tune_for_serving()
frozen, threshold = gc.get_freeze_count(), gc.get_threshold()
class Node:
    pass
for _ in range(100):  # garbage cycles made while serving
    a, b = Node(), Node()
    a.other, b.other = b, a
del a, b
found = gc.collect()
print(json.dumps({"frozen": frozen, "threshold": threshold, "young": YOUNG_THRESHOLD, "found": found}))
"""


def test_start_up_objects_are_frozen_and_cycles_made_later_are_still_collected():
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=60)
    got = json.loads(out.stdout)
    assert got["frozen"] >= 5000  # the start-up lists and everything imported
    assert got["threshold"][0] == got["young"] == 10_000
    assert got["found"] >= 200  # 100 cycles of two nodes (and their dicts)


def test_importing_the_app_leaves_its_heap_frozen_for_the_workers_to_share():
    # gunicorn's master imports the app (--preload) and forks: a frozen heap is never collected,
    # so the workers never write to (and copy) its pages
    child = "import gc, tilerooms.tilerooms; print(gc.get_freeze_count())"
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True, timeout=120)
    assert int(out.stdout.strip().splitlines()[-1]) > 50_000
