"""Quick-match grouping (issue 37): by rating when enough wait, a band that widens with waiting
time, AI fill only for those who opted in."""

from __future__ import annotations

from tilerooms.rooms.matchmaking import BASE_BAND, OPEN_AFTER_MS, WIDEN_PER_S, Waiting, band, group

NOW = 1_000_000


def w(person: str, rating: float, waited_ms: int = 0, fill_after_ms: int | None = None) -> Waiting:
    return Waiting(person, rating, NOW - waited_ms, fill_after_ms)


def ids(groups) -> list[list[str]]:
    return [sorted(m.person_id for m in g.members) for g in groups]


def test_band_widens_with_waiting_and_opens_after_a_minute() -> None:
    assert band(0) == BASE_BAND
    assert band(10_000) == BASE_BAND + 10 * WIDEN_PER_S
    assert band(OPEN_AFTER_MS) == float("inf")


def test_too_few_waiting_makes_no_group() -> None:
    groups, left = group([w("a", 1500), w("b", 1500)], 3, NOW)
    assert groups == [] and len(left) == 2


def test_nearest_ratings_are_grouped_together() -> None:
    waiting = [w("a", 1000), w("b", 1900), w("c", 1020), w("d", 1880)]
    groups, left = group(waiting, 2, NOW)
    assert sorted(ids(groups)) == [["a", "c"], ["b", "d"]]
    assert left == []


def test_far_apart_ratings_wait_until_the_band_is_wide_enough() -> None:
    gap = BASE_BAND + 5 * WIDEN_PER_S  # fits once both waited 5 s
    assert group([w("a", 1000), w("b", 1000 + gap)], 2, NOW)[0] == []
    assert group([w("a", 1000, 4_000), w("b", 1000 + gap, 4_000)], 2, NOW)[0] == []
    assert ids(group([w("a", 1000, 5_000), w("b", 1000 + gap, 5_000)], 2, NOW)[0]) == [["a", "b"]]


def test_a_fresh_player_narrows_the_band_of_a_long_waiting_one() -> None:
    # a waited a long time (wide band) but b just came: b's own band must fit too
    far = BASE_BAND + 100
    assert group([w("a", 1000, 30_000), w("b", 1000 + far)], 2, NOW)[0] == []
    assert ids(group([w("a", 1000, OPEN_AFTER_MS), w("b", 1000 + far, OPEN_AFTER_MS)], 2, NOW)[0]) == [["a", "b"]]


def test_the_longest_waiting_is_served_first() -> None:
    waiting = [w("new", 1500, 0), w("old", 1500, 20_000), w("mid", 1500, 10_000)]
    groups, left = group(waiting, 2, NOW)
    assert ids(groups) == [["mid", "old"]]
    assert [x.person_id for x in left] == ["new"]


def test_every_group_fits_each_members_band() -> None:
    waiting = [w(f"p{i}", 1000 + 37 * i, (i * 7919) % 50_000) for i in range(200)]
    groups, left = group(waiting, 4, NOW)
    assert groups
    for g in groups:
        ratings = [m.rating for m in g.members]
        assert len(g.members) == 4 and g.ais == 0
        assert max(ratings) - min(ratings) <= min(band(NOW - m.since) for m in g.members)
    seated = [m.person_id for g in groups for m in g.members]
    assert len(seated) == len(set(seated))  # nobody in two groups
    assert len(seated) + len(left) == 200


def test_ai_fill_waits_its_time_then_fills_the_empty_seats() -> None:
    assert group([w("a", 1500, 9_999, fill_after_ms=10_000)], 4, NOW)[0] == []
    groups, left = group([w("a", 1500, 10_000, fill_after_ms=10_000)], 4, NOW)
    assert ids(groups) == [["a"]] and groups[0].ais == 3 and left == []


def test_ai_fill_takes_only_people_who_opted_in() -> None:
    waiting = [w("a", 1500, 30_000, fill_after_ms=30_000), w("people-only", 1500, 0), w("b", 1500, 0, fill_after_ms=60_000)]
    groups, left = group(waiting, 4, NOW)
    assert ids(groups) == [["a", "b"]] and groups[0].ais == 2
    assert [x.person_id for x in left] == ["people-only"]


def test_people_first_when_enough_wait_even_with_fill_due() -> None:
    waiting = [w("a", 1500, 30_000, fill_after_ms=10_000), w("b", 1500, 0)]
    groups, _ = group(waiting, 2, NOW)
    assert ids(groups) == [["a", "b"]] and groups[0].ais == 0
