"""The benchmark's position is a real, valid full commit, and the script runs."""

from tilerooms.bench import rummikub as bench


def test_benchmark_position_is_a_valid_100_tile_commit():
    state = bench.hundred_tile_position()
    assert sum(len(s["tile_ids"]) for s in state["table"]) == 100


def test_benchmark_runs(capsys):
    bench.main(["5"])
    out = capsys.readouterr().out
    assert "validate(commit, 100-tile table): median" in out and "p99" in out
