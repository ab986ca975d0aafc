"""English as the second locale: the lobby, a new room's waiting room and a game against an AI in
English, a server message in English, then back to Korean (the choice is a Reflex event)."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_english_from_the_lobby_to_a_game_and_back_to_korean(page, base_url):
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    expect(page.locator("#create-room")).to_have_text("만들기")
    page.locator("#lang-switch").click()
    expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
    expect(page.locator("#create-room")).to_have_text("Create")
    expect(page.locator("#practice")).to_have_text("Practice alone against AI")
    expect(page.locator("#create-mahjong-room")).to_have_text("Create a Riichi Mahjong room")
    expect(page.locator("#room-name-input")).to_have_attribute("placeholder", "Room name")

    page.locator("#nickname").fill("Ana")
    page.locator("#room-name-input").fill("English room")
    page.locator("#create-room").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)

    # the waiting room, still in English (the choice is kept in the browser)
    expect(page.locator("#room-status")).to_have_text("Waiting", timeout=15_000)
    expect(page.locator("#start")).to_have_text("Start game")
    expect(page.locator("#leave-room")).to_have_text("Leave")
    expect(page.locator("#seat-1")).to_contain_text("Empty seat")
    expect(page.locator("#seat-0")).to_contain_text("Seat 1")
    expect(page.locator("#seat-0")).to_contain_text("Host")
    expect(page.locator("#add-ai-easy-1")).to_have_text("Easy")
    expect(page.get_by_text("Turn 60 s · game 30 min")).to_be_visible()

    # a server message: the room service answers in Korean, the page shows the English
    page.locator("#chat-send").click()
    expect(page.locator("#room-error")).to_have_text("Please type a message", timeout=10_000)

    page.locator("#add-ai-easy-1").click()
    expect(page.locator("#seat-1 .seat-name")).to_have_text(re.compile(r"^AI 2"), timeout=10_000)
    page.locator("#start").click()
    expect(page.locator("#room-status")).to_have_text("Playing", timeout=10_000)
    expect(page.locator("#rack [data-tile]")).to_have_count(14)
    expect(page.locator("#my-turn")).to_have_text("Your turn", timeout=15_000)
    expect(page.locator("#draw")).to_have_text("Draw a tile", use_inner_text=True)  # what shows: a phone shows "Draw"
    expect(page.locator("#commit")).to_have_text("Commit")
    expect(page.locator("#hint")).to_have_text("Hint")
    expect(page.locator("#pool-count")).to_contain_text("Pool: ")
    expect(page.locator("#rules")).to_have_text("Rules")
    expect(page.locator("#lang-switch")).to_have_text("한국어")

    # back to Korean: the same page, in Korean
    page.locator("#lang-switch").click()
    expect(page.locator("#room-status")).to_have_text("게임 중", timeout=15_000)
    expect(page.locator("#draw")).to_have_text("한 장 가져오기", use_inner_text=True)
    expect(page.locator("#commit")).to_have_text("배치 확정")
    expect(page.locator("#pool-count")).to_contain_text("남은 타일 ")
    page.locator("#game-menu").click()  # leave and chat sit in the game's menu
    expect(page.locator("#leave-room")).to_have_text("나가기")
    page.keyboard.press("Escape")
    expect(page.locator("#leave-room")).to_have_count(0)
    expect(page.locator("#lang-switch")).to_have_text("English")


def test_the_header_and_pages_fit_a_phone_in_both_locales(browser, base_url):
    """With real Hangul glyphs a 390 px phone once broke "로비" into two lines and pushed a lobby
    button off the screen; no page, in either locale, may wrap a header link or be wider than the phone."""
    context = browser.new_context(locale="ko-KR", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    measure = """() => {
        // the text's own height: on a phone a header target's 44 px box is padding around one line (assets/site.css)
        const line = el => {
            const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
            return [r.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom), parseFloat(cs.lineHeight) || r.height];
        };
        const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391).map(e => e.id || e.tagName);
        return {
            page: [document.documentElement.scrollWidth, window.innerWidth],
            links: ['nav-rankings', 'header-signin', 'lang-switch'].map(id => line(document.getElementById(id))),
            wide: wide.slice(0, 5),
        };
    }"""
    try:
        for locale in ("ko", "en"):
            page.goto(f"{base_url}/lobby")
            expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
            if locale == "en":  # the choice is kept in the browser for the next pages
                page.locator("#lang-switch").click()
                expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
            for path in ("/lobby", "/rankings", "/signin"):
                page.goto(f"{base_url}{path}")
                expect(page.locator("#lang-switch")).to_have_text("English" if locale == "ko" else "한국어", timeout=30_000)
                page.wait_for_load_state("networkidle")
                sizes = page.evaluate(measure)
                # a mobile browser widens its layout viewport to fit wide content: compare with the phone's 390
                assert max(sizes["page"]) <= 390, f"{locale} {path}: wider than the phone: {sizes}"
                for height, line_height in sizes["links"]:
                    assert height < 1.6 * line_height, f"{locale} {path}: a header link wraps: {sizes}"
    finally:
        context.close()
