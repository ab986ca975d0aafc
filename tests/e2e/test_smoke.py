"""The browser path from day one: the lobby loads in headless chromium, in Korean, and its socket works."""

import gc

import pytest
from playwright.sync_api import expect

from tilerooms.web.collector import YOUNG_THRESHOLD


def test_lobby_loads_in_korean(page, base_url):
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    expect(page.locator("#game-rummikub")).to_contain_text("숫자 타일")
    expect(page.locator("#game-mahjong")).to_contain_text("리치 마작")
    content = page.content()
    for trademark in ("Rummikub", "루미큐브", "Mahjong Soul", "작혼", "텐호"):
        assert trademark not in content


def test_language_switch_goes_through_the_backend(page, base_url):
    """The switch is a Reflex event: the text changes only if the websocket round trip works."""
    page.goto(f"{base_url}/")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    page.locator("#lang-switch").click()
    expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
    expect(page.locator("#game-rummikub")).to_contain_text("Number Tiles")


def test_the_served_app_tuned_its_collector(page, base_url, request):
    """The app's lifespan ran `collector.tune_for_serving` (issue 20): the harness serves it in this process."""
    if request.config.getoption("--base-url"):
        pytest.skip("the site runs in another process")
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD and gc.get_freeze_count() > 10_000


def test_the_browsers_socket_takes_the_short_way_in(page, base_url, request):
    """The served app is wrapped by `event_socket.shortcut_event_socket` (issue 20: 4) and a real
    browser's event socket went through it (and works: the lobby's list arrived through it)."""
    if request.config.getoption("--base-url"):
        pytest.skip("the site runs in another process")
    from tilerooms.web.event_socket import EventSocketShortcut

    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    page.locator("#lang-switch").click()  # a round trip over the socket
    expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
    from tilerooms.tilerooms import app

    assert isinstance(app.served, EventSocketShortcut) and app.served.sockets >= 1
