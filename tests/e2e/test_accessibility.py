"""Browser: the site's pages by the usual accessibility rules (issue 34: 14).

axe-core 4.10.3 (tests/e2e/axe.py) runs its WCAG 2.1 A/AA rules on the lobby, a waiting room
created with the lobby's form, /me/records, /rankings, the sign-in page and the replay of a stored
game, at 1366×768 (mouse) and 390×844 (touch), in Korean, and once in English: 0 violations (every
button named, text contrast ≥ 4.5:1, accessible names that hold the visible label, …). The
landmark rules apart (axe's best-practice `region` and `landmark-one-main`, not tagged WCAG):
every page has a banner (header), a nav and one main, and no content outside a landmark.
The pages are reached through the lobby's form, links and the header's navigation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import LANDMARKS, report, violations
from tests.e2e.navigation import create_room
from tests.e2e.oidc_provider import sign_in
from tests.e2e.test_replay import _store
from tests.unit.replays.room_driver import play_room_game
from tilerooms import wiring

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "accessibility"  # pictures to look at
VIEWPORTS = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
PAGES = ["lobby", "room", "records", "rankings", "signin", "replay"]


@pytest.fixture(scope="module")
def replay_id(base_url) -> str:
    """A stored number-tile game (a guest and an easy AI), played in-process: its replay's id."""
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    played = play_room_game("rummikub", 9, [("g-a11y", "guest", "easy"), ("ai-1", "ai", "easy")])
    return _store(played.room)


def _lobby(page, base_url: str) -> None:
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)  # hydrated


def _reach(page, base_url: str, which: str, replay_id: str) -> None:
    """`page` goes to `which` as a user does: from the lobby by its form, its links or the header."""
    if which == "replay":
        page.goto(f"{base_url}/game/{replay_id}")  # a replay's link is what players share
        expect(page.locator("#replay-position")).to_contain_text("1 /", timeout=30_000)
        return
    if which == "room":
        create_room(page, base_url, name="접근성 확인 방")
        expect(page.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
        return
    _lobby(page, base_url)
    if which == "records":
        page.locator("#lobby-records").click()
        expect(page.locator("#replays-title")).to_be_visible(timeout=30_000)
    elif which == "rankings":
        page.locator("#nav-rankings").click()
        expect(page.locator("#board-weekly")).to_be_visible(timeout=30_000)
    elif which == "signin":
        page.locator("#header-signin").click()
        expect(page.locator("#signin-title")).to_be_visible(timeout=30_000)


def _problems(page, which: str, where: str) -> list[str]:
    """What axe and the landmark check find on `page` (showing `which`), as lines for a failure message."""
    page.wait_for_timeout(400)  # transitions (fades, dialogs) settle before colours are read
    problems = []
    found = violations(page)
    if found:
        problems.append(f"{where} — WCAG 2.1 A/AA:\n{report(found)}")
    found = violations(page, rules=LANDMARKS)
    if found:
        problems.append(f"{where} — landmarks:\n{report(found)}")
    roles = page.evaluate("""() => ({
        banner: document.querySelectorAll('header, [role=banner]').length,
        nav: document.querySelectorAll('nav, [role=navigation]').length,
        main: document.querySelectorAll('main, [role=main]').length,
    })""")
    if not (roles["banner"] >= 1 and roles["nav"] >= 1 and roles["main"] == 1):
        problems.append(f"{where} — header/nav/main landmarks: {roles}")
    return problems


@pytest.mark.parametrize("which", PAGES)
@pytest.mark.parametrize("size", VIEWPORTS)
def test_each_page_passes_axe_in_korean(players, base_url, replay_id, size, which):
    (page,) = players("접근성확인", **VIEWPORTS[size])
    _reach(page, base_url, which, replay_id)
    problems = _problems(page, which, f"{which} at {size}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{which}-{size}.png"))
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_members_profile_passes_axe(players, base_url, size):
    """/me, a member's page (nickname, avatar colour, quest, sign-out, deletion), after signing in
    with the local OpenID provider from the header's 로그인."""
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app and the local OpenID provider")
    (page,) = players("회원확인", **VIEWPORTS[size])
    sign_in(page, base_url, f"a11y-{size}")
    expect(page.locator("#profile-name")).to_be_visible(timeout=30_000)
    problems = _problems(page, "profile", f"profile at {size}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"profile-{size}.png"))
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_every_page_passes_axe_in_english(players, base_url, replay_id, size):
    (page,) = players("a11y-en", **VIEWPORTS[size])
    _lobby(page, base_url)
    page.locator("#lang-switch").click()
    expect(page.locator(".tr-shell")).to_have_attribute("lang", "en", timeout=10_000)
    problems: list[str] = []
    for which in PAGES:
        _reach(page, base_url, which, replay_id)
        expect(page.locator(".tr-shell")).to_have_attribute("lang", "en", timeout=10_000)
        problems += _problems(page, which, f"{which} in English at {size}")
        if which == "lobby":
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"lobby-en-{size}.png"))
    assert not problems, "\n\n".join(problems)
