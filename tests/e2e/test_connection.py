"""A lost connection is said in the player's language (issue 34: 10, 16): while the socket cannot
reach the server a line over the page says so ("서버와 연결이 끊겼어요…"), and it goes when the
server is back. Reflex's default was an English toast from a toast library loaded on every page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}], ids=["laptop", "phone"])
def test_a_lost_connection_is_said_in_korean_and_goes_when_it_is_back(open_page, base_url, size):
    page = open_page(locale="ko-KR", viewport=size, has_touch=size["width"] < 500)
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    expect(page.locator("#connection-lost")).to_have_count(0)

    page.context.set_offline(True)  # the socket drops and its reconnects fail
    notice = page.locator("#connection-lost")
    expect(notice).to_have_text("서버와 연결이 끊겼어요. 다시 연결하는 중…", timeout=60_000)
    box = notice.bounding_box()
    assert box is not None and box["y"] == 0 and box["width"] == size["width"], box  # across the top
    assert page.evaluate("getComputedStyle(document.querySelector('#connection-lost')).position") == "fixed"

    page.context.set_offline(False)
    expect(notice).to_have_count(0, timeout=60_000)
    # and no toast region of the old toast library ("Notifications alt+T") is on the page
    expect(page.locator('section[aria-label^="Notifications"]')).to_have_count(0)
