"""The number-tile board in real browsers, desktop and a touch phone: drag from the rack, long-press
chains, splitting a run, red borders with reasons, the first-meld shortfall, keyboard-only play,
and a 60-tile table that fits without scrolling. Screenshots go to test-results/ (not committed).
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.seeding import seed_rummikub

RUN_1_TO_7 = {"tile_ids": ["B1a", "B2a", "B3a", "B4a", "B5a", "B6a", "B7a"], "pos": {"row": 0, "col": 0}}


def _practice(page, base_url: str) -> str:
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    page.locator("#practice").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    expect(page.locator("#board")).to_be_visible(timeout=15_000)
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def _center(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _mouse_drag(page, source, to_xy, hold_ms: int = 0) -> None:
    x, y = _center(source)
    page.mouse.move(x, y)
    page.mouse.down()
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    for step in range(1, 11):
        page.mouse.move(x + (to_xy[0] - x) * step / 10, y + (to_xy[1] - y) * step / 10)
    page.mouse.up()


def _touch_drag(cdp, from_xy, to_xy) -> None:
    """A finger drag in ten steps, as real touch events through the DevTools protocol."""
    (x, y), (tx, ty) = from_xy, to_xy
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + (tx - x) * step / 10, "y": y + (ty - y) * step / 10}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _table_point(page, col_fraction: float, row_fraction: float) -> tuple[float, float]:
    box = page.locator("#table").bounding_box()
    return box["x"] + box["width"] * col_fraction, box["y"] + box["height"] * row_fraction


def _set_of(page, tile: str):
    return page.locator(".table-set", has=page.locator(f"#tile-{tile}"))


def _screen_fit(page) -> list[float]:
    """[page height, screen height, the rack's bottom edge] with the page scrolled to the top."""
    return page.evaluate("() => [document.documentElement.scrollHeight, window.innerHeight, document.getElementById('rack').getBoundingClientRect().bottom]")


def test_desktop_drag_chain_split_and_red_borders(open_page, base_url):
    page = open_page(locale="ko-KR", viewport={"width": 1366, "height": 768})  # a common laptop
    room_id = _practice(page, base_url)
    seed_rummikub(room_id, [RUN_1_TO_7], [["R7a", "R8a", "R10a", "K11a", "K12a", "K13a", "O3a"], ["K1b", "K2b", "K3b"]])
    page.reload()
    expect(page.locator("#my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#rack [data-tile]")).to_have_count(7)
    # the table, the buttons and the rack are all on the laptop's screen: no scrolling to drag
    fit = _screen_fit(page)
    assert fit[0] <= fit[1] + 1 and fit[2] <= fit[1], f"the page scrolls (height, screen, rack bottom): {fit}"

    # drag one rack tile onto an empty part of the table: a new (still invalid) set
    _mouse_drag(page, page.locator("#rack #tile-K11a"), _table_point(page, 0.6, 0.5))
    lone = _set_of(page, "K11a")
    expect(lone).to_have_attribute("data-valid", "false", timeout=10_000)
    expect(lone.locator(".set-reason")).to_be_visible()
    # the refusal reason shows under the table; wait for it so the layout no longer moves
    expect(page.locator("#commit-problem")).to_be_visible(timeout=10_000)
    page.wait_for_timeout(300)

    # 789 lays the rack out by colour (the rack keeps a tile's old cell otherwise: a tile of the
    # game before the seed could sit anywhere); then 7 · 8 · 10 are neighbours
    page.locator("#sort-runs").click()
    expect(page.locator("#rack [data-tile]").first).to_have_attribute("data-tile", "K12a", timeout=10_000)
    # long press 7 · 8 · 10: the chain stops at 7 · 8; dragged together they make a new set
    page.mouse.move(*_center(page.locator("#rack #tile-R7a")))
    page.mouse.down()
    page.wait_for_timeout(1100)  # four ticks of 0.25 s
    expect(page.locator('#rack [data-selected="true"]')).to_have_count(2)
    expect(page.locator("#rack #tile-R7a")).to_have_attribute("data-selected", "true")
    expect(page.locator("#rack #tile-R8a")).to_have_attribute("data-selected", "true")
    expect(page.locator("#rack #tile-R10a")).to_have_attribute("data-selected", "false")
    page.mouse.up()
    _mouse_drag(page, page.locator("#rack #tile-R7a"), _table_point(page, 0.3, 0.6))
    expect(_set_of(page, "R7a").locator("[data-tile]")).to_have_count(2, timeout=10_000)
    expect(_set_of(page, "R8a")).to_have_count(1)

    # take the middle tile out of the run 1–7: it splits into 1·2·3 and 5·6·7
    _mouse_drag(page, page.locator("#table #tile-B4a"), _table_point(page, 0.5, 0.85))
    expect(_set_of(page, "B1a").locator("[data-tile]")).to_have_count(3, timeout=10_000)
    expect(_set_of(page, "B5a").locator("[data-tile]")).to_have_count(3)
    expect(_set_of(page, "B4a").locator("[data-tile]")).to_have_count(1)

    # committing an invalid table is refused with the reason; red borders stay
    page.locator("#commit").click()
    expect(page.locator("#room-error")).to_contain_text("고쳐", timeout=10_000)
    expect(page.locator('.table-set[data-valid="false"]')).to_have_count(3)
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "board-desktop.png"), full_page=True)


def test_keyboard_only_first_meld_shortfall_then_a_commit(open_page, base_url):
    page = open_page(locale="ko-KR", viewport={"width": 1280, "height": 900})
    room_id = _practice(page, base_url)
    rack = ["B1a", "B2a", "B3a", "K5a", "R5a", "O5a", "K10a", "K11a", "K12a"]
    seed_rummikub(room_id, [], [rack, ["K1b", "K2b", "K3b"]], melded=False)
    page.reload()
    expect(page.locator("#my-turn")).to_be_visible(timeout=20_000)

    def press(selector: str) -> None:
        target = page.locator(selector)
        target.focus()
        expect(target).to_be_focused()
        page.keyboard.press("Enter")

    for group in (["B1a", "B2a", "B3a"], ["K5a", "R5a", "O5a"]):
        for tile in group:
            press(f"#rack #tile-{tile}")
            expect(page.locator(f"#tile-{tile}")).to_have_attribute("data-selected", "true")
        press("#place-new")
        expect(page.locator(f"#table #tile-{group[0]}")).to_be_visible(timeout=10_000)
    expect(page.locator("#meld-progress")).to_have_text("첫 등록: 21 / 30점 (9점 더)")
    # a shortcut of the player's own choosing commits: bind 배치 확정 to K
    press("#keys")
    page.locator("#key-commit").fill("k")
    press("#keys-save")
    expect(page.locator("#key-bindings")).to_have_attribute("data-keys", re.compile(r'"k": "commit"'), timeout=10_000)
    # the dialog hands focus back to its trigger as it closes: wait, or a later focus() is lost
    expect(page.get_by_role("dialog")).to_have_count(0, timeout=10_000)
    page.keyboard.press("k")
    expect(page.locator("#room-error")).to_have_text("첫 등록은 30점 이상이어야 해요 (지금 21점, 9점 더 필요해요)", timeout=10_000)

    press("#reset")
    expect(page.locator("#table [data-tile]")).to_have_count(0, timeout=10_000)
    for tile in ("K10a", "K11a", "K12a"):
        press(f"#rack #tile-{tile}")
    press("#place-new")
    expect(page.locator("#meld-progress")).to_have_text("첫 등록: 33 / 30점", timeout=10_000)
    page.keyboard.press("k")
    expect(page.locator("#my-turn")).to_have_count(0, timeout=10_000)
    expect(page.locator("#table #tile-K11a")).to_be_visible()


def test_phone_touch_drag_and_a_60_tile_table_that_fits(browser, base_url):
    context = browser.new_context(locale="ko-KR", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    try:
        room_id = _practice(page, base_url)
        colours = "KRBO"
        table = []
        for i in range(20):  # 20 groups of three: 60 tiles
            n = i % 13 + 1
            copy = "a" if i < 13 else "b"
            table.append([f"{c}{n}{copy}" for c in colours[:3]])
        seed_rummikub(room_id, table, [["O1a", "O2a", "O4a", "O6a"], ["O9a", "O10a"]])
        page.reload()
        expect(page.locator("#my-turn")).to_be_visible(timeout=20_000)
        expect(page.locator("#table [data-tile]")).to_have_count(60)

        # the table fits: no scrolling inside it, every set inside its box, and the rack tiles
        # keep a finger-sized target
        table_box = page.locator("#table").bounding_box()
        assert page.locator("#table").evaluate("el => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1")
        for box in page.locator(".table-set").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"
        ):
            assert table_box["x"] - 1 <= box[0] and box[2] <= table_box["x"] + table_box["width"] + 1
            assert table_box["y"] - 1 <= box[1] and box[3] <= table_box["y"] + table_box["height"] + 1
        tile_box = page.locator("#rack #tile-O1a").bounding_box()
        assert tile_box["width"] >= 44 and tile_box["height"] >= 60
        # the whole game fits the phone's screen: players, table, buttons and the rack, no page scroll
        page_size = _screen_fit(page)
        assert page_size[0] <= page_size[1] + 1 and page_size[2] <= page_size[1], f"the page scrolls (height, screen, rack bottom): {page_size}"

        # a touch drag (real touch events through the DevTools protocol) puts O1 on the table
        cdp = context.new_cdp_session(page)
        _touch_drag(cdp, _center(page.locator("#rack #tile-O1a")), _table_point(page, 0.9, 0.93))
        expect(page.locator("#table #tile-O1a")).to_be_visible(timeout=10_000)
        expect(page.locator("#table [data-tile]")).to_have_count(61)
        # the lone tile's red reason hangs inside the table, not past the phone's right edge (a wider
        # page made the phone zoom out and swallow taps)
        expect(_set_of(page, "O1a").locator(".set-reason")).to_be_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / "board-phone.png"), full_page=True)

        # 크게 보기: tiles twice as big, the table pans inside its box, the page itself still fits
        small = page.locator("#table #tile-K1a").bounding_box()["width"]
        box_before = page.locator(".tr-board-table").bounding_box()
        # chromium takes a synthetic tap that follows a touch drag at once as part of that gesture
        # (no click); a finger is never that quick, so wait as long as a person would
        page.wait_for_timeout(600)
        page.locator("#table-zoom").tap()
        expect(page.locator("#table-zoom")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#table-zoom")).to_contain_text("전체 보기")
        big = page.locator("#table #tile-K1a").bounding_box()["width"]
        assert big >= 1.9 * small, (small, big)
        box_after = page.locator(".tr-board-table").bounding_box()
        assert abs(box_after["height"] - box_before["height"]) <= 1, (box_before, box_after)
        assert page.locator(".tr-board-table").evaluate("el => el.scrollWidth > el.clientWidth + 10 && el.scrollHeight > el.clientHeight + 10")
        page_size = _screen_fit(page)
        assert page_size[0] <= page_size[1] + 1, f"zoomed, the page scrolls: {page_size}"
        # a drop still lands where the finger lifts: O2 just right of the first set goes right after
        # it in the zoomed flow, next to the finger (a point at a fixed share of the table's height
        # fell on a set or past the line's visible end, depending on the table's height)
        first = page.locator('#table .table-set[data-order="0"]').bounding_box()
        tx, ty = first["x"] + first["width"] + 3, first["y"] + first["height"] / 2
        _touch_drag(cdp, _center(page.locator("#rack #tile-O2a")), (tx, ty))
        expect(page.locator("#table #tile-O2a")).to_be_visible(timeout=10_000)
        page.wait_for_timeout(400)  # the arriving tile's 200 ms animation
        landed = page.locator("#table #tile-O2a").bounding_box()
        assert abs(landed["x"] + landed["width"] / 2 - tx) < landed["width"] * 1.5 and abs(landed["y"] + landed["height"] / 2 - ty) < landed["height"] * 1.5, (
            landed,
            tx,
            ty,
        )
        page.screenshot(path=str(RESULTS / "board-phone-zoomed.png"))
        assert abs(landed["width"] - big) <= 1, (landed, big)  # zoomed, a new set does not shrink the tiles
        page.wait_for_timeout(600)
        page.locator("#table-zoom").tap()
        expect(page.locator("#table-zoom")).to_have_attribute("aria-pressed", "false")
        # the whole table again: tiles at the size that fits it (O2's set may have taken a line more)
        fitted = float(page.locator("#table").get_attribute("data-tw"))
        assert fitted <= small and abs(page.locator("#table #tile-K1a").bounding_box()["width"] - fitted) <= 1, (small, fitted)
    finally:
        context.close()


def test_the_game_menu_holds_chat_pause_and_the_way_back_to_the_waiting_room(page, base_url):
    """Service page: chat and leave live in the common menu; a solo practice game can be paused and
    taken back to the waiting room from it."""
    _practice(page, base_url)
    expect(page.locator("#room-status")).to_have_text("게임 중")
    expect(page.locator("#chat-input")).to_have_count(0)  # the board has the screen to itself
    page.locator("#game-menu").click()
    page.locator("#chat-input").fill("연습 시작")
    page.locator("#chat-send").click()
    expect(page.locator("#chat-log")).to_contain_text("연습 시작", timeout=10_000)

    page.locator("#pause").click()
    expect(page.locator("#room-status")).to_have_text("일시정지", timeout=10_000)
    expect(page.locator("#board")).to_be_visible()
    page.locator("#resume").click()
    expect(page.locator("#room-status")).to_have_text("게임 중", timeout=10_000)

    page.locator("#quit-practice").click()
    expect(page.locator("#room-status")).to_have_text("대기 중", timeout=10_000)
    expect(page.locator("#game-menu")).to_have_count(0)
    expect(page.locator("#chat-log")).to_contain_text("연습 시작")  # the waiting room shows the chat again
