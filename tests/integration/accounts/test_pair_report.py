"""The operators' pair report: pairs over the threshold, who placed ahead, the command line."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

from tests.integration.accounts.test_ledger import NOON, member, room, uid
from tilerooms.accounts import pair_report, records
from tilerooms.db import migrate


def test_pairs_who_play_together_repeatedly_are_listed(engine):
    a, b, c = member(engine, "영희"), member(engine, "철수"), member(engine, "민지")
    for n in range(1, 5):  # a and b: four games, a ahead three times
        first, second = (a, b) if n < 4 else (b, a)
        records.process_game_end(room(n, [(first, 1, 0), (second, 2, 0)], [first], at=NOON + timedelta(minutes=n)), engine)
    records.process_game_end(room(5, [(c, 1, 0), (a, 2, 0)], [c], at=NOON + timedelta(minutes=9)), engine)
    records.process_game_end(room(6, [(c, 1, 0), ("ai-rtest-1", 2, 0)], [c], at=NOON + timedelta(minutes=9)), engine)  # unrated
    pairs = pair_report.frequent_pairs(2, engine)
    assert [(p.first, p.second, p.games, p.first_ahead, p.second_ahead, p.first_total, p.second_total) for p in pairs] == [(uid(a), uid(b), 4, 3, 1, 5, 4)]
    assert len(pair_report.frequent_pairs(1, engine)) == 2
    text = pair_report.report(2, engine)
    assert "영희" in text and "철수" in text and "민지" not in text
    assert "4 games together; ahead 3 / 1; 80% / 100%" in text
    assert pair_report.report(5, engine) == "no member pair shares 5 or more rated games"


def test_the_command_line_prints_the_report(sqlite_url):
    migrate.upgrade(sqlite_url)
    run = subprocess.run(
        [sys.executable, "-m", "tilerooms.accounts.pair_report", "--min-games", "3", "--database-url", sqlite_url], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "no member pair shares 3 or more rated games"
    bad = subprocess.run([sys.executable, "-m", "tilerooms.accounts.pair_report", "--min-games", "0"], capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0
