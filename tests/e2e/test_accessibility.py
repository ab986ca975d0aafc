"""Browser: the site's pages and both game tables by the usual accessibility rules (issue 34: 14).

axe-core 4.10.3 (tests/e2e/axe.py) runs its WCAG 2.1 A/AA rules (with 2.5.3's "the accessible name
holds the visible label") at 1366×768 (mouse) and 390×844 (touch), allowing 0 violations:
- on the lobby, a waiting room created with the lobby's form, /me/records, /rankings, the sign-in
  page and the replay of a stored game, in Korean and in English, and on a member's /me; there the
  landmark rules apart (axe's best-practice `region` and `landmark-one-main`): every page has a
  banner (header), a nav and one main, and no content outside a landmark;
- in a live number-tile game and a live mahjong game (practice against AI, from the lobby's
  buttons): the table as it opens, with a tile selected and a draft on the table, with the rules
  open, and mahjong's claim window and my turn with a selected tile's hints.
Each table has one polite live region (#table-live, role=status) that says the latest move and
"내 차례" / "Your turn": it is read before and after my move and the opponents' answer, it does not
change while the clock ticks (no mutation in two seconds of ticking), no clock is inside any live
region, and it is in English in the English locale.

To keep the suite cheap, a page is loaded once and checked at both sizes: the phone is the same
page resized to 390×844 with touch emulated (pointer: coarse, as a phone's context has), and each
group of checks shares one browser context (module-scoped).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import audit, report
from tests.e2e.navigation import ROOM_URL, practice_mahjong
from tests.e2e.oidc_provider import sign_in
from tests.e2e.seeding import seed_mahjong
from tests.e2e.test_replay import _store
from tests.unit.replays.room_driver import play_room_game
from tilerooms import wiring

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "accessibility"  # pictures to look at
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
# in an order that loads each page once: the lobby, its records link, then the header's links
PAGES = ["lobby", "records", "rankings", "signin", "room", "replay"]
HANGUL = re.compile("[가-힣]")
MJ_JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]
# every live region of the page and every clock inside one (there must be none)
LIVE = """() => ({
    regions: [...document.querySelectorAll('[aria-live]')].map(e => [e.id, e.getAttribute('aria-live'), e.getAttribute('role')]),
    clocks: [...document.querySelectorAll('.tr-countdown')].filter(e => e.closest('[aria-live]')).map(e => e.outerHTML.slice(0, 120)),
})"""
# records every text the live region takes, and counts its mutations
WATCH = """() => {
    const region = document.getElementById('table-live');
    if (window.__liveObserver) window.__liveObserver.disconnect();
    const heard = window.__live = {texts: [region.textContent], changes: 0};
    window.__liveObserver = new MutationObserver(() => { heard.changes += 1; heard.texts.push(region.textContent); });
    window.__liveObserver.observe(region, {childList: true, characterData: true, subtree: true});
}"""


def _sized(page, size: str, *, settle: bool = True) -> None:
    """`page` at `size`: 390×844 with a touch screen emulated (pointer: coarse) for the phone,
    1366×768 with a mouse for the laptop; the layout settles before anything is measured."""
    cdp = getattr(page, "_a11y_cdp", None)
    if cdp is None:
        cdp = page._a11y_cdp = page.context.new_cdp_session(page)
    page.set_viewport_size(SIZES[size])
    touch = size == "phone"
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
    assert page.evaluate("matchMedia('(pointer: coarse)').matches") == touch
    if settle:
        page.wait_for_timeout(300)  # layout, fitted tile sizes and transitions (fades, dialogs) settle before colours are read


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _axe_problems(page, where: str, *, landmarks: bool = True) -> list[str]:
    """What axe (and, for a site page, the landmark check) finds on `page` as it is now."""
    found, regions = audit(page)
    problems = [f"{where} — WCAG 2.1 A/AA:\n{report(found)}"] if found else []
    if landmarks:
        if regions:
            problems.append(f"{where} — landmarks:\n{report(regions)}")
        roles = page.evaluate("""() => ({
            banner: document.querySelectorAll('header, [role=banner]').length,
            nav: document.querySelectorAll('nav, [role=navigation]').length,
            main: document.querySelectorAll('main, [role=main]').length,
        })""")
        if not (roles["banner"] >= 1 and roles["nav"] >= 1 and roles["main"] == 1):
            problems.append(f"{where} — header/nav/main landmarks: {roles}")
    return problems


def _both_sizes(page, where: str, shot: str = "", *, landmarks: bool = True) -> list[str]:
    """axe's findings on `page` at the laptop's size, then the phone's; the page is left a laptop."""
    problems: list[str] = []
    for size in ("laptop", "phone"):
        _sized(page, size)
        problems += _axe_problems(page, f"{where} at {size}", landmarks=landmarks)
        if shot:
            _shot(page, f"{shot}-{size}")
    _sized(page, "laptop", settle=False)
    return problems


def _context(browser, **options: Any) -> Any:
    return browser.new_context(**{"locale": "ko-KR", "viewport": SIZES["laptop"], **options})


def _named(context, name: str) -> Any:
    # set before any page script runs: a name set after the load races the app's own default
    context.add_init_script(f"localStorage.setItem('tilerooms_nick', {name!r})")
    return context.new_page()


# --- the site's pages ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def replay_id(base_url) -> str:
    """A stored number-tile game (a guest and an easy AI), played in-process: its replay's id."""
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    played = play_room_game("rummikub", 9, [("g-a11y", "guest", "easy"), ("ai-1", "ai", "easy")])
    return _store(played.room)


@pytest.fixture(scope="module")
def site(browser, base_url) -> Iterator[Any]:
    """One guest's page for every site page, in both languages and at both sizes."""
    context = _context(browser)
    page = _named(context, "접근성확인")
    yield page
    context.close()


def _lobby(page, base_url: str) -> None:
    """`page` shows the lobby, hydrated (loaded only when it shows another page)."""
    if page.url.split("?")[0].rstrip("/") != f"{base_url}/lobby":
        page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)  # hydrated


def _reach(page, base_url: str, which: str, replay_id: str) -> None:
    """`page` goes to `which` as a user does: from the lobby by its form, its links or the header."""
    if which == "replay":
        page.goto(f"{base_url}/game/{replay_id}")  # a replay's link is what players share
        expect(page.locator("#replay-position")).to_contain_text("1 /", timeout=30_000)
        return
    if which == "rankings":  # the header's links, on every site page
        page.locator("#nav-rankings").click()
        expect(page.locator("#board-weekly")).to_be_visible(timeout=30_000)
        return
    if which == "signin":
        page.locator("#header-signin").click()
        expect(page.locator("#signin-title")).to_be_visible(timeout=30_000)
        return
    _lobby(page, base_url)
    if which == "room":  # the lobby's form (navigation.create_room without loading the lobby again)
        page.locator("#room-name-input").fill("접근성 확인 방")
        page.locator("#create-room").click()
        page.wait_for_url(ROOM_URL, timeout=30_000)
        expect(page.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
        return
    if which == "records":
        page.locator("#lobby-records").click()
        expect(page.locator("#replays-title")).to_be_visible(timeout=30_000)


@pytest.mark.parametrize("which", PAGES)
def test_each_page_passes_axe_in_korean(site, base_url, replay_id, which):
    _reach(site, base_url, which, replay_id)
    problems = _both_sizes(site, which, shot=which)
    assert not problems, "\n\n".join(problems)


def test_every_page_passes_axe_in_english(site, base_url, replay_id):
    _lobby(site, base_url)
    site.locator("#lang-switch").click()
    expect(site.locator(".tr-shell")).to_have_attribute("lang", "en", timeout=10_000)
    problems: list[str] = []
    try:
        for which in PAGES:
            _reach(site, base_url, which, replay_id)
            expect(site.locator(".tr-shell")).to_have_attribute("lang", "en", timeout=10_000)
            problems += _both_sizes(site, f"{which} in English", shot="lobby-en" if which == "lobby" else "")
    finally:
        _lobby(site, base_url)  # back to Korean for whatever runs next on this page
        site.locator("#lang-switch").click()
        expect(site.locator(".tr-shell")).to_have_attribute("lang", "ko", timeout=10_000)
    assert not problems, "\n\n".join(problems)


def test_a_members_profile_passes_axe(browser, base_url):
    """/me, a member's page (nickname, avatar colour, quest, sign-out, deletion), after signing in
    with the local OpenID provider from the header's 로그인."""
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app and the local OpenID provider")
    context = _context(browser)
    try:
        page = _named(context, "회원확인")
        sign_in(page, base_url, "a11y-member")
        expect(page.locator("#profile-name")).to_be_visible(timeout=30_000)
        problems = _both_sizes(page, "profile", shot="profile")
    finally:
        context.close()
    assert not problems, "\n\n".join(problems)


# --- the number-tile table ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def number_tiles(browser, base_url) -> Iterator[Any]:
    """A number-tile practice game against one easy AI, started with the lobby's practice button."""
    context = _context(browser)
    context.add_init_script("localStorage.setItem('tilerooms_practice_ais', '1')")
    page = _named(context, "접근성")
    _lobby(page, base_url)
    page.locator("#practice").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    expect(page.locator("#board")).to_be_visible(timeout=20_000)
    yield page
    context.close()


def _live(page) -> str:
    return page.locator("#table-live").text_content() or ""


def _watch(page) -> None:
    page.evaluate(WATCH)


def _heard(page) -> dict[str, Any]:
    return page.evaluate("window.__live")


def _clock_ticks_unheard(page, clock: str) -> None:
    """Two seconds of my turn's clock ticking (its text changes) change nothing in the live region,
    and no clock lies inside a live region."""
    found = page.evaluate(LIVE)
    assert found["regions"] == [["table-live", "polite", "status"]], found  # one region a table, polite
    assert found["clocks"] == [], f"a clock inside a live region: {found['clocks']}"
    _watch(page)
    before = page.locator(clock).first.text_content()
    page.wait_for_timeout(2_100)
    assert page.locator(clock).first.text_content() != before, "the clock did not tick"
    assert _heard(page)["changes"] == 0, f"the live region changed while only the clock ticked: {_heard(page)}"


def _my_number_tile_turn(page) -> None:
    expect(page.locator("#my-turn")).to_be_visible(timeout=30_000)
    expect(page.locator("#table-live")).to_contain_text("내 차례" if page.locator(".tr-shell").get_attribute("lang") != "en" else "Your turn")


def test_the_number_tile_table_passes_axe(number_tiles):
    page = number_tiles
    expect(page.locator("#my-turn")).to_be_visible(timeout=30_000)
    problems = _both_sizes(page, "number-tile table, my turn", shot="number-tiles", landmarks=False)
    # a tile selected, then a draft on the table (a new set of one tile, not valid yet)
    page.locator("#rack [data-tile]").first.click()
    problems += _both_sizes(page, "number-tile table, a tile selected", landmarks=False)
    page.locator("#place-new").click()
    expect(page.locator("#table .table-set")).not_to_have_count(0)
    problems += _both_sizes(page, "number-tile table, a draft", shot="number-tiles-draft", landmarks=False)
    page.locator("#reset").click()
    # the rules, open over the table
    page.locator("#rules").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    problems += _both_sizes(page, "number-tile rules", landmarks=False)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert not problems, "\n\n".join(problems)


def _draw_and_hear_the_answer(page, *, me: str, turn: str) -> list[str]:
    """I draw; the AI answers and my turn comes back: the live region's texts in between."""
    _my_number_tile_turn(page)
    _watch(page)
    page.locator("#draw").click()
    expect(page.locator("#whose-turn")).to_be_visible(timeout=15_000)
    expect(page.locator("#my-turn")).to_be_visible(timeout=30_000)
    expect(page.locator("#table-live")).to_contain_text(turn)
    texts = _heard(page)["texts"]
    assert any(t.startswith(f"{me}:") and turn not in t for t in texts), f"my draw was not said: {texts}"
    return texts


def test_the_number_tile_live_region_says_moves_and_my_turn_once(number_tiles):
    page = number_tiles
    _my_number_tile_turn(page)
    _clock_ticks_unheard(page, ".player-chip .tr-countdown")
    texts = _draw_and_hear_the_answer(page, me="나", turn="내 차례")
    # the AI's move (drew / placed), then my turn: "AI 1 (쉬움): 1장 가져옴. 내 차례"
    assert re.fullmatch(r"AI \d \(쉬움\): .+\. 내 차례", texts[-1]), texts
    # no line said twice in a row (the same move again later, e.g. the AI drew twice, is news again)
    assert all(a != b for a, b in zip(texts, texts[1:])), f"a line was said twice: {texts}"


def test_the_number_tile_live_region_speaks_english(number_tiles):
    page = number_tiles
    page.locator("#lang-switch").click()
    expect(page.locator(".tr-shell")).to_have_attribute("lang", "en", timeout=10_000)
    try:
        texts = _draw_and_hear_the_answer(page, me="You", turn="Your turn")
        assert re.fullmatch(r"AI \d \(Easy\): .+\. Your turn", texts[-1]), texts
        assert not HANGUL.search(_live(page)), _live(page)
    finally:
        page.locator("#lang-switch").click()
        expect(page.locator(".tr-shell")).to_have_attribute("lang", "ko", timeout=10_000)


# --- the mahjong table --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mahjong(browser, base_url) -> Iterator[Any]:
    """A mahjong practice game against three AIs, started with the lobby's button."""
    context = _context(browser)
    page = _named(context, "접근성")
    _lobby(page, base_url)
    practice_mahjong(page)
    yield page
    context.close()


def _play_to_my_turn(page, on_claim: Callable[[], None] | None = None) -> None:
    """Pass every claim offered to me (after `on_claim`, once) and confirm any hand's result, until
    my turn comes."""
    english = page.locator(".tr-shell").get_attribute("lang") == "en"
    for _ in range(80):
        if page.locator("#mj-my-turn").is_visible():
            return
        if page.locator("#mj-call-pass").is_visible():
            expect(page.locator("#table-live")).to_contain_text("You can call it" if english else "부를 수 있어요")
            if on_claim is not None:
                on_claim()
                on_claim = None
            page.locator("#mj-call-pass").click()
        elif page.locator("#mj-ready").is_visible():
            page.locator("#mj-ready").click()
        page.wait_for_timeout(400)
    raise AssertionError("my mahjong turn never came")


def test_the_mahjong_table_passes_axe(mahjong):
    page = mahjong
    problems: list[str] = []
    _play_to_my_turn(page, on_claim=lambda: problems.extend(_both_sizes(page, "mahjong claim window", shot="mahjong-claim", landmarks=False)))
    problems += _both_sizes(page, "mahjong table, my turn", shot="mahjong", landmarks=False)
    # a tile selected: its beginner hints fill the status line (it scrolls sideways on a phone)
    page.locator("#mj-hand [data-tile]").first.click()
    expect(page.locator("#mj-hand [data-selected='true']")).to_have_count(1)
    problems += _both_sizes(page, "mahjong table, a tile selected", shot="mahjong-selected", landmarks=False)
    assert not problems, "\n\n".join(problems)


def test_the_mahjong_live_region_says_discards_and_my_turn(mahjong):
    page = mahjong
    _play_to_my_turn(page)
    _clock_ticks_unheard(page, "#mj-clock")
    _watch(page)
    page.locator("#mj-hand [data-tile]").last.click()
    page.locator("#mj-discard").click()
    expect(page.locator("#mj-my-turn")).to_have_count(0, timeout=10_000)
    _play_to_my_turn(page)
    texts = _heard(page)["texts"]
    assert any(re.fullmatch(r"나: \S+ 버림", t) for t in texts), f"my discard was not said: {texts}"
    assert any(re.fullmatch(r"AI \d \(쉬움\): \S+ 버림", t) for t in texts), f"no AI's discard was said: {texts}"
    # the latest move (an AI's discard or call), then my turn: "AI 4 (쉬움): 9삭 버림. 내 차례"
    assert re.fullmatch(r"AI \d \(쉬움\): .+\. 내 차례", texts[-1]), texts


def test_the_mahjong_live_region_speaks_english(mahjong):
    page = mahjong
    page.locator("#game-lang-switch").click()
    expect(page.locator(".tr-shell")).to_have_attribute("lang", "en", timeout=10_000)
    try:
        _play_to_my_turn(page)
        line = _live(page)
        assert line.endswith("Your turn") and not HANGUL.search(line), line
        assert re.fullmatch(r"(AI \d \(Easy\): .+\. )?Your turn", line), line
    finally:
        page.locator("#game-lang-switch").click()
        expect(page.locator(".tr-shell")).to_have_attribute("lang", "ko", timeout=10_000)


def test_the_mahjong_status_line_full_of_hints_passes_axe(mahjong):
    """My hand one East from tenpai (123m 456m 789m 78p 99s + a drawn East), East selected: the
    status line holds my turn, the discard's hint (waits 6p/9p) and the yaku; on a phone it scrolls
    sideways, so a keyboard must reach it (axe's scrollable-region-focusable)."""
    page = mahjong
    room_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    # AI hands without pairs or near neighbours: they can never call
    seed_mahjong(room_id, ["123m456m789m78p99s1z", *MJ_JUNK], live="5z6p")
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    page.locator('#mj-hand .mj-tile[data-code="1z"]').first.click()
    expect(page.locator("#mj-selected-hint")).to_be_visible()
    _sized(page, "phone")
    line = page.evaluate("() => { const e = document.getElementById('mj-status-line'); return [e.scrollWidth, e.clientWidth]; }")
    assert line[0] > line[1], f"the status line does not scroll at 390 px: {line}"
    problems = _both_sizes(page, "mahjong status line full of hints", shot="mahjong-hints", landmarks=False)
    assert not problems, "\n\n".join(problems)
