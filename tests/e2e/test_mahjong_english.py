"""The mahjong table in English (the second locale), reached through the lobby's practice button:
seat winds E/S/W/N on the plates and around the centre, the round in English, AI names with their
level in English, tile captions in riichi notation, the claim sentence, the beginner hints and the
rules help in English.

AI seats discard what they draw and pass every claim (`tsumogiri_ais`), so the seeded hand plays
the same whatever the real AI would choose.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.navigation import practice_mahjong
from tests.e2e.seeding import seed_mahjong

pytestmark = pytest.mark.usefixtures("scripted_ais")  # AIs discard what they draw and pass every claim

# AI hands without pairs or near neighbours: they can never call
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]
AI_EN = re.compile(r"^AI \d \((Easy|Normal|Hard)\)$")

# the rules dialog's visible texts with Hangul in them, and the texts cut at its sides
RULES_TEXT = """(dialog) => {
  const box = dialog.getBoundingClientRect();
  const hangul = [], cut = [];
  const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text || !node.parentElement.checkVisibility()) continue;
    if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text)) hangul.push(text.slice(0, 30));
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    const holder = node.parentElement;
    if (r.left < Math.max(0, box.left) - 0.5 || r.right > Math.min(innerWidth, box.right) + 0.5 || holder.scrollWidth > holder.clientWidth + 1 && getComputedStyle(holder).overflowX !== 'visible')
      cut.push(text.slice(0, 30));
  }
  return {hangul, cut, overflowX: dialog.scrollWidth - dialog.clientWidth};
}"""


def test_the_practice_table_in_english(browser, base_url):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('tilerooms_locale', 'en'); localStorage.setItem('tilerooms_nick', 'Ana')")
    page = context.new_page()
    try:
        page.goto(f"{base_url}/lobby")
        expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=30_000)
        room_id = practice_mahjong(page)

        # East 1, I deal: 123m 456m 78p 99s 55z 9m + drawn East; the next seat draws Haku
        seed_mahjong(room_id, ["123m456m78p99s55z9m1z", *JUNK], live="5z6p")
        page.reload()
        expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
        expect(page.locator("#mj-round")).to_have_text("East 1, 0 honba")
        expect(page.locator("#plate-bottom .mj-wind")).to_have_text("E")
        expect(page.locator("#plate-right .mj-wind")).to_have_text("S")
        expect(page.locator("#plate-top .mj-wind")).to_have_text("W")
        expect(page.locator("#plate-left .mj-wind")).to_have_text("N")
        expect(page.locator('#mj-centre .mj-side[data-pos="bottom"]')).to_have_text(re.compile(r"^E \d+"))
        for position in ("right", "top", "left"):
            expect(page.locator(f"#plate-{position} .mj-name")).to_have_text(AI_EN)
        drawn = page.locator("#mj-hand .mj-drawn .mj-tile")
        expect(drawn.locator(".mj-label")).to_have_text("E")
        expect(drawn).to_have_attribute("aria-label", "East wind")
        expect(page.locator('#mj-hand .mj-tile[data-code="1m"] .mj-label').first).to_have_text("1m")
        expect(page.locator('#mj-hand .mj-tile[data-code="7p"] .mj-label').first).to_have_text("7p")

        east = page.locator('#mj-hand .mj-tile[data-code="1z"]').first
        east.click()
        expect(east).to_have_attribute("data-selected", "true")
        east.click()
        expect(page.locator('#pond-bottom .mj-tile[data-code="1z"]')).to_have_count(1, timeout=10_000)

        # the next player lets Haku go: the claim sentence is English, the discarder's level too
        expect(page.locator("#mj-call-pon")).to_be_visible(timeout=15_000)
        line = page.locator(".mj-claim-line")
        expect(line).to_contain_text(re.compile(r"AI \d \((Easy|Normal|Hard)\) discarded"))
        expect(line).to_contain_text("— call it?")
        expect(line.locator(".mj-label")).to_have_text("Wh")
        expect(line).not_to_contain_text(re.compile("[가-힣]"))
        expect(page.locator("#mj-call-pon")).to_have_text("Pon")
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / "mahjong-english-claim.png"), full_page=True)

        # issue 34: 10: the beginner hints in English: pon the Haku, then 9m keeps tenpai on 6p/9p
        page.locator("#mj-call-pon").click()
        expect(page.locator('#plate-bottom .mj-meld .mj-tile[data-code="5z"]')).to_have_count(3, timeout=10_000)
        nine = page.locator('#mj-hand .mj-tile[data-code="9m"]').first
        expect(nine).to_have_attribute("data-keeps", "true")
        expect(nine).to_have_attribute("data-hint", re.compile(r"^Waits 6p·9p · \d+ left$"))
        nine.click()
        hint = page.locator("#mj-selected-hint")
        expect(hint).to_contain_text(re.compile(r"9m → Waits 6p·9p · \d+ left"))
        expect(hint).not_to_contain_text(re.compile("[가-힣]"))

        # issue 34: 10: the rules help in English on a 390 px phone: no Korean in any tab, no text
        # cut sideways; in Korean, after the bar's language switch, it is Korean
        page.set_viewport_size({"width": 390, "height": 844})
        page.locator("#mj-rules").click()
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("Riichi Mahjong rules")
        tabs = dialog.get_by_role("tab")
        expect(tabs).to_have_count(4)
        problems = []
        for i in range(4):
            tabs.nth(i).click()
            expect(tabs.nth(i)).to_have_attribute("aria-selected", "true")
            m = dialog.evaluate(RULES_TEXT)
            page.screenshot(path=str(RESULTS / f"mahjong-english-rules-{i}.png"))
            if m["hangul"]:
                problems.append(f"tab {i}: Korean text {m['hangul'][:5]}")
            if m["cut"] or m["overflowX"] > 0:
                problems.append(f"tab {i}: cut sideways {m['cut'][:5]}, the dialog {m['overflowX']} px too wide")
        assert not problems, "\n".join(problems)
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        page.locator("#game-lang-switch").click()
        expect(page.locator("#mj-round")).to_have_text(re.compile("^동1국"), timeout=10_000)
        page.locator("#mj-rules").click()
        expect(dialog).to_contain_text("리치 마작 규칙")
        assert dialog.evaluate(RULES_TEXT)["hangul"], "the Korean rules show no Korean"
    finally:
        context.close()
