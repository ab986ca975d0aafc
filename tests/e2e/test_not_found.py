"""The 404 page (issue 34: 9): an unknown path is answered with HTTP 404 and the site's own page,
in its shell (the header), in the player's language, with a link that takes them to the lobby."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}], ids=["laptop", "phone"])
def test_an_unknown_path_is_a_404_page_in_the_site_shell(open_page, base_url, size):
    page = open_page(locale="ko-KR", viewport=size, has_touch=size["width"] < 500)
    response = page.goto(f"{base_url}/nope")
    assert response is not None and response.status == 404
    expect(page.locator("#not-found-title")).to_have_text("페이지를 찾을 수 없어요", timeout=30_000)
    expect(page.locator("#nav-lobby")).to_be_visible()  # the site's header
    expect(page).to_have_title("tilerooms · 페이지를 찾을 수 없어요")
    assert "404: Page not found" not in page.content()
    page.locator("#not-found-lobby").click()
    page.wait_for_url(re.compile(r"/lobby/?$"), timeout=15_000)
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=15_000)

    # in English (the choice is kept in the browser): a deeper unknown path, in English
    page.locator("#lang-switch").click()
    expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
    response = page.goto(f"{base_url}/room/x/y")
    assert response is not None and response.status == 404
    expect(page.locator("#not-found-title")).to_have_text("Page not found", timeout=30_000)
    expect(page.locator("#not-found-lobby")).to_have_text("Go to the lobby")
    expect(page).to_have_title("tilerooms · Page not found")
