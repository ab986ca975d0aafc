"""Moves you can follow on the mahjong table (issue 19: 4; spec §9, §5.4), in a real browser: the
last discard is marked (mine, then an AI's), a pon is announced in large text ("퐁!") over the
table, the riichi discard lies sideways (its picture wider than tall), and with "애니메이션 줄이기"
(or the system's reduced motion) the announcement still shows, without animation.

A practice game reached through the lobby, seeded like tests/e2e/test_mahjong_table.py; AI seats
discard what they draw and pass every claim (`tsumogiri_ais`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.seeding import seed_mahjong
from tests.e2e.test_mahjong_table import JUNK, _hand_tile, _practice

pytestmark = pytest.mark.usefixtures("scripted_ais")  # AIs discard what they draw and pass every claim

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _animation(locator) -> str:
    return locator.evaluate("el => getComputedStyle(el).animationName")


def _pon_position(page, room_id: str) -> None:
    """동1국, I deal 123m 456m 78p 99s 55z 9m + 동; the next player draws 백 and lets it go."""
    seed_mahjong(room_id, ["123m456m78p99s55z9m1z", *JUNK], live="5z6p")
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#pond-bottom .mj-tile")).to_have_count(0)


def _discard_east(page):
    """Discard the drawn 동 (tap, tap); the last-discard mark is on it in my pond; returns that tile."""
    east = _hand_tile(page, "1z")
    east.click()
    east.click()
    mine = page.locator('#pond-bottom .mj-tile[data-last="true"]')
    expect(mine).to_have_attribute("data-code", "1z", timeout=10_000)
    return mine


def test_the_last_discard_is_marked_and_a_pon_is_announced(open_page, base_url):
    page = open_page(locale="ko-KR", **DESKTOP)
    room_id = _practice(page, base_url)
    _pon_position(page, room_id)
    expect(page.locator('.mj-pond .mj-tile[data-last="true"]')).to_have_count(0)

    # my discard: the mark is on my new pond tile, and it slides in
    mine = _discard_east(page)
    assert _animation(mine) == "mj-discard-in"

    # the AI on my right discards 백: the mark moves to their pond (one mark on the table)
    expect(page.locator("#mj-call-pon")).to_be_visible(timeout=15_000)
    expect(page.locator('#pond-right .mj-tile[data-last="true"]')).to_have_attribute("data-code", "5z")
    expect(page.locator('.mj-pond .mj-tile[data-last="true"]')).to_have_count(1)

    # pon: announced in large text over the table, animated, never taking clicks
    page.locator("#mj-call-pon").click()
    announce = page.locator("#mj-announce")
    expect(announce).to_have_text("퐁!", timeout=10_000)
    word = announce.locator(".mj-announce-word")
    assert _animation(word) == "mj-announce"
    assert announce.evaluate("el => getComputedStyle(el).pointerEvents") == "none"
    assert word.bounding_box()["height"] >= 40
    # the called tile left the pond: no mark until the next discard; then it is hidden after about a second
    expect(page.locator('.mj-pond .mj-tile[data-last="true"]')).to_have_count(0)
    expect(announce).to_be_hidden(timeout=5_000)
    _hand_tile(page, "9m").click()
    page.locator("#mj-discard").click()
    expect(page.locator('#pond-bottom .mj-tile[data-last="true"]')).to_have_attribute("data-code", "9m", timeout=10_000)


def test_a_riichi_discard_lies_sideways(open_page, base_url):
    page = open_page(locale="ko-KR", **DESKTOP)
    room_id = _practice(page, base_url)
    seed_mahjong(room_id, ["234m567m345p67s22p7z", *JUNK], live="1z1z1z8s", round_wind=1, hand_number=3, dealer=3, points=[29000, 25000, 25000, 21000])
    page.reload()
    expect(page.locator("#mj-riichi")).to_be_visible(timeout=20_000)
    page.locator("#mj-riichi").click()
    _hand_tile(page, "7z").click()
    sideways = page.locator('#pond-bottom .mj-tile[data-sideways="true"]')
    expect(sideways).to_have_attribute("data-code", "7z", timeout=10_000)
    expect(sideways).to_have_attribute("data-last", "true")
    expect(page.locator("#mj-announce")).to_have_text("리치!")
    page.wait_for_timeout(300)  # the 150 ms slide-in is over
    box = sideways.locator(".mj-face").bounding_box()
    assert box["width"] > box["height"], box
    upright = page.locator('#pond-bottom .mj-tile[data-sideways="false"] .mj-face')
    if upright.count():
        other = upright.first.bounding_box()
        assert other["height"] > other["width"]


@pytest.mark.parametrize("how", ["setting", "system"])
def test_reduced_motion_keeps_the_announcement_without_animation(open_page, base_url, how):
    extra = {"reduced_motion": "reduce"} if how == "system" else {}
    page = open_page(locale="ko-KR", **DESKTOP, **extra)
    room_id = _practice(page, base_url)
    if how == "setting":
        page.locator("#mj-settings").click()
        page.locator("#mj-set-reduced").click()
        expect(page.locator("#mj-table")).to_have_attribute("data-reduced", "true")
        page.keyboard.press("Escape")
    _pon_position(page, room_id)
    if how == "setting":
        expect(page.locator("#mj-table")).to_have_attribute("data-reduced", "true")
    mine = _discard_east(page)
    assert _animation(mine) == "none"
    expect(page.locator("#mj-call-pon")).to_be_visible(timeout=15_000)
    page.locator("#mj-call-pon").click()
    announce = page.locator("#mj-announce")
    expect(announce).to_have_text("퐁!", timeout=10_000)
    expect(announce).to_be_visible()
    word = announce.locator(".mj-announce-word")
    assert _animation(word) == "none"
    assert word.evaluate("el => getComputedStyle(el).opacity") == "1"
