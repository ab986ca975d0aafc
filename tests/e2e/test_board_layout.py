"""The number-tile screen's layout, measured in real browsers (issue 18: 2, 4; GUIDE §8): at
1366×768 (mouse) and 390×844 (touch), a seeded table of 20 sets / 70 tiles and a 20-tile rack.

- the page neither scrolls nor overflows sideways; the table takes what the rest leaves;
- table tiles are at least 30 px wide on the laptop, 20 px on the phone (28 px with ≤ 30 tiles);
- every set's box is inside the table's box and no two sets' boxes overlap (a red reason is part
  of its set's box and at least 11 px);
- a new set goes after the set the drop point follows, and 새 묶음 puts one at the end, never at
  the top-left;
- the action bar's buttons are ≥ 44 px tall on touch and stay at the same y on my turn and the
  others' turns (disabled, not hidden).

Screenshots go to test-results/board-layout-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.seeding import seed_rummikub
from tests.e2e.test_board import _center, _mouse_drag, _practice, _touch_drag

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}

# 10 runs of four ("a" copies) and 10 groups of three ("b" copies): 20 sets, 70 tiles
RUNS = [[f"{c}{n}a" for n in range(start, start + 4)] for c in "KRB" for start in (1, 5, 9)] + [["O1a", "O2a", "O3a", "O4a"]]
GROUPS = [[f"{c}{n}b" for c in "KRB"] for n in range(1, 11)]
FULL_TABLE = RUNS + GROUPS
# 20 tiles, none of which joins another into a set by itself in the first few cells
MY_RACK = [f"O{n}a" for n in range(5, 14)] + ["K13a", "R13a", "B13a"] + [f"O{n}b" for n in range(1, 9)]
OTHER_RACKS = [["K11b", "K12b", "R11b"], ["R12b", "B11b", "B12b"], ["K13b", "R13b", "B13b"]]
SMALL_TABLE = RUNS[:3] + GROUPS[:6]  # 9 sets, 30 tiles

BOXES = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"


def _seeded(browser, base_url: str, screen: dict, table: list):
    context = browser.new_context(locale="ko-KR", **screen)
    page = context.new_page()
    room_id = _practice(page, base_url)
    seed_rummikub(room_id, table, [MY_RACK, *OTHER_RACKS])
    page.reload()
    expect(page.locator("#my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#table [data-tile]")).to_have_count(sum(len(s) for s in table))
    expect(page.locator("#rack [data-tile]")).to_have_count(20)
    page.wait_for_timeout(300)  # the fitted layout settles (one frame)
    return context, page


def _layout(page) -> dict:
    """Everything the layout asserts need, measured at once."""
    return page.evaluate(
        """() => {
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const tiles = Array.from(document.querySelectorAll('#table [data-tile]')).map((e) => e.getBoundingClientRect().width);
        return {
          scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
          innerHeight: window.innerHeight, innerWidth: window.innerWidth,
          table: box(document.querySelector('.tr-board-table')),
          sets: Array.from(document.querySelectorAll('#table .table-set')).map(box),
          tileMin: Math.min(...tiles), tileMax: Math.max(...tiles),
          tileHeight: Math.min(...Array.from(document.querySelectorAll('#table [data-tile]')).map((e) => e.getBoundingClientRect().height)),
          rackTile: document.querySelector('#rack [data-tile]').getBoundingClientRect().width,
          reasons: Array.from(document.querySelectorAll('#table .set-reason')).map((e) => parseFloat(getComputedStyle(e).fontSize)),
          rack: box(document.getElementById('rack')),
          buttons: Object.fromEntries(Array.from(document.querySelectorAll('#action-bar button')).map((e) => [e.id, box(e)])),
        };
    }"""
    )


def _assert_fits(m: dict, min_tile: float) -> None:
    assert m["scrollHeight"] <= m["innerHeight"] + 1, f"the page scrolls: {m['scrollHeight']} > {m['innerHeight']}"
    assert m["scrollWidth"] <= m["innerWidth"], f"the page overflows sideways: {m['scrollWidth']} > {m['innerWidth']}"
    assert m["tileMin"] >= min_tile, f"table tiles {m['tileMin']:.1f} px wide (want ≥ {min_tile})"
    left, top, right, bottom = m["table"]
    for s in m["sets"]:
        assert left - 0.5 <= s[0] and s[2] <= right + 0.5 and top - 0.5 <= s[1] and s[3] <= bottom + 0.5, f"set {s} outside the table {m['table']}"
    for i, a in enumerate(m["sets"]):
        for b in m["sets"][i + 1 :]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5
            assert not overlap, f"sets overlap: {a} {b}"
    assert all(size >= 11 for size in m["reasons"]), m["reasons"]
    assert m["rack"][3] <= m["innerHeight"] and m["table"][3] <= m["rack"][1]


def _bar_ys(m: dict) -> dict:
    return {k: round(v[1], 1) for k, v in m["buttons"].items()}


def _order_of(page, tile: str) -> int:
    return int(page.locator(".table-set", has=page.locator(f"#tile-{tile}")).get_attribute("data-order"))


def _drag(page, cdp, source, to_xy) -> None:
    """A finger drag (touch events) when `cdp` is given, else a mouse drag."""
    if cdp is not None:
        _touch_drag(cdp, _center(source), to_xy)
    else:
        _mouse_drag(page, source, to_xy)


def _press(page, selector: str, touch: bool) -> None:
    """A tap (touch) or a click; a tap chromium folds into the touch drag before it is tapped again."""
    target = page.locator(selector)
    if not touch:
        target.click()
        return
    target.tap()
    try:
        expect(target).to_have_attribute("data-selected", "true", timeout=2_000)
    except AssertionError:
        target.tap()


def _watch_others_turn(page) -> None:
    """Record the action bar and the rack while another player has the turn (it may be short: an
    AI plays in 0.3 s in these tests)."""
    page.evaluate(
        """() => { window.__others = [];
        const look = () => {
          if (!document.getElementById('whose-turn')) return;
          const ys = {};
          document.querySelectorAll('#action-bar button').forEach((b) => { ys[b.id] = [Math.round(b.getBoundingClientRect().top * 10) / 10, b.disabled]; });
          window.__others.push({ ys, rack: document.getElementById('rack').getBoundingClientRect().bottom });
        };
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    }"""
    )


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_full_table_fills_the_play_area_and_the_action_bar_stays(browser, base_url, screen):
    touch = screen == "phone"
    context, page = _seeded(browser, base_url, PHONE if touch else LAPTOP, FULL_TABLE)
    RESULTS.mkdir(exist_ok=True)
    try:
        mine = _layout(page)
        _assert_fits(mine, 20 if touch else 30)
        print(
            f"{screen}: table {mine['table']}, table tiles {mine['tileMin']:.1f}–{mine['tileMax']:.1f} px wide ({mine['tileHeight']:.1f} tall), rack tiles {mine['rackTile']:.1f}"
        )
        if touch:
            low = {k: v for k, v in mine["buttons"].items() if v[3] - v[1] < 44}
            assert not low, f"action buttons under 44 px on touch: {low}"
        page.screenshot(path=str(RESULTS / f"board-layout-{screen}-full.png"))

        # two invalid sets: one dropped onto the table's free space below the flow (after the
        # last set), one from 새 묶음 (at the end as well, never top-left); reasons stay inside
        cdp = context.new_cdp_session(page) if touch else None
        table_box = page.locator(".tr-board-table").bounding_box()
        below = (table_box["x"] + table_box["width"] - 6, table_box["y"] + table_box["height"] - 6)  # the corner after every set
        _drag(page, cdp, page.locator("#rack #tile-O5a"), below)
        expect(page.locator("#table #tile-O5a")).to_be_visible(timeout=10_000)
        assert _order_of(page, "O5a") == 20  # after all 20 sets
        page.wait_for_timeout(600)  # a finger is not quicker than this (test_board.py)
        _press(page, "#rack #tile-K13a", touch)
        expect(page.locator("#rack #tile-K13a")).to_have_attribute("data-selected", "true")
        (page.locator("#place-new").tap() if touch else page.locator("#place-new").click())
        expect(page.locator("#table #tile-K13a")).to_be_visible(timeout=10_000)
        assert _order_of(page, "K13a") == 21
        # a tile dropped just right of the first set goes right after it in the flow
        first = page.locator('#table .table-set[data-order="0"]')
        first_order = int(first.get_attribute("data-order"))
        fb = first.bounding_box()
        gap_point = (fb["x"] + fb["width"] + 3, fb["y"] + fb["height"] / 2)
        page.wait_for_timeout(600)
        _drag(page, cdp, page.locator("#rack #tile-O7a"), gap_point)
        expect(page.locator("#table #tile-O7a")).to_be_visible(timeout=10_000)
        assert _order_of(page, "O7a") == first_order + 1, "the dropped tile is not next to where it was dropped"
        expect(page.locator("#table .set-reason")).to_have_count(3)
        page.wait_for_timeout(300)
        drafted = _layout(page)
        _assert_fits(drafted, 20 if touch else 30)
        assert len(drafted["reasons"]) == 3
        page.screenshot(path=str(RESULTS / f"board-layout-{screen}-draft.png"))
        assert _bar_ys(drafted) == _bar_ys(mine), "the action bar moved while I edited the table"

        # my turn ends (전체 취소, then a draw): the bar keeps its place and its buttons, the
        # turn's own are disabled, and the rack does not jump
        page.wait_for_timeout(600)  # a tap right after a touch drag is part of that gesture in chromium
        (page.locator("#reset").tap() if touch else page.locator("#reset").click())
        expect(page.locator("#table [data-tile]")).to_have_count(70, timeout=10_000)
        _watch_others_turn(page)
        (page.locator("#draw").tap() if touch else page.locator("#draw").click())
        expect(page.locator("#action-bar #commit")).to_be_visible()
        page.wait_for_function("() => window.__others.length > 0", timeout=15_000)
        others = page.evaluate("() => window.__others")
        expected = _bar_ys(mine)
        for seen in others:
            assert {k: v[0] for k, v in seen["ys"].items()} == expected, f"the action bar moved on another's turn: {seen} vs {expected}"
            assert seen["ys"]["commit"][1] and seen["ys"]["draw"][1], "the turn's buttons are not disabled on another's turn"
            # the rack sits on the bar (a drawn tile may give it a row more, upwards)
            assert abs(seen["rack"] - mine["rack"][3]) <= 1, f"the rack moved: {seen['rack']} vs {mine['rack'][3]}"
        if page.locator("#whose-turn").count():
            page.screenshot(path=str(RESULTS / f"board-layout-{screen}-others.png"))
    finally:
        context.close()


def test_a_small_table_on_a_phone_has_big_tiles(browser, base_url):
    context, page = _seeded(browser, base_url, PHONE, SMALL_TABLE)
    try:
        m = _layout(page)
        _assert_fits(m, 28)
        print(f"phone, 30 tiles: table tiles {m['tileMin']:.1f} px wide, table {m['table']}")
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / "board-layout-phone-small.png"))
    finally:
        context.close()
