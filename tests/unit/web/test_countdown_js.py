"""The countdowns' offset choice (assets/countdown.js `bestOffset`, issue 34: 1), run in Node:
of the samples of GET /_clock, the one with the shortest round trip gives the offset, the server's
reading taken at the trip's middle; junk answers and backwards trips count for nothing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "assets" / "countdown.js"
# the page the script expects, stubbed: no countdowns, timers and listeners that never fire
SANDBOX = """
const vm = require("vm"), fs = require("fs");
const noop = () => {};
const page = {
  document: { querySelectorAll: () => [], querySelector: () => null, addEventListener: noop, visibilityState: "visible" },
  sessionStorage: { getItem: () => null, setItem: noop },
  performance: { now: () => 0 }, setInterval: noop, addEventListener: noop, Date, JSON, Math, Number, String,
};
page.window = page;
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), page);
const samples = JSON.parse(process.argv[2]);
process.stdout.write(JSON.stringify(page.window.trClock.bestOffset(samples)));
"""


def best_offset(samples: list[dict]) -> dict | None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (scripts/bootstrap.sh needs it for bun)")
    out = subprocess.run([node, "-e", SANDBOX, str(SCRIPT), json.dumps(samples)], capture_output=True, text=True, check=True, timeout=30)
    return json.loads(out.stdout)


def test_the_shortest_round_trip_wins_read_at_its_middle():
    # a device 5 minutes slow: the server reads 300 s more than the device's clock
    samples = [
        {"sent": 1000, "received": 1400, "server": 301_300},  # a cold connection: 400 ms
        {"sent": 1400, "received": 1420, "server": 301_410},  # 20 ms: the server read at 1410
        {"sent": 1420, "received": 1480, "server": 301_450},
    ]
    assert best_offset(samples) == {"trip": 20, "offset": 300_000}


def test_junk_answers_and_backwards_trips_count_for_nothing():
    samples = [
        {"sent": 1000, "received": 990, "server": 5000},  # the device clock went back mid-trip
        {"sent": 1000, "received": 1001, "server": None},  # no number in the answer
        {"sent": 2000, "received": 2100, "server": 12_050},
    ]
    assert best_offset(samples) == {"trip": 100, "offset": 10_000}
    assert best_offset([]) is None
