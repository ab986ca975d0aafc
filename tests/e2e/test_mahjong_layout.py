"""The mahjong screen's layout, measured in real browsers (issue 19: 1–4): at 1366×768 (mouse) and
390×844 (touch), reached through the lobby's 연습 button, on seeded late positions — 14 to 15
discards in every pond, an opponent with four melds (a kan among them), another with a chi and a
closed kan, a third in riichi, three dora indicators.

- the page neither scrolls nor overflows; the square table is at least 560 px on the laptop and
  the phone's width less its margins (up to half taller on the phone); pond tiles at least 28 px wide on the laptop;
- every text inside the table is at least 11 px (every visible element with text of its own);
- the hand's box is the same (x, y, width, height within 1 px) on my turn, on the others' turns and
  during a call window with three chi combinations and a pon; the call buttons are at least
  56 px tall and inside the viewport; the page is as tall during the call window as before it;
- riichi: the lit tiles, then the declaration (a sideways tile in my pond) move nothing either;
- no console error and no page error on any of it.

Screenshots go to test-results/mahjong-layout-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.seeding import seed_mahjong
from tests.e2e.test_mahjong_table import _practice, _press

pytestmark = pytest.mark.usefixtures("scripted_ais")  # AIs discard what they draw and pass every claim

SCREENS = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2},
}

# I deal (seat 0): 345m 567m 123p 99s 44z and a drawn 동 — tenpai on 9s/4z once 동 is gone; a 5m
# from my left (seat 3) offers 치 three ways (34m, 46m, 67m) and 퐁 (55m)
LATE_HANDS = ["3m4m5m5m6m7m1p2p3p9s9s4z4z1z", "9p", "1m1m9m9m3s3s5z", "2m2m2m6p7p8p4s5s6s7s7s3z3z"]
LATE = {
    "melds": {
        1: [
            {"type": "pon", "tiles": "222z", "from": 2},
            {"type": "chi", "tiles": "123s", "from": 0},
            {"type": "pon", "tiles": "888p", "from": 3},
            {"type": "daiminkan", "tiles": "6666z", "from": 2},
        ],
        2: [{"type": "chi", "tiles": "456p", "from": 1}, {"type": "ankan", "tiles": "7777z"}],
    },
    "riichi": [3],
    "dora": "2p5s9m",
    # the next draws: seat 1 draws 8m, seat 2 1p, seat 3 the 5m it lets go; the rest of the wall
    # lies in the ponds (14–15 discards each)
    "live": "8m1p5m",
    "live_count": 10,
}
# riichi on 234m 567m 345p 67s 22p: 중 is the one lit tile (tests/e2e/test_mahjong_table.py)
RIICHI_HANDS = ["234m567m345p67s22p7z", "1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]

# what the layout asserts need, measured at once
MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  const widths = (sel) => Array.from(document.querySelectorAll(sel)).map((e) => e.offsetWidth);
  const texts = [];
  for (const el of document.querySelectorAll('#mj-table *')) {
    if (!Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!el.checkVisibility()) continue;
    texts.push([parseFloat(getComputedStyle(el).fontSize), (el.className || el.tagName).toString().slice(0, 40), el.textContent.trim().slice(0, 24)]);
  }
  texts.sort((a, b) => a[0] - b[0]);
  const scroller = document.scrollingElement;
  const hand = document.getElementById('mj-hand');
  return {
    innerWidth: window.innerWidth, innerHeight: window.innerHeight,
    scrollWidth: scroller.scrollWidth, scrollHeight: scroller.scrollHeight,
    table: box(document.getElementById('mj-square')),
    pond: widths('#mj-table .mj-pond .mj-tile'), dora: widths('#mj-dora .mj-tile'),
    meld: widths('#mj-table .mj-meld .mj-tile'), handTiles: widths('#mj-hand .mj-tile'),
    hand: hand ? box(hand) : null, smallest: texts.slice(0, 3),
    calls: Array.from(document.querySelectorAll('#mj-claim button')).map(box),
    // React's "<div> cannot be a descendant of <p>" (a hydration error, logged by development builds only)
    nested: Array.from(document.querySelectorAll(':is(p, span) :is(div, p, ul, ol, table, h1, h2, h3, h4)')).map((e) => e.outerHTML.slice(0, 80)),
  };
}"""

# the hand's box on every frame, with what the screen showed then: mine / others / claim
RECORD = """() => {
  window.__mjHand = [];
  const seen = new Set();
  const tick = () => {
    const hand = document.getElementById('mj-hand');
    if (hand) {
      const r = hand.getBoundingClientRect();
      const shown = document.getElementById('mj-claim') ? 'claim' : document.getElementById('mj-my-turn') ? 'mine' : 'others';
      const key = [shown, r.x, r.y, r.width, r.height].map((v) => (typeof v === 'number' ? v.toFixed(1) : v)).join(' ');
      if (!seen.has(key)) { seen.add(key); window.__mjHand.push([shown, r.x, r.y, r.width, r.height]); }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def _console(page) -> list[str]:
    """Every console error and uncaught page error from now on."""
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(f"console: {msg.text} ({msg.location.get('url')})") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    return errors


def _shot(page, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"mahjong-layout-{name}.png"))


def _assert_fits(m: dict, kind: str) -> None:
    assert m["scrollWidth"] <= m["innerWidth"], f"the page overflows sideways: {m['scrollWidth']} > {m['innerWidth']}"
    assert m["scrollHeight"] <= m["innerHeight"], f"the page scrolls: {m['scrollHeight']} > {m['innerHeight']}"
    x, y, width, height = m["table"]
    assert x >= 0 and x + width <= m["innerWidth"] and y >= 0 and y + height <= m["innerHeight"]
    if kind == "laptop":
        assert abs(width - height) <= 1, f"the table is not square: {width} x {height}"
        assert width >= 560, f"the table is {width:.0f} px"
        assert min(m["pond"]) >= 28, f"pond tiles {min(m['pond'])} px wide"
    else:  # the full width; up to half taller when the phone has the height (issue 34: 7: the corners' plates)
        assert width >= m["innerWidth"] - 16, f"the table is {width:.0f} px on a {m['innerWidth']} px phone"
        assert width - 1 <= height <= width * 1.5 + 1, f"the table is {width} x {height}"
    assert m["smallest"] and m["smallest"][0][0] >= 11, f"text under 11 px in the table: {m['smallest']}"
    assert not m["nested"], f"block elements inside a <p> or <span>: {m['nested']}"
    if m["hand"] is not None:
        hx, hy, hw, hh = m["hand"]
        assert hx >= 0 and hx + hw <= m["innerWidth"] and hy + hh <= m["innerHeight"], f"the hand {m['hand']} leaves the screen"


def _assert_calls(m: dict) -> None:
    assert m["calls"], "no call buttons"
    for x, y, width, height in m["calls"]:
        assert height >= 56, f"a call button {height:.0f} px tall"
        assert x >= 0 and y >= 0 and x + width <= m["innerWidth"] and y + height <= m["innerHeight"], (
            f"a call button outside the screen: {(x, y, width, height)}"
        )


def _same_hand(page, want: set[str]) -> list:
    """The hand's recorded boxes: all within 1 px of the first, and every state in `want` seen."""
    boxes = page.evaluate("() => window.__mjHand")
    assert want <= {b[0] for b in boxes}, f"states seen: {boxes}"
    first = boxes[0]
    for b in boxes:
        assert all(abs(b[i] - first[i]) <= 1 for i in range(1, 5)), f"the hand moved: {first} -> {b}"
    return boxes


@pytest.mark.parametrize("kind", ["laptop", "phone"])
def test_the_table_fills_the_screen_and_the_hand_never_moves(open_page, base_url, kind):
    page = open_page(locale="ko-KR", **SCREENS[kind])
    touch = kind == "phone"
    errors = _console(page)
    room_id = _practice(page, base_url)
    seed_mahjong(room_id, LATE_HANDS, **LATE)
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)
    expect(page.locator("#plate-right .mj-meld")).to_have_count(4)
    expect(page.locator("#mj-dora .mj-tile")).to_have_count(3)
    page.wait_for_timeout(300)  # the stylesheet and the fonts settle
    page.evaluate(RECORD)
    mine = page.evaluate(MEASURE)
    _assert_fits(mine, kind)
    for seat in ("top", "right", "left", "bottom"):
        assert page.locator(f"#pond-{seat} .mj-tile").count() >= 12
    _shot(page, f"{kind}-my-turn")

    # 동 goes (tap, second tap); the others draw and let their tiles go; seat 3's 5m: 치 three ways, 퐁
    east = page.locator('#mj-hand .mj-drawn .mj-tile[data-code="1z"]')
    _press(page, east, touch)
    expect(east).to_have_attribute("data-selected", "true")
    _assert_fits(page.evaluate(MEASURE), kind)  # the enlarged tile stays on the screen
    _press(page, east, touch)
    expect(page.locator("#mj-call-chi")).to_be_visible(timeout=20_000)
    expect(page.locator("#mj-call-pon")).to_be_visible()
    expect(page.locator('[id^="mj-chi-choice-"]')).to_have_count(3)
    page.wait_for_timeout(200)
    during = page.evaluate(MEASURE)
    _assert_fits(during, kind)
    _assert_calls(during)
    assert during["scrollHeight"] == mine["scrollHeight"], "the page grew with the call window"
    _same_hand(page, {"mine", "others", "claim"})
    _shot(page, f"{kind}-chi-window")
    _press(page, page.locator("#mj-call-pass"), touch)
    expect(page.locator("#mj-claim")).to_have_count(0, timeout=10_000)

    # riichi: the lit tile, then the declaration
    seed_mahjong(room_id, RIICHI_HANDS, live="1z1z1z8s", live_count=40, riichi=[2])
    page.reload()
    expect(page.locator("#mj-riichi")).to_be_visible(timeout=20_000)
    page.wait_for_timeout(300)
    page.evaluate(RECORD)
    _press(page, page.locator("#mj-riichi"), touch)
    expect(page.locator('#mj-hand .mj-tile[data-lit="true"]')).to_have_count(1)
    riichi_mode = page.evaluate(MEASURE)
    _assert_fits(riichi_mode, kind)
    _shot(page, f"{kind}-riichi-mode")
    _press(page, page.locator('#mj-hand .mj-tile[data-code="7z"]'), touch)
    expect(page.locator('#plate-bottom [data-riichi="true"]')).to_be_visible(timeout=10_000)
    expect(page.locator('#pond-bottom .mj-tile[data-sideways="true"]')).to_have_count(1)
    _assert_fits(page.evaluate(MEASURE), kind)
    _same_hand(page, {"mine", "others"})
    _shot(page, f"{kind}-riichi")

    assert not errors, "\n".join(errors)
    sizes = {k: (min(v), max(v)) for k, v in during.items() if k in ("pond", "dora", "meld", "handTiles") and v}
    print(
        f"\n{kind}: table {mine['table'][2]:.0f} x {mine['table'][3]:.0f} px, tiles {sizes}, smallest text {mine['smallest'][0]}, "
        f"page {mine['scrollHeight']} / {during['scrollHeight']} px before / during the call window"
    )
