"""The mahjong score chart's figure (issue 34: 16): lines, y grid on 5,000s, thinned hand labels."""

from __future__ import annotations

from tilerooms.table.mahjong.score_chart import score_figure

ORDER = ["p-a", "p-b", "p-c", "p-d"]
NAMES = {"p-a": "나", "p-b": "AI 2", "p-c": "AI 3", "p-d": "AI 4"}
COLOURS = ("#111", "#222", "#333")


def _history(*hands: tuple[str, tuple[int, int, int, int]]) -> list[tuple[str, dict[str, int]]]:
    return [(label, dict(zip(ORDER, scores, strict=True))) for label, scores in hands]


def test_a_mangan_ron_then_a_draw() -> None:
    # 동1: p-a rons p-b for 8,000 (a non-dealer mangan); 동2: an exhaustive draw, p-a and p-c tenpai
    history = _history(("시작", (25000, 25000, 25000, 25000)), ("동1", (33000, 17000, 25000, 25000)), ("동2", (34500, 15500, 26500, 23500)))
    figure = score_figure(history, ORDER, NAMES, COLOURS)
    assert [line.name for line in figure.lines] == ["나", "AI 2", "AI 3", "AI 4"]
    assert [line.colour for line in figure.lines] == ["#111", "#222", "#333", "#111"]  # colours repeat in turn
    assert [line.final for line in figure.lines] == ["34,500", "15,500", "26,500", "23,500"]
    # y from 15,000 to 35,000 on 5,000s: the top line at 35,000, the bottom at 15,000
    assert [tick.label for tick in figure.y_ticks] == ["15,000", "20,000", "25,000", "30,000", "35,000"]
    assert figure.y_ticks[-1].at == 0 and figure.y_ticks[0].at == 100  # in % of the plot, y down
    # three hands: x at the left edge, the middle and the right edge; 25,000 halfway down
    mine = [tuple(float(v) for v in point.split(",")) for point in figure.lines[0].points.split()]
    assert mine == [(0, 50), (50, 10), (100, 2.5)]
    assert [tick.label for tick in figure.x_ticks] == ["시작", "동1", "동2"]


def test_labels_thin_out_on_a_long_game_and_keep_the_last() -> None:
    hands = [("시작", (25000, 25000, 25000, 25000))] + [(f"h{i}", (25000 + i * 100, 25000 - i * 100, 25000, 25000)) for i in range(1, 16)]
    figure = score_figure(_history(*hands), ORDER, NAMES, COLOURS)
    labels = [tick.label for tick in figure.x_ticks]
    assert len(labels) <= 6 + 1 and labels[0] == "시작" and labels[-1] == "h15"
    xs = [tick.at for tick in figure.x_ticks]
    assert all(b - a >= 100 / 15 * 2 for a, b in zip(xs, xs[1:], strict=False))  # never two labels a hand apart


def test_a_flat_game_still_has_a_range_and_nothing_is_empty() -> None:
    figure = score_figure(_history(("시작", (25000, 25000, 25000, 25000))), ORDER, NAMES, COLOURS)
    assert [tick.label for tick in figure.y_ticks] == ["20,000", "25,000", "30,000"]
    assert figure.lines[0].points == "50.0,50.0"
    assert score_figure([], ORDER, NAMES, COLOURS).lines == []
