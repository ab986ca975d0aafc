"""Browser: the 복기 (AI review) panel of the replay page (issue 21: 3).

A number-tile practice game from the lobby, restarted from seed 2026 with a 20-second game clock:
the person draws on their turns (the AI plays) until the clock ends the game. Seed 2026 deals the
person K10a O10a R10a, so their first turn could have laid a 30-point first meld (spec 5.3) and
laid nothing: the background review, opened from the result screen's replay link, shows
"최선: 30점 / 내 수: 0점" on that turn, marked; a click jumps the replay to the turn and draws the
best table. A mahjong tonpuu with a person's seat (the AI plays it, the seat is labelled a guest)
is stored and reviewed: the panel shows the agreement rate and the decisions furthest from the
hard AI's with both tiles; a click jumps to the position decided from.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.seeding import stored_room
from tests.e2e.test_replay import LAPTOP, PHONE, SHOTS, _overflow, _practice_rummikub, _restart, _store
from tests.unit.replays.room_driver import play_room_game
from tilerooms import wiring
from tilerooms.accounts import game_records, game_reviews
from tilerooms.replays import frames
from tilerooms.replays.review_view import move_index

pytestmark = pytest.mark.e2e


def test_the_review_shows_the_best_play_the_person_missed(players, base_url):
    (page,) = players("영희", viewport=LAPTOP)
    room_id = _practice_rummikub(page, base_url)
    _restart(room_id, 2026, gameSeconds=20)
    person = stored_room(room_id).game_players[0]
    assert not person.startswith("ai-")
    deadline = time.time() + 60
    while time.time() < deadline and not page.locator("#results").is_visible():
        draw = page.locator("#draw")
        if draw.is_visible() and draw.is_enabled():
            draw.click()
        page.wait_for_timeout(300)
    expect(page.locator("#results")).to_be_visible(timeout=30_000)
    record_id = stored_room(room_id).result["record_id"]
    page.locator("#results .replay-link").click()
    page.wait_for_url(re.compile(rf"/game/{record_id}$"), timeout=30_000)
    expect(page.locator("#replay-review")).to_have_attribute("data-status", "done", timeout=60_000)

    review = game_reviews.review_of(record_id)["review"]
    turns = review["turns"]
    first = turns[0]
    # the deal of seed 2026: K10a O10a R10a make the 30-point first meld; the person drew
    assert (first["player"], first["best"], first["played"]) == (person, 30, 0), first
    rows = page.locator("#review-turns .rv-turn")
    expect(rows).to_have_count(len(turns))
    expect(rows.first).to_contain_text("최선: 30점 / 내 수: 0점")
    expect(rows.first).to_have_attribute("data-missed", "true")
    summary = review["players"][0]
    expect(page.locator("#review-summary")).to_contain_text(
        f"최선을 찾은 턴 {summary['best_found']} / {summary['turns']} · 남긴 점수 {summary['points_left']}점"
    )

    # a click jumps to the turn (the table after it) and draws the best table
    replay = frames.replay_for(game_records.load_game(record_id))
    index = move_index([m.step for m in replay.moves], first["step"])
    rows.first.locator("button").click()
    expect(page.locator("#replay-position")).to_have_text(f"{index + 1} / {len(replay.moves)}")
    best = page.locator("#review-best [data-tile]")
    want = [t for s in first["best_sets"] for t in s.split()]
    expect(best).to_have_count(len(want))
    assert best.evaluate_all("els => els.map(e => e.getAttribute('data-tile'))") == want
    assert {"K10a", "O10a", "R10a"} <= set(want)
    m = _overflow(page)
    assert m["sw"] <= m["w"] and m["sh"] <= m["h"], m
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "review-rummikub-1366x768.png"))
    # English
    page.locator("#lang-switch").click()
    expect(rows.first).to_contain_text("Best: 30 / Yours: 0")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert _overflow(page)["sw"] <= PHONE["width"]
    page.screenshot(path=str(SHOTS / "review-rummikub-390x844.png"), full_page=True)


def test_the_mahjong_review_lists_where_the_person_and_the_ai_differ(page, base_url):
    if wiring.rooms().loop is None:
        pytest.skip("needs the in-process app (not --base-url)")
    seats = [("g-p0", "guest", "easy"), ("ai-1", "ai", "easy"), ("ai-2", "ai", "normal"), ("ai-3", "ai", "hard")]
    played = play_room_game("mahjong", 3, seats, {"length": "tonpuu"})
    record_id = _store(played.room)
    done = game_reviews.run_review(record_id)  # what the background process does when a game ends
    assert done is not None and done["status"] == "done", done
    review = done["review"]
    assert review["worst"], "an easy AI in the person's seat differs from the hard AI somewhere"
    page.set_viewport_size(LAPTOP)
    page.goto(f"{base_url}/game/{record_id}")
    expect(page.locator("#replay-review")).to_have_attribute("data-status", "done", timeout=30_000)
    person = review["players"][0]
    expect(page.locator("#review-summary")).to_contain_text(f"AI와 일치 {round(person['agreement'] * 100)}% ({person['agreed']} / {person['decisions']})")
    lines = page.locator("#review-worst .rv-decision")
    expect(lines).to_have_count(min(5, len(review["worst"])))
    worst = review["decisions"][review["worst"][0]]
    first = lines.first
    expect(first).to_contain_text(worst["hand"])
    for side in ("played", "ai"):
        tile = worst[side].get("tile")
        if tile:
            expect(first.locator(f".mj-tile[data-code='{tile}']").first).to_be_visible()
    replay = frames.replay_for(game_records.load_game(record_id))
    index = move_index([m.step for m in replay.moves], worst["step"] - 1)
    first.locator("button").click()
    expect(page.locator("#replay-position")).to_have_text(f"{index + 1} / {len(replay.moves)}")
    m = _overflow(page)
    assert m["sw"] <= m["w"] and m["sh"] <= m["h"], m
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "review-mahjong-1366x768.png"))
