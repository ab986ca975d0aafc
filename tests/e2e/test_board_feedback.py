"""Moves made visible and feedback that teaches (issue 18: 3, 5), in a real browser: the set an AI
changed flashes for 1 s, the tile it added slides in, my drawn tile is marked until I act, the
last move is named; a spectator gets a watching board; the rules help draws its examples."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.navigation import create_room, watch_from_lobby
from tests.e2e.seeding import seed_rummikub
from tests.e2e.test_board import _practice

RUN = {"tile_ids": ["R4a", "R5a", "R6a", "R7a", "R8a"], "pos": {"row": 0, "col": 0}}
GROUP = {"tile_ids": ["K10a", "R10a", "B10a"], "pos": {"row": 0, "col": 8}}

# records, as the browser renders them, every set that starts flashing and the animation it runs
WATCH_FLASHES = """() => {
  window.__flashes = [];
  const seen = (el) => {
    const anims = el.getAnimations().map(a => ({ name: a.animationName, ms: a.effect.getTiming().duration }));
    window.__flashes.push({ tiles: [...el.querySelectorAll('[data-tile]')].map(t => t.dataset.tile), anims, at: performance.now() });
  };
  new MutationObserver(records => {
    for (const r of records) {
      if (r.target.classList && r.target.classList.contains('table-set') && r.target.dataset.changed === 'true') seen(r.target);
      if (r.type === 'attributes' && r.attributeName === 'data-flash') document.querySelectorAll('.table-set[data-changed="true"]').forEach(seen);
    }
  }).observe(document.getElementById('table'), { subtree: true, attributes: true, attributeFilter: ['data-changed', 'data-flash'] });
}"""


@pytest.fixture
def normal_ai(monkeypatch):
    """The number-tile AI plays at 보통 whatever its seat says: no deliberate misses, so a seeded
    position where one play fits is played (the room's own AI path, checked by the engine)."""
    from tilerooms.rooms import bots

    original = bots.decide
    monkeypatch.setattr(bots, "decide", lambda game, level, view, seed: original(game, "normal" if game == "rummikub" else level, view, seed))


def _set_of(page, tile: str):
    return page.locator("#table .table-set", has=page.locator(f"#tile-{tile}"))


def test_an_ai_move_flashes_the_set_it_changed_and_my_drawn_tile_is_marked(players, base_url, normal_ai):
    (page,) = players("영희", viewport={"width": 1366, "height": 768})
    room_id = _practice(page, base_url)
    # my turn; the AI holds R9, which fits only at the end of the run, and O13, which fits nowhere
    seed_rummikub(room_id, [RUN, GROUP], [["O1a", "O2a", "K5b"], ["R9a", "O13b"]])
    page.reload()
    expect(page.locator("#my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator("#table [data-tile]")).to_have_count(8)
    expect(page.locator('#table .table-set[data-changed="true"]')).to_have_count(0)  # a reload flashes nothing
    page.evaluate(WATCH_FLASHES)

    # I draw: one new tile in my rack, marked "새"
    page.locator("#draw").click()
    drawn = page.locator('#rack [data-drawn="true"]')
    expect(drawn).to_have_count(1, timeout=10_000)
    drawn_id = drawn.get_attribute("data-tile")
    assert drawn_id not in ("O1a", "O2a", "K5b")
    assert drawn.evaluate("el => getComputedStyle(el, '::after').content") == '"새"'

    # the AI puts R9 on the run: that set flashes for 1 s, the group does not, R9 slides in
    expect(_set_of(page, "R9a")).to_have_attribute("data-changed", "true", timeout=15_000)
    expect(page.locator("#my-turn")).to_be_visible(timeout=10_000)
    expect(_set_of(page, "K10a")).to_have_attribute("data-changed", "false")
    expect(page.locator("#table #tile-R9a")).to_have_attribute("data-arrived", "true")
    flashes = page.evaluate("() => window.__flashes")
    assert flashes, "the changed set never started flashing"
    assert "R9a" in flashes[0]["tiles"] and "K10a" not in flashes[0]["tiles"]
    flash = [a for a in flashes[0]["anims"] if a["name"].startswith("tr-changed")]
    assert len(flash) == 1 and flash[0]["ms"] == 1000, flashes
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "board-ai-move-flash.png"))
    # about a second later the flash is over (the set stays marked until the next move, unlit)
    page.wait_for_timeout(1300)
    assert _set_of(page, "R9a").evaluate("el => el.getAnimations().filter(a => a.animationName.startsWith('tr-changed')).length") == 0
    # the move is named, and my drawn tile is still new: I have not acted since
    expect(page.locator("#last-move")).to_have_text(re.compile(r"^AI 2 \(쉬움\): 1장 내려놓음$"))
    expect(page.locator(f"#rack #tile-{drawn_id}")).to_have_attribute("data-drawn", "true")

    # my next action ends the mark: I draw again, only the newest tile is new
    page.locator("#draw").click()
    expect(page.locator(f"#rack #tile-{drawn_id}")).to_have_attribute("data-drawn", "false", timeout=10_000)
    expect(page.locator('#rack [data-drawn="true"]')).to_have_count(1)
    expect(page.locator("#last-move")).to_have_text(re.compile(r"^(나: 1장 가져옴|AI 2 \(쉬움\): 1장 가져옴)$"), timeout=10_000)

    # in English the line, the names and the clock are English too
    page.locator("#lang-switch").click()
    expect(page.locator("#last-move")).to_have_text(re.compile(r"^(You: drew 1 tile|AI 2 \(Easy\): drew 1 tile)$"), timeout=10_000)
    expect(page.locator("#players")).to_contain_text("AI 2 (Easy)")
    expect(page.locator(".tr-countdown")).to_have_text(re.compile(r"^(\d+ s|\d+:\d\d)$"), timeout=10_000)


def start_watched(host, watcher, base_url: str, name: str) -> str:
    """`host` creates a room, seats an AI (쉬움) and starts; `watcher` comes in from the lobby to watch."""
    room_id = create_room(host, base_url, name=name)
    host.locator("#add-ai-easy-1").click()
    expect(host.locator("#add-ai-easy-1")).to_have_count(0, timeout=10_000)
    host.locator("#start").click()
    expect(host.locator("#board")).to_be_visible(timeout=15_000)
    watch_from_lobby(watcher, base_url, room_id)
    return room_id


def test_a_spectator_watches_without_rack_controls(players, base_url):
    host, watcher = players("영희", "민수")
    start_watched(host, watcher, base_url, "관전 테스트")
    expect(watcher.locator("#watching")).to_have_text("관전 중", timeout=20_000)
    expect(watcher.locator("#board")).to_have_attribute("data-watching", "true")
    for hidden in ("#rack", "#sort-runs", "#sort-groups", "#hint", "#clear-selection", "#draw", "#commit"):
        expect(watcher.locator(hidden)).to_be_hidden()
    expect(host.locator("#watching")).to_have_count(0)
    expect(host.locator("#sort-runs")).to_be_visible()


def test_rules_help_draws_its_examples_with_real_tiles(players, base_url):
    (page,) = players("영희")
    _practice(page, base_url)
    page.locator("#rules").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator(".rule-basic")).to_have_count(3)
    expect(dialog.locator('.rule-basic[data-example="joker"] .tr-tile')).to_have_count(6)
    dialog.get_by_role("tab").nth(1).click()
    expect(dialog.locator(".rule-example")).to_have_count(4)
    # ④ the split: R4-8 and a rack R6 (drawn lifted, as a selected tile) become two runs of three
    split = dialog.locator('.rule-example[data-example="split"]')
    expect(split.locator(".tr-tile")).to_have_count(12)
    expect(split.locator('.tr-tile[data-selected="true"]')).to_have_count(2)
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "board-rules-rearrange.png"))
    # 애니메이션 줄이기, in the third tab: the board's flashes and slides are off
    dialog.get_by_role("tab").nth(2).click()
    dialog.locator("#reduce-motion").click()
    expect(page.locator("#board")).to_have_attribute("data-reduced", "true", timeout=10_000)
