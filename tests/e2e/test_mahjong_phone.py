"""The mahjong table on a phone uses the width (issue 34: 7, 6), measured at 390×844 (touch) and
1366×768 (mouse) on the late position of `test_mahjong_layout` (14 tiles in my hand, four melds
on my right, a chi and a closed kan opposite, three dora indicators), reached through the lobby's
연습 button; then again in the other print size (large print: a caption under every tile).

- phone: hand tiles at least 26 px wide at 14 tiles (today 23.6), meld tiles at least 20 px
  (today 16), dora indicators at least 22 px (today 18), pond tiles kept at 20.9 px;
- the table's tools (rules "?" and 설정) at least 44 × 44 px on the phone (today 22×24 and 32);
- no text inside the table covered by a tile or by other text (the point at the middle of each
  caption's own text shows that caption), the centre's lines clear of the seats' scores around
  them, every hand tile with its caption inside the hand's box and the screen; in large print too;
- the page still fits the screen (no scroll, nothing sideways).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.navigation import practice_mahjong
from tests.e2e.seeding import seed_mahjong
from tests.e2e.test_mahjong_layout import LATE, LATE_HANDS, SCREENS

pytestmark = pytest.mark.usefixtures("scripted_ais")  # AIs discard what they draw and pass every claim

MEASURE = """() => {
  const widths = (sel) => Array.from(document.querySelectorAll(sel)).filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect().width);
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect(); return [r.width, r.height]; };
  // each visible text of its own in the table: is the middle of its text the element itself?
  const covered = [];
  for (const el of document.querySelectorAll('#mj-table *')) {
    const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own.length || !el.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(own[0]);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      const x = r.x + r.width / 2, y = r.y + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && top !== el && !el.contains(top)) covered.push([el.textContent.trim().slice(0, 12), (top.className || top.tagName).toString().slice(0, 30)]);
    }
  }
  // the centre's lines and the four seats' scores around them never overlap
  const rect = (e) => e.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const lines = ['#mj-round', '#mj-counts', '#mj-dora', '#mj-clock'].map((s) => document.querySelector(s)).filter((e) => e && e.checkVisibility());
  const overlaps = [];
  for (const side of document.querySelectorAll('#mj-centre .mj-side')) {
    for (const line of lines) if (meets(rect(side), rect(line))) overlaps.push([side.textContent, line.id]);
  }
  // every hand tile, its caption included, inside the hand's box and the screen
  const hand = document.getElementById('mj-hand');
  const cut = hand ? Array.from(hand.querySelectorAll('.mj-tile')).filter((t) => rect(t).bottom > Math.min(rect(hand).bottom, innerHeight) + 0.5 || rect(t).left < -0.5 || rect(t).right > innerWidth + 0.5).length : 0;
  const se = document.scrollingElement;
  return {hand: widths('#mj-hand .mj-tile'), meld: widths('#mj-table .mj-meld .mj-tile'), dora: widths('#mj-dora .mj-tile'),
          pond: widths('#mj-table .mj-pond .mj-tile'), rules: box('#mj-rules'), settings: box('#mj-settings'), covered, overlaps, cut,
          overflowX: se.scrollWidth - innerWidth, overflowY: se.scrollHeight - innerHeight};
}"""


def _problems(m: dict, kind: str) -> list[str]:
    """What is wrong with one measurement (`MEASURE`)."""
    out = []
    if m["overflowX"] > 0 or m["overflowY"] > 0:
        out.append(f"the page scrolls: {m['overflowX']} px sideways, {m['overflowY']} px down")
    if m["overlaps"]:
        out.append(f"the centre's lines overlap: {m['overlaps']}")
    if m["cut"]:
        out.append(f"{m['cut']} hand tiles cut by the hand's box or the screen")
    if m["covered"]:
        out.append(f"texts covered: {m['covered'][:6]}")
    if kind == "phone":
        if len(m["hand"]) == 14 and min(m["hand"]) < 26:
            out.append(f"hand tiles {min(m['hand']):.1f} px wide")
        if min(m["meld"]) < 20:
            out.append(f"meld tiles {min(m['meld']):.1f} px")
        if min(m["dora"]) < 22:
            out.append(f"dora {min(m['dora']):.1f} px")
        if min(m["pond"]) < 20.5:  # six to a row in the square's width: unchanged
            out.append(f"pond tiles {min(m['pond']):.1f} px")
        for name in ("rules", "settings"):
            if min(m[name]) < 44:
                out.append(f"{name} button {m[name][0]:.0f}×{m[name][1]:.0f} px")
    return out


@pytest.mark.parametrize("kind", ["laptop", "phone"])
def test_the_phone_table_uses_its_width(open_page, base_url, kind):
    page = open_page(locale="ko-KR", **SCREENS[kind])
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    room_id = practice_mahjong(page)
    seed_mahjong(room_id, LATE_HANDS, **LATE)
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)
    expect(page.locator("#plate-right .mj-meld")).to_have_count(4)
    page.wait_for_timeout(300)  # the stylesheet and the fonts settle
    RESULTS.mkdir(exist_ok=True)
    plain = page.evaluate(MEASURE)
    page.screenshot(path=str(RESULTS / f"mahjong-phone-{kind}-first.png"))

    # the other print size (large print: a caption under every tile)
    first = page.locator("#mj-table").get_attribute("data-large")
    page.locator("#mj-settings").click()
    page.locator("#mj-set-large").click()
    expect(page.locator("#mj-table")).not_to_have_attribute("data-large", first or "", timeout=10_000)
    page.keyboard.press("Escape")
    expect(page.locator("#mj-settings-panel")).to_have_count(0)
    page.wait_for_timeout(200)
    other = page.evaluate(MEASURE)
    page.screenshot(path=str(RESULTS / f"mahjong-phone-{kind}-other.png"))

    sizes = {k: f"{min(plain[k]):.1f}" for k in ("hand", "meld", "dora", "pond")}
    print(f"\n{kind}: tiles {sizes} px, rules {plain['rules']}, settings {plain['settings']}")
    problems = [f"data-large={first}: {p}" for p in _problems(plain, kind)] + [f"the other print size: {p}" for p in _problems(other, kind)]
    assert not problems, "\n".join(problems)


PLATES_FIT = """() => Array.from(document.querySelectorAll('.mj-plate')).map((p) => {
  const r = p.getBoundingClientRect();
  return {id: p.id, overflowX: p.scrollWidth - p.clientWidth, overflowY: p.scrollHeight - p.clientHeight, right: r.right, bottom: r.bottom, vw: innerWidth};
})"""


def test_sanma_side_plates_fit_a_phone_and_show_their_norths(open_page, base_url):
    """Issue 34: 15 (spec 5.7): a 3-player game on a 390 px phone, created from the lobby with two AI
    seats: the room's header says "리치 마작 · 3인 (산마)" once three are seated; every plate holds its content (no overflow, inside the screen; today a side seat's plate
    had 136 px of content in a 112 px box, its 북×N count cut) and the Norths each seat set aside
    are drawn as tiles beside its melds (today only the 북×N text)."""
    from tests.e2e.test_mahjong_table import _add_ais, _mahjong_room

    page = open_page(locale="ko-KR", **SCREENS["phone"])
    room_id = _mahjong_room(page, base_url, "삼마")
    _add_ais(page, (1, 2))
    # three seated: the room says it will play sanma before the start
    # the room's game name says the mode (the header of the waiting room, then of the game)
    expect(page.locator("#room-game")).to_have_text("리치 마작 · 3인 (산마)", timeout=10_000)
    page.locator("#start").click()
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    # my deal; the right seat set two Norths aside and called a pon, the left seat (in riichi) one North
    # (display only: those North ids are the wall's too, and nobody draws in this test)
    state = seed_mahjong(
        room_id,
        ["19m123456p123s11z7z", "19m147p147s2z9p", "19m258p258s2367z9s"],
        melds={1: [{"type": "pon", "tiles": "666z", "from": 0}]},
        hand_overrides={"kita": [[], [123, 122], [121]]},
        riichi=[2],
    )
    assert state["mode"] == "sanma"
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#plate-right .mj-kita .mj-tile")).to_have_count(2)
    expect(page.locator('#plate-left .mj-kita .mj-tile[data-code="4z"]')).to_have_count(1)
    expect(page.locator("#plate-bottom .mj-kita")).to_have_count(0)
    expect(page.locator("#plate-right")).to_contain_text("북×2")
    page.wait_for_timeout(300)
    page.screenshot(path=str(RESULTS / "mahjong-phone-sanma.png"))
    plates = page.evaluate(PLATES_FIT)
    print(plates)
    bad = [p for p in plates if p["overflowX"] > 0 or p["overflowY"] > 0 or p["right"] > p["vw"]]
    assert not bad, f"plates whose content does not fit: {bad}"
    m = page.evaluate(MEASURE)
    assert min(m["meld"]) >= 20, f"meld tiles {min(m['meld'])} px"
