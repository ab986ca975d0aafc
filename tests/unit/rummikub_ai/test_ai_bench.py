"""The benchmark and the tournament run through the real engine (tiny sizes here)."""

from tilerooms.bench import rummikub_ai as bench
from tilerooms.bench import rummikub_tournament as tournament


def test_benchmark_positions_are_valid_mid_game_states():
    state = bench.random_position(7)
    on_table = sum(len(s["tile_ids"]) for s in state["table"])
    assert 20 <= on_table <= 66 and 8 <= len(state["racks"]["A"]) <= 20


def test_benchmark_measures_and_reports(capsys):
    r = bench.measure([bench.random_position(1), bench.random_position(2)])
    assert r["illegal"] == 0 and r["positions"] == 2
    bench._report("x", r)
    assert "median" in capsys.readouterr().out


def test_a_tournament_game_finishes_without_rejected_moves():
    outcome = tournament.play_game("normal", "easy", seed=3, a_first_seat=True)
    assert outcome.rejected == 0 and outcome.score in (0.0, 0.5, 1.0)


def test_wilson_interval():
    lo, hi = tournament.wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
