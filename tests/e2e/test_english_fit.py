"""English complete on the site's pages (issue 34: 10): the browser tab's title follows the
player's language, and at 390 px every visible text of the lobby (with open rooms listed), a
waiting room with three AI seats and a replay fits its box (no cut badge, no clipped label), in
Korean and in English. The number-tile board and the mahjong table are measured by their own tests."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import create_room
from tests.unit.replays.room_driver import play_room_game
from tilerooms import wiring
from tilerooms.accounts import game_records

pytestmark = pytest.mark.e2e
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "ko-KR"}

# every visible element holding text directly (an inline one: its block) whose content is wider
# than its box: a cut badge or label ("AI 4 (Norm…"); a screen reader's text (1 px, clipped) is not
# on the screen
CUT_TEXTS = """() => {
    const cut = [];
    for (const el of document.querySelectorAll('body *')) {
        if (el.closest('#board, #mj-table, script, style, [aria-hidden="true"]')) continue;
        if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        let box = el;
        while (box && getComputedStyle(box).display === 'inline') box = box.parentElement;
        if (!box || !box.checkVisibility() || box.clientWidth === 0) continue;
        // text for screen readers only (1 px, clipped: the header's sound toggle's label) is not seen
        const shown = getComputedStyle(box);
        if (shown.position === 'absolute' && box.clientWidth <= 1 && shown.clip !== 'auto') continue;
        if (box.scrollWidth > box.clientWidth + 1) {
            cut.push(`"${el.textContent.trim().slice(0, 30)}" ${box.scrollWidth} > ${box.clientWidth}`);
        }
    }
    return cut;
}"""


def assert_texts_fit(page, where: str) -> None:
    page.wait_for_timeout(300)
    cut = page.evaluate(CUT_TEXTS)
    assert not cut, f"{where}: {len(cut)} texts wider than their box: {cut}"


def switch_to(page, locale: str) -> None:
    """The header's language switch, to `locale`."""
    want = "한국어" if locale == "en" else "English"  # the switch names the other language
    if page.locator("#lang-switch").inner_text() != want:
        page.locator("#lang-switch").click()
        expect(page.locator("#lang-switch")).to_have_text(want, timeout=15_000)


def test_titles_follow_the_language(open_page, base_url):
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    page = open_page(locale="en-US", viewport={"width": 1366, "height": 768})
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    expect(page).to_have_title("tilerooms · 로비")
    switch_to(page, "en")
    expect(page).to_have_title("tilerooms · Lobby")
    create_room(page, base_url, name="Title room", nickname="Ana")
    expect(page).to_have_title("tilerooms · Room", timeout=15_000)
    for path, title in (("/signin", "Sign in"), ("/me", "My profile"), ("/me/records", "My records"), ("/rankings", "Rankings")):
        page.goto(f"{base_url}{path}")
        expect(page).to_have_title(f"tilerooms · {title}", timeout=15_000)
    played = play_room_game("rummikub", 5, [("g-title", "guest", "easy"), ("ai-1", "ai", "easy")])
    played.room.id = f"r{secrets.token_hex(5)}"
    page.goto(f"{base_url}/game/{game_records.store_finished_game(played.room)}")
    expect(page.locator("#replay")).to_be_visible(timeout=30_000)
    expect(page).to_have_title("tilerooms · Replay")
    switch_to(page, "ko")
    expect(page).to_have_title("tilerooms · 다시 보기")


@pytest.mark.parametrize("locale", ["ko", "en"])
def test_every_text_fits_its_box_on_a_phone(open_page, base_url, locale):
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    other, page = open_page(**PHONE), open_page(**PHONE)
    create_room(other, base_url, name="Other player's long room name", nickname="Other player")  # listed in the lobby
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)
    switch_to(page, locale)
    expect(page.locator(".room-row").first).to_be_visible(timeout=15_000)
    assert_texts_fit(page, f"lobby ({locale})")

    create_room(page, base_url, name="AI seats", nickname="Long nickname 1")
    for seat, level in ((1, "normal"), (2, "normal"), (3, "hard")):
        page.locator(f"#add-ai-{level}-{seat}").click()
        expect(page.locator(f"#remove-ai-{seat}")).to_be_visible(timeout=10_000)
    assert_texts_fit(page, f"waiting room ({locale})")

    played = play_room_game("rummikub", 7, [("g-fit", "guest", "easy"), ("ai-1", "ai", "normal"), ("ai-2", "ai", "hard")])
    played.room.id = f"r{secrets.token_hex(5)}"
    page.goto(f"{base_url}/game/{game_records.store_finished_game(played.room)}")
    expect(page.locator("#replay-moves .rp-move").first).to_be_visible(timeout=30_000)
    assert_texts_fit(page, f"replay ({locale})")
    page.keyboard.press("End")
    assert_texts_fit(page, f"replay, last step ({locale})")
